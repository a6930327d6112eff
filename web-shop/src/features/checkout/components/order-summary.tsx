import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatPrice } from '../../../lib/format-price';
import type { Plan } from '../../../types/api';
import type { PaymentStart } from '../hooks/use-payment-start';
import type { OrderErrorKey } from '../lib/checkout-errors';
import type { Months } from '../types';
import { PaymentButtons } from './payment-buttons';
import { ImmediateAccessField } from './immediate-access-field';
import { PaymentError } from './payment-error';

interface OrderSummaryProps {
  plan: Plan;
  months: Months;
  orderError: OrderErrorKey | null;
  /** The providers offered, the promo code's check for this duration if one applies, and the total. */
  payment: PaymentStart;
  /** The order is being placed (or the browser is leaving to pay). */
  busy: boolean;
}

/**
 * The order's recap and total, with one pay button per provider offered (or one when a single one is).
 * Inside a Formik form whose values hold `autoRenew` and `immediateAccess`.
 */
export function OrderSummary({ plan, months, orderError, payment, busy }: OrderSummaryProps) {
  const { t, i18n } = useTranslation('checkout');
  const { values, setFieldValue } = useFormikContext<{ autoRenew: boolean }>();
  const money = (cents: number) => formatPrice(cents, plan.currency, i18n.language);
  const { applied, totalCents } = payment;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 3, position: { md: 'sticky' }, top: { md: 96 }, borderColor: 'primary.main', borderWidth: 2 }}
    >
      <Typography component="h2" variant="h3" sx={{ mb: 2 }}>
        {t('summary.title')}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'auto auto',
          rowGap: 1,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, textAlign: 'right', fontWeight: 600 },
        }}
      >
        <dt>{t('summary.plan')}</dt>
        <dd>{plan.name}</dd>
        <dt>{t('summary.price')}</dt>
        <dd>{t('duration.perMonth', { price: money(plan.monthlyPriceCents) })}</dd>
        <dt>{t('summary.duration')}</dt>
        <dd>{t('duration.months', { count: months })}</dd>
        {applied && (
          <>
            <dt>{t('summary.subtotal')}</dt>
            <dd>{money(applied.subtotalCents)}</dd>
            <dt>{t('summary.discount', { code: applied.code })}</dt>
            <dd>−{money(applied.discountCents)}</dd>
          </>
        )}
      </Box>
      <Divider sx={{ my: 2 }} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700 }}>{t('summary.total')}</Typography>
        <Typography data-testid="checkout-total" sx={{ fontSize: '1.75rem', fontWeight: 800, color: 'primary.main' }}>
          {money(totalCents)}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('summary.taxesIncluded')}
      </Typography>
      <PaymentError title={t('errors.orderTitle')} error={orderError} sx={{ mb: 2 }} />
      <ImmediateAccessField disabled={busy} />
      <PaymentButtons
        total={money(totalCents)}
        payment={payment}
        busy={busy}
        autoRenew={{ checked: values.autoRenew, onChange: (checked) => void setFieldValue('autoRenew', checked) }}
      >
        <Button
          component={RouterLink}
          to={`/subscription/${encodeURIComponent(plan.id)}`}
          variant="text"
          disabled={busy}
        >
          {t('cancel')}
        </Button>
      </PaymentButtons>
      <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
        {t('secure')}
      </Typography>
    </Paper>
  );
}
