import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LockIcon } from '../../../components/icons';
import { authPathFor } from '../../../lib/auth-redirect';

/** Shown instead of the order form to a visitor; signing in comes back to `returnTo`. */
export function LoginRequired({ returnTo, planName }: { returnTo: string; planName?: string }) {
  const { t } = useTranslation('checkout');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', borderRadius: 3 }}>
      <LockIcon sx={{ fontSize: 48, color: 'primary.main' }} aria-hidden />
      <Typography component="h1" variant="h3" sx={{ mt: 2, mb: 1 }}>
        {t('loginRequired.title')}
      </Typography>
      {planName && <Typography sx={{ fontWeight: 700, mb: 1 }}>{planName}</Typography>}
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('loginRequired.message')}</Typography>
      <Button component={RouterLink} to={authPathFor(returnTo)} variant="contained" size="large">
        {t('loginRequired.action')}
      </Button>
    </Paper>
  );
}
