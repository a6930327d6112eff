import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      component={RouterLink}
      to="/"
      onClick={onNavigate}
      aria-label={t('nav.homeLink')}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'primary.main',
        textDecoration: 'none',
        fontWeight: 800,
        fontSize: '1.2rem',
        borderRadius: 1,
      }}
    >
      <Box component="img" src="/favicon.svg" alt="" width={32} height={32} />
      <span>{t('brand')}</span>
    </Box>
  );
}
