import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { formatPrice } from '../../../lib/format-price';
import { useLanguage } from '../../../lib/use-language';
import type { Plan } from '../../../types/api';
import { useCreateOrder } from '../api/create-order';
import { usePaymentProviders, type PaymentProviderName } from '../api/get-payment-providers';
import { usePromoCode, useRecheckPromoOnDuration } from '../hooks/use-promo-code';
import { orderErrorKey, type OrderErrorKey } from '../lib/checkout-errors';
import { DURATIONS, type Months } from '../types';
import { DurationPicker } from './duration-picker';
import { OrderSummary } from './order-summary';
import { PromoCodeField } from './promo-code-field';
import { TwoColumns } from '../../../components/ui/two-columns';

const schema = yup.object({
  months: yup
    .number()
    .oneOf([...DURATIONS])
    .required(),
  promoCode: yup.string().trim().max(32),
});

/** Where the browser goes to pay; a function so tests can watch it. */
function goTo(url: string) {
  window.location.assign(url);
}

export function CheckoutForm({ plan, initialMonths = 1 }: { plan: Plan; initialMonths?: Months }) {
  const { t, i18n } = useTranslation('checkout');
  const language = useLanguage();
  const { promo, setPromo, runPromoCheck } = usePromoCode(plan.id);
  const [orderError, setOrderError] = useState<OrderErrorKey | null>(null);
  const providers = usePaymentProviders();
  const createOrder = useCreateOrder();
  const offered = providers.status === 'success' ? providers.data.data : null;
  // Set by the pay button pressed; Enter in a field pays with the first provider offered.
  const chosenProvider = useRef<PaymentProviderName | undefined>(undefined);
  const [payingWith, setPayingWith] = useState<PaymentProviderName | 'default' | null>(null);
  const money = (cents: number) => formatPrice(cents, plan.currency, i18n.language);

  const formik = useFormik<{ months: Months; promoCode: string }>({
    initialValues: { months: initialMonths, promoCode: '' },
    validationSchema: schema,
    onSubmit: async ({ months, promoCode }) => {
      setOrderError(null);
      // Unknown when the list could not be read: the server then uses its default.
      const provider = chosenProvider.current ?? offered?.[0]?.name;
      chosenProvider.current = undefined;
      setPayingWith(provider ?? 'default');
      const code = promoCode.trim();
      // A code typed but not applied yet is checked first, so a wrong one never reaches the order.
      if (code && !(promo.status === 'valid' && promo.code === code && promo.months === months)) {
        if (!(await runPromoCheck(code, months))) {
          setPayingWith(null);
          return;
        }
      }
      try {
        const order = await createOrder.mutateAsync({
          planId: plan.id,
          months,
          promoCode: code || undefined,
          language,
          provider,
        });
        if (!order.redirectUrl) {
          setOrderError('errors.noRedirect');
          setPayingWith(null);
          return;
        }
        goTo(order.redirectUrl);
        // Stay "submitting" while the browser leaves, so the button cannot order twice.
        await new Promise(() => undefined);
      } catch (error) {
        setOrderError(orderErrorKey(error));
        setPayingWith(null);
      }
    },
  });
  const { months, promoCode } = formik.values;

  useRecheckPromoOnDuration(months, promo, runPromoCheck);

  const applied = promo.status === 'valid' && promo.months === months ? promo.check : null;
  const subtotalCents = plan.monthlyPriceCents * months;
  const totalCents = applied ? applied.totalCents : subtotalCents;
  const busy = formik.isSubmitting;

  const applyPromo = () => {
    const code = promoCode.trim();
    if (!code) {
      setPromo({ status: 'idle' });
      return;
    }
    void runPromoCheck(code, months);
  };

  return (
    <TwoColumns<'form'> component="form" noValidate onSubmit={formik.handleSubmit} widths={[1.4, 1]} gap={4}>
      <Stack spacing={4}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box component="img" src={plan.logo} alt="" width={64} height={64} sx={{ borderRadius: 2 }} />
          <Box>
            <Typography component="h1" variant="h2">
              {plan.name}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              {t('duration.perMonth', { price: money(plan.monthlyPriceCents) })}
            </Typography>
          </Box>
        </Stack>
        <Typography sx={{ color: 'text.secondary', mt: '12px !important' }}>{t('subtitle')}</Typography>

        <DurationPicker
          value={months}
          onChange={(value) => void formik.setFieldValue('months', value)}
          monthlyPriceCents={plan.monthlyPriceCents}
          currency={plan.currency}
          disabled={busy}
        />

        <PromoCodeField
          value={promoCode}
          onChange={(event) => {
            formik.handleChange(event);
            if (promo.status !== 'checking') setPromo({ status: 'idle' });
          }}
          promo={promo}
          applied={applied}
          onApply={applyPromo}
          disabled={busy}
        />
      </Stack>

      <OrderSummary
        plan={plan}
        months={months}
        applied={applied}
        totalCents={totalCents}
        orderError={orderError}
        offered={offered}
        providersPending={providers.status === 'pending'}
        busy={busy}
        promoChecking={promo.status === 'checking'}
        payingWith={payingWith}
        onChooseProvider={(name) => {
          chosenProvider.current = name;
        }}
      />
    </TwoColumns>
  );
}
