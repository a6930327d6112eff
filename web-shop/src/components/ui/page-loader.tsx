import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** At least a screen high: the footer stays below the fold while a screen loads, and does not jump when it arrives. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}
