import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormikProvider, useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { formatPrice } from '../../../lib/format-price';
import { useFormDraft } from '../../../lib/form-drafts';
import { useLanguage } from '../../../lib/use-language';
import type { Plan } from '../../../types/api';
import { useCreateOrder } from '../api/create-order';
import { goTo, usePaymentStart } from '../hooks/use-payment-start';
import { useRememberedBilling } from '../hooks/use-remembered-billing';
import { autoRenewField } from '../lib/auto-renewal';
import { billingRequestFields, billingSchema, initialBillingValues, type BillingValues } from '../lib/billing';
import { orderErrorKey, type OrderErrorKey } from '../lib/checkout-errors';
import { DURATIONS, type Months } from '../types';
import { BillingFields } from './billing-fields';
import { DurationAndPromo } from './duration-and-promo';
import { OrderSummary } from './order-summary';
import { TwoColumns } from '../../../components/ui/two-columns';

const schema = yup.object({
  months: yup
    .number()
    .oneOf([...DURATIONS])
    .required(),
  promoCode: yup.string().trim().max(32),
  // The express request the law asks for before access starts within the withdrawal period.
  immediateAccess: yup.boolean().oneOf([true], 'checkout:immediateAccess.required'),
  ...billingSchema,
});

type CheckoutValues = {
  months: Months;
  promoCode: string;
  autoRenew: boolean;
  immediateAccess: boolean;
} & BillingValues;

export function CheckoutForm({ plan, initialMonths = 1 }: { plan: Plan; initialMonths?: Months }) {
  const { t, i18n } = useTranslation('checkout');
  const language = useLanguage();
  const [orderError, setOrderError] = useState<OrderErrorKey | null>(null);
  const createOrder = useCreateOrder();
  const money = (cents: number) => formatPrice(cents, plan.currency, i18n.language);

  const formik = useFormik<CheckoutValues>({
    initialValues: {
      months: initialMonths,
      promoCode: '',
      autoRenew: false,
      immediateAccess: false,
      ...initialBillingValues(language, navigator.language),
    },
    validationSchema: schema,
    onSubmit: async ({ months, promoCode, autoRenew, immediateAccess, ...billing }) => {
      setOrderError(null);
      const start = await payment.startPayment(promoCode, months);
      if (!start) return;
      try {
        const order = await createOrder.mutateAsync({
          planId: plan.id,
          months,
          promoCode: start.code || undefined,
          language,
          provider: start.provider,
          ...autoRenewField(autoRenew, start.provider),
          immediateAccess,
          ...billingRequestFields(billing),
        });
        if (!order.redirectUrl) {
          setOrderError('errors.noRedirect');
          payment.stopPaying();
          return;
        }
        goTo(order.redirectUrl);
        // Stay "submitting" while the browser leaves, so the button cannot order twice.
        await new Promise(() => undefined);
      } catch (error) {
        setOrderError(orderErrorKey(error));
        payment.stopPaying();
      }
    },
  });
  useRememberedBilling(formik);
  const { months, promoCode } = formik.values;
  const payment = usePaymentStart(plan, months);
  // The basket survives a change of language; a code typed is checked again, for the duration kept.
  useFormDraft(`checkout:${plan.id}`, formik, (kept) => {
    if (kept.promoCode.trim()) void payment.checkPromo(kept.promoCode.trim(), kept.months);
  });
  const busy = formik.isSubmitting;

  return (
    <FormikProvider value={formik}>
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

          <DurationAndPromo
            plan={plan}
            months={months}
            onMonthsChange={(value) => void formik.setFieldValue('months', value)}
            promoCode={promoCode}
            onPromoCodeChange={formik.handleChange}
            payment={payment}
            busy={busy}
          />
          <BillingFields disabled={busy} />
        </Stack>

        <OrderSummary plan={plan} months={months} orderError={orderError} payment={payment} busy={busy} />
      </TwoColumns>
    </FormikProvider>
  );
}
