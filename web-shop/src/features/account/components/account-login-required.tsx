import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LockIcon } from '../../../components/icons';
import { authPathFor } from '../../../lib/auth-redirect';

/** The please-log-in panel of the account screens; signing in comes back to `returnTo`. */
export function AccountLoginRequired({
  returnTo,
  screen,
}: {
  returnTo: string;
  screen: 'notifications' | 'security' | 'invoices';
}) {
  const { t } = useTranslation('account');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', borderRadius: 3 }}>
        <LockIcon sx={{ fontSize: 48, color: 'primary.main' }} aria-hidden />
        <Typography component="h1" sx={{ mt: 2, mb: 3, fontSize: '1.25rem', fontWeight: 700 }}>
          {t(`loginRequired.${screen}`)}
        </Typography>
        <Button component={RouterLink} to={authPathFor(returnTo)} variant="contained" size="large">
          {t('loginRequired.action')}
        </Button>
      </Paper>
    </Container>
  );
}
