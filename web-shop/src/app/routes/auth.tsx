import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { PageLoader } from '../../components/ui/page-loader';
import { AuthForm } from '../../features/auth/components/auth-form';
import { useSession } from '../../features/auth/hooks/use-session';
import { safeRedirectPath } from '../../features/auth/lib/redirect';

export default function AuthRoute() {
  const { t } = useTranslation('auth');
  const { session } = useSession();
  const [params] = useSearchParams();
  // An external sign-in that failed comes back with these (seeds §2 and §5).
  const error = params.get('error');
  const description = params.get('error_description');

  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'signedIn') return <Navigate to={safeRedirectPath(params.get('redirect'))} replace />;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      {(error || description) && (
        <Alert severity="error" sx={{ mb: 3 }}>
          <AlertTitle>{t('errors.callbackTitle')}</AlertTitle>
          {[error, description].filter(Boolean).join(' : ')}
        </Alert>
      )}
      <AuthForm />
    </Container>
  );
}
