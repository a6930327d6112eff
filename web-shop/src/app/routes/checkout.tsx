import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { MessagePage } from '../../components/ui/message-page';
import { PageLoader } from '../../components/ui/page-loader';
import { useSession } from '../../lib/session';
import { usePlan } from '../../features/catalogue/api/get-plan';
import { CheckoutForm } from '../../features/checkout/components/checkout-form';
import { LoginRequired } from '../../features/checkout/components/login-required';
import { DURATIONS, type Months } from '../../features/checkout/types';
import { ApiError } from '../../lib/api-client';
import { useLanguage } from '../../lib/use-language';

/** `?months=3` from the purchase dialog preselects a duration; anything else starts at one month. */
function chosenMonths(value: string | null): Months {
  return DURATIONS.find((months) => String(months) === value) ?? 1;
}

export default function CheckoutRoute() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const months = chosenMonths(searchParams.get('months'));
  const { t } = useTranslation('checkout');
  const { session } = useSession();
  const plan = usePlan({ id, language: useLanguage() });

  if (plan.status === 'pending' || session.status === 'loading') return <PageLoader />;
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
        <LoginRequired returnTo={`/checkout/${encodeURIComponent(id)}?months=${months}`} planName={plan.data.name} />
      </Container>
    );
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <CheckoutForm plan={plan.data} initialMonths={months} />
    </Container>
  );
}
