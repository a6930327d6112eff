import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}
