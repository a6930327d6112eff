import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../../components/icons';
import { formatPrice } from '../../../lib/format-price';
import { useLanguage } from '../../../lib/use-language';
import type { Plan } from '../../../types/api';
import { useCreateOrder } from '../api/create-order';
import { usePaymentProviders } from '../api/get-payment-providers';
import { preselectedCountry } from '../lib/billing';
import { orderErrorKey, type OrderErrorKey } from '../lib/checkout-errors';
import { PaymentError } from './payment-error';

/** Seeds /paypal-test: one month of a plan, through PayPal when it is enabled, else the built-in sandbox. */
export function PaymentTest({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation('checkout');
  const language = useLanguage();
  const providers = usePaymentProviders();
  const createOrder = useCreateOrder();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<OrderErrorKey | null>(null);
  const price = formatPrice(plan.monthlyPriceCents, plan.currency, i18n.language);
  const offered = providers.status === 'success' ? providers.data.data.map((provider) => provider.name) : [];
  const provider = offered.includes('paypal') ? 'paypal' : offered.includes('sandbox') ? 'sandbox' : null;

  const pay = async () => {
    if (!provider) return;
    setError(null);
    setPaying(true);
    try {
      // A test payment bills the browser's country, else France: nothing is really charged.
      const billingCountry = preselectedCountry(language, navigator.language) || 'FR';
      const order = await createOrder.mutateAsync({ planId: plan.id, months: 1, language, provider, billingCountry });
      if (!order.redirectUrl) {
        setError('errors.noRedirect');
        setPaying(false);
        return;
      }
      window.location.assign(order.redirectUrl);
    } catch (failure) {
      setError(orderErrorKey(failure));
      setPaying(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Box component="img" src={plan.logo} alt="" width={56} height={56} sx={{ borderRadius: 2, flexShrink: 0 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h1" variant="h3">
            {t('paymentTest.title')}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>
            {plan.name} · {t('duration.months', { count: 1 })} ·{' '}
            <Box component="span" data-testid="payment-test-price" sx={{ color: 'primary.main' }}>
              {price}
            </Box>
          </Typography>
        </Box>
      </Stack>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        {t('paymentTest.description', { plan: plan.name, price })}
      </Typography>
      {provider && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 3, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('paymentTest.provider')}
          </Typography>
          <Chip size="small" color="secondary" label={t(`paymentTest.providers.${provider}`)} />
          {provider === 'sandbox' && (
            <Typography variant="body2" sx={{ color: 'text.secondary', flexBasis: '100%' }}>
              {t('paymentTest.noRealMoney')}
            </Typography>
          )}
        </Box>
      )}
      {providers.status === 'success' && !provider && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('paymentTest.unavailable')}
        </Alert>
      )}
      <PaymentError title={t('errors.orderTitle')} error={error} sx={{ mb: 3 }} />
      <Button
        variant="contained"
        size="large"
        fullWidth
        startIcon={<LockIcon aria-hidden />}
        onClick={() => void pay()}
        disabled={!provider || paying}
      >
        {paying ? t('paymentTest.paying') : t('paymentTest.pay', { total: price })}
      </Button>
      <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
        {t('secure')}
      </Typography>
    </Paper>
  );
}
