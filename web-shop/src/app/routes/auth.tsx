import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { PageLoader } from '../../components/ui/page-loader';
import { AuthForm } from '../../features/auth/components/auth-form';
import { useSession } from '../../lib/session';
import { isOutsideShop, safeRedirectPath } from '../../lib/auth-redirect';

/** The failure codes the server sends back from an external sign-in, worded by the shop. */
const KNOWN_CALLBACK_CODES = [
  'invalid_state',
  'oidc_failed',
  'email_not_verified',
  'provider_unavailable',
  'access_denied',
] as const;
type CallbackCode = (typeof KNOWN_CALLBACK_CODES)[number];
const isKnownCode = (code: string | null): code is CallbackCode =>
  (KNOWN_CALLBACK_CODES as readonly (string | null)[]).includes(code);

/** The back-office (/admin/…) is another app: the browser loads it, since the shop's router does not know it. */
function LeaveShop({ to }: { to: string }) {
  useEffect(() => {
    window.location.replace(to);
  }, [to]);
  return <PageLoader />;
}

export default function AuthRoute() {
  const { t } = useTranslation('auth');
  const { session } = useSession();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  // An external sign-in that failed comes back with these (seeds §2 and §5).
  const error = params.get('error');
  const description = params.get('error_description');

  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'signedIn') {
    return isOutsideShop(redirect) ? <LeaveShop to={redirect} /> : <Navigate to={redirect} replace />;
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      {(error || description) && (
        <Alert severity="error" sx={{ mb: 3 }} role="alert">
          <AlertTitle>{t('external.errorTitle')}</AlertTitle>
          {isKnownCode(error) ? t(`external.codes.${error}`) : description || error}
        </Alert>
      )}
      <AuthForm
        initialMode={params.get('mode') === 'forgot' ? 'forgot' : 'signIn'}
        returnTo={redirect}
        // An external sign-in to an account with two-factor sign-in comes back here for the code.
        heldSignIn={params.get('second_factor') === 'oidc'}
      />
    </Container>
  );
}
