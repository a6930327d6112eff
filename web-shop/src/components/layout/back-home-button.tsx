import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { HomeIcon } from '../icons';

/** Seeds: a floating back-to-home button on every page except the home page. */
export function BackHomeButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (pathname === '/') return null;
  return (
    <IconButton
      component={RouterLink}
      to="/"
      aria-label={t('backHome')}
      title={t('backHome')}
      sx={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        zIndex: (theme) => theme.zIndex.speedDial,
        width: 48,
        height: 48,
        color: 'primary.contrastText',
        bgcolor: 'primary.main',
        border: '2px solid #fff',
        boxShadow: 6,
        '&:hover': { bgcolor: 'primary.dark' },
      }}
    >
      <HomeIcon />
    </IconButton>
  );
}
