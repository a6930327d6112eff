import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/ui/page-loader';
import { useSession } from '../../lib/session';
import { usePlan } from '../../features/catalogue/api/get-plan';
import { LoginRequired } from '../../features/checkout/components/login-required';
import { PaymentTest } from '../../features/checkout/components/payment-test';
import { useLanguage } from '../../lib/use-language';

/** The plan the seeds' test page pays for: one month of Netflix. */
const TEST_PLAN_ID = 'netflix';

export default function PayPalTestRoute() {
  const { t } = useTranslation('checkout');
  const { session } = useSession();
  const plan = usePlan({ id: TEST_PLAN_ID, language: useLanguage() });

  if (session.status === 'loading' || plan.status === 'pending') return <PageLoader />;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      {plan.status === 'error' ? (
        <Alert severity="error">{t('paymentTest.planError')}</Alert>
      ) : session.status === 'signedOut' ? (
        <LoginRequired returnTo="/paypal-test" planName={plan.data.name} />
      ) : (
        <PaymentTest plan={plan.data} />
      )}
    </Container>
  );
}
