import Fab from '@mui/material/Fab';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { HomeIcon } from '../icons';

/** Seeds: a floating back-to-home button on every page except the home page. */
export function BackHomeButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (pathname === '/') return null;
  return (
    <Fab
      component={RouterLink}
      to="/"
      color="primary"
      size="medium"
      aria-label={t('backHome')}
      title={t('backHome')}
      sx={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        zIndex: (theme) => theme.zIndex.speedDial,
        border: '2px solid #fff',
      }}
    >
      <HomeIcon />
    </Fab>
  );
}
