import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { MessagePage } from '../../components/ui/message-page';
import { PageLoader } from '../../components/ui/page-loader';
import { useSession } from '../../features/auth/hooks/use-session';
import { usePlan } from '../../features/catalogue/api/get-plan';
import { CheckoutForm } from '../../features/checkout/components/checkout-form';
import { LoginRequired } from '../../features/checkout/components/login-required';
import { ApiError } from '../../lib/api-client';
import { useLanguage } from '../../lib/use-language';

export default function CheckoutRoute() {
  const { id = '' } = useParams();
  const { t } = useTranslation('checkout');
  const { session } = useSession();
  const plan = usePlan({ id, language: useLanguage() });

  if (plan.status === 'loading' || session.status === 'loading') return <PageLoader />;
  if (plan.status === 'error') {
    if (plan.error instanceof ApiError && plan.error.code === 'plan.not_found')
      return <MessagePage title={t('notFound.title')} message={t('notFound.message')} />;
    return (
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Alert severity="error">{t('errors.unexpected', { ns: 'common' })}</Alert>
      </Container>
    );
  }
  if (session.status === 'signedOut')
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
        <LoginRequired returnTo={`/checkout/${encodeURIComponent(id)}`} planName={plan.data.name} />
      </Container>
    );
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <CheckoutForm plan={plan.data} />
    </Container>
  );
}
