import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { PageLoader } from '../../components/ui/page-loader';
import { useToast } from '../../components/ui/toast-provider';
import { useSession } from '../../lib/session';
import { authPathFor } from '../../lib/auth-redirect';
import { useSubscriptionCredentials } from '../../features/credentials/api/get-subscription-credentials';
import { CredentialsView } from '../../features/credentials/components/credentials-view';
import { PreparingPanel } from '../../features/credentials/components/preparing-panel';
import { ApiError } from '../../lib/api-client';
import { useLanguage } from '../../lib/use-language';

const errorCode = (error: Error) => (error instanceof ApiError ? error.code : 'unknown');

function SubscriptionCredentialsScreen({ userId, subscriptionId }: { userId: string; subscriptionId: string }) {
  const { t } = useTranslation('credentials');
  const toast = useToast();
  const navigate = useNavigate();
  const query = useSubscriptionCredentials(subscriptionId, userId, useLanguage());
  // A retry after an error shows the loader again, as the first attempt did.
  const loading = query.status === 'pending' || (query.status === 'error' && query.isFetching);
  const notFound = query.status === 'error' && errorCode(query.error) === 'subscription.not_found';
  const preparing = query.status === 'success' && query.data.status === 'preparing';

  useEffect(() => {
    if (!notFound) return;
    toast({ severity: 'error', title: t('notFound.title'), message: t('notFound.message') });
    void navigate('/profile', { replace: true });
  }, [notFound, navigate, t, toast]);

  useEffect(() => {
    if (preparing) toast({ severity: 'info', message: t('preparing.toast') });
  }, [preparing, t, toast]);

  if (loading || notFound) return <PageLoader />;
  if (query.status === 'error') {
    const code = errorCode(query.error);
    const inactive = code === 'subscription.not_active';
    return (
      <Alert
        severity={inactive ? 'info' : 'error'}
        sx={{ maxWidth: 640, mx: 'auto' }}
        action={
          inactive ? undefined : (
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('loadError.retry')}
            </Button>
          )
        }
      >
        <AlertTitle>{inactive ? t('notActive.title') : t('loadError.title')}</AlertTitle>
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <span>
            {inactive
              ? t('notActive.message')
              : code === 'credentials.rate_limited'
                ? t('loadError.tooMany')
                : t('loadError.message')}
          </span>
          <Button component={RouterLink} to="/profile" size="small" variant="outlined" color="inherit">
            {t('back')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return query.data.status === 'preparing' ? (
    <PreparingPanel planName={query.data.planName} logo={query.data.logo} />
  ) : (
    <CredentialsView credentials={query.data} />
  );
}

export default function ProductAccessRoute() {
  const { t } = useTranslation('credentials');
  const { session } = useSession();
  const { id = '' } = useParams();
  const location = useLocation();

  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'signedOut') return <Navigate to={authPathFor(location.pathname)} replace />;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography component="h1" variant="h2" sx={{ mb: 3 }}>
        {t('title')}
      </Typography>
      {/* Keyed by subscription: another one starts masked again. */}
      <SubscriptionCredentialsScreen key={`${session.user.id}:${id}`} userId={session.user.id} subscriptionId={id} />
    </Container>
  );
}
