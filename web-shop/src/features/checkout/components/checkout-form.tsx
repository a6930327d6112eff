import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import * as yup from 'yup';
import { LockIcon } from '../../../components/icons';
import { formatPrice } from '../../../lib/format-price';
import { useLanguage } from '../../../lib/use-language';
import type { Plan } from '../../../types/api';
import { checkPromoCode } from '../api/check-promo-code';
import { useCreateOrder } from '../api/create-order';
import { usePaymentProviders, type PaymentProviderName } from '../api/get-payment-providers';
import { orderErrorKey, promoMessageKey, type OrderErrorKey, type PromoMessageKey } from '../lib/checkout-errors';
import { DURATIONS, type Months, type PromoCheck } from '../types';
import { DurationPicker } from './duration-picker';

type ValidPromo = Extract<PromoCheck, { valid: true }>;

type PromoState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'valid'; code: string; months: Months; check: ValidPromo }
  | { status: 'invalid'; message: PromoMessageKey };

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
  const [promo, setPromo] = useState<PromoState>({ status: 'idle' });
  const [orderError, setOrderError] = useState<OrderErrorKey | null>(null);
  const providers = usePaymentProviders();
  const createOrder = useCreateOrder();
  const offered = providers.status === 'success' ? providers.data.data : null;
  // Set by the pay button pressed; Enter in a field pays with the first provider offered.
  const chosenProvider = useRef<PaymentProviderName | undefined>(undefined);
  const [payingWith, setPayingWith] = useState<PaymentProviderName | 'default' | null>(null);
  const money = (cents: number) => formatPrice(cents, plan.currency, i18n.language);

  /** Asks the server about `code` for `months`; answers the valid check or null. */
  const runPromoCheck = async (code: string, months: Months): Promise<ValidPromo | null> => {
    setPromo({ status: 'checking' });
    try {
      const check = await checkPromoCode({ code, planId: plan.id, months });
      if (check.valid) {
        setPromo({ status: 'valid', code, months, check });
        return check;
      }
      setPromo({ status: 'invalid', message: promoMessageKey(check.reason) });
    } catch {
      setPromo({ status: 'invalid', message: 'promo.error' });
    }
    return null;
  };

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

  // A code applied for another duration is checked again for the new one.
  const lastMonths = useRef(months);
  useEffect(() => {
    if (lastMonths.current === months) return;
    lastMonths.current = months;
    if (promo.status === 'valid') void runPromoCheck(promo.code, months);
    // Only a change of duration triggers this.
  }, [months]);

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
    <Box
      component="form"
      noValidate
      onSubmit={formik.handleSubmit}
      sx={{
        display: 'grid',
        gap: 4,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.4fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
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

        <Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              id="promo-code"
              name="promoCode"
              label={t('promo.label')}
              value={promoCode}
              onChange={(event) => {
                formik.handleChange(event);
                if (promo.status !== 'checking') setPromo({ status: 'idle' });
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  applyPromo();
                }
              }}
              disabled={busy}
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 32, 'aria-describedby': 'promo-code-status' } }}
              sx={{ flexGrow: 1 }}
            />
            <Button
              variant="outlined"
              size="large"
              onClick={applyPromo}
              disabled={busy || promo.status === 'checking' || !promoCode.trim()}
              sx={{ minHeight: 56 }}
            >
              {promo.status === 'checking' ? t('promo.checking') : t('promo.apply')}
            </Button>
          </Stack>
          <Box id="promo-code-status" aria-live="polite" sx={{ mt: 1.5 }}>
            {applied && <Alert severity="success">{t('promo.valid', { percent: applied.percentOff })}</Alert>}
            {promo.status === 'invalid' && <Alert severity="warning">{t(promo.message)}</Alert>}
          </Box>
        </Box>
      </Stack>

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
        {orderError && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            <AlertTitle>{t('errors.orderTitle')}</AlertTitle>
            {t(orderError)}
          </Alert>
        )}
        {offered && offered.length === 0 && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('errors.providerUnavailable')}
          </Alert>
        )}
        <Stack spacing={1.5}>
          {offered && offered.length > 1 ? (
            offered.map((provider, index) => (
              <Button
                key={provider.name}
                type="submit"
                variant={index === 0 ? 'contained' : 'outlined'}
                size="large"
                disabled={busy || promo.status === 'checking'}
                startIcon={<LockIcon aria-hidden />}
                onClick={() => {
                  chosenProvider.current = provider.name;
                }}
              >
                {busy && payingWith === provider.name
                  ? t('paying')
                  : t(`payWith.${provider.label}`, { total: money(totalCents) })}
              </Button>
            ))
          ) : (
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={busy || promo.status === 'checking' || providers.status === 'pending' || offered?.length === 0}
              startIcon={<LockIcon aria-hidden />}
            >
              {busy ? t('paying') : t('pay', { total: money(totalCents) })}
            </Button>
          )}
          <Button
            component={RouterLink}
            to={`/subscription/${encodeURIComponent(plan.id)}`}
            variant="text"
            disabled={busy}
          >
            {t('cancel')}
          </Button>
        </Stack>
        <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
          {t('secure')}
        </Typography>
      </Paper>
    </Box>
  );
}
