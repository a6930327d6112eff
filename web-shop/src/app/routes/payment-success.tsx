import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { CheckIcon, HomeIcon, ShieldIcon } from '../../components/icons';
import { useToast } from '../../components/ui/toast-provider';
import { ApiError } from '../../lib/api-client';
import { useVerifyPayment } from '../../features/payments/api/verify-payment';
import { PaymentResult } from '../../features/payments/components/payment-result';

function Verification({ sessionId, capture }: { sessionId: string; capture: boolean }) {
  const { t } = useTranslation('checkout');
  const toast = useToast();
  const result = useVerifyPayment(sessionId);
  const confirmed = result.status === 'success' && result.data.paid;
  const notFound = result.status === 'error' && result.error instanceof ApiError && result.error.status === 404;
  // A checkout that paid more months of a subscription rather than its order.
  const renewal = result.status === 'success' && Boolean(result.data.renewalId);
  const confirmedTitle = renewal ? t('payment.renewalConfirmedTitle') : t('payment.confirmedTitle');

  useEffect(() => {
    if (confirmed) toast({ severity: 'success', message: confirmedTitle });
    // PayPal's payment is captured by this very check: its failure is the capture's (seeds §8).
    // An unknown checkout says so on the page; PayPal's, unknown, is also a capture that failed.
    if (result.status === 'error' && (capture || !notFound))
      toast({ severity: 'error', message: t(capture ? 'payment.captureError' : 'payment.verifyError') });
  }, [confirmed, result.status]);

  if (result.status === 'pending')
    return (
      <PaymentResult icon={<CircularProgress aria-hidden />} title={t('payment.verifying')} message={t('secure')} />
    );
  // No checkout of this customer's by that id (a link mistyped, or someone else's): nothing is on its way.
  if (notFound) return <NoPayment title={t('payment.unknownSession')} message={t('payment.unknownSessionMessage')} />;
  // Not confirmed yet, or the check failed: the payment went through the provider and will be applied.
  return (
    <PaymentResult
      icon={
        confirmed ? (
          <CheckIcon sx={{ fontSize: 64, color: 'success.main' }} aria-hidden />
        ) : (
          <ShieldIcon sx={{ fontSize: 64, color: 'warning.main' }} aria-hidden />
        )
      }
      title={confirmed ? confirmedTitle : t('payment.processedTitle')}
      message={
        confirmed
          ? t(renewal ? 'payment.renewalConfirmedMessage' : 'payment.confirmedMessage')
          : t('payment.processedMessage')
      }
      actions={<ResultActions />}
    />
  );
}

function ResultActions() {
  const { t } = useTranslation('checkout');
  return (
    <>
      <Button component={RouterLink} to="/profile" variant="contained" size="large">
        {t('payment.toProfile')}
      </Button>
      <Button component={RouterLink} to="/" variant="outlined" size="large" startIcon={<HomeIcon aria-hidden />}>
        {t('payment.home')}
      </Button>
    </>
  );
}

function MissingSession() {
  const { t } = useTranslation('checkout');
  const toast = useToast();
  useEffect(() => {
    toast({ severity: 'error', message: t('payment.missingSession') });
  }, []);
  return <NoPayment title={t('payment.missingSession')} message={t('payment.missingSessionMessage')} />;
}

/** A return address that leads to no payment (none named, or none of the customer's): the way on. */
function NoPayment({ title, message }: { title: string; message: string }) {
  return (
    <PaymentResult
      icon={<ShieldIcon sx={{ fontSize: 64, color: 'error.main' }} aria-hidden />}
      title={title}
      message={message}
      actions={<ResultActions />}
    />
  );
}

export default function PaymentSuccessRoute() {
  const [params] = useSearchParams();
  // PayPal cannot write its order id into the return address; it appends it as `token` (docs/payments.md).
  const paypal = params.get('provider') === 'paypal';
  const sessionId = params.get('session_id') ?? (paypal ? params.get('token') : null);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      {sessionId ? <Verification sessionId={sessionId} capture={paypal} /> : <MissingSession />}
    </Container>
  );
}
