import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormikProvider, useFormik } from 'formik';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { TotalLine } from '../../../components/ui/total-line';
import { formatDate } from '../../../lib/format-date';
import { formatPrice } from '../../../lib/format-price';
import { useLanguage } from '../../../lib/use-language';
import type { Plan } from '../../../types/api';
import type { CustomerSubscription } from '@shop/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useRenewSubscription } from '../api/renew-subscription';
import { goTo, usePaymentStart } from '../hooks/use-payment-start';
import { useRememberedBilling } from '../hooks/use-remembered-billing';
import { autoRenewField } from '../lib/auto-renewal';
import { billingRequestFields, billingSchema, initialBillingValues, type BillingValues } from '../lib/billing';
import { renewalErrorKey, type RenewalErrorKey } from '../lib/checkout-errors';
import { expiryAfterRenewal, renewalStartWithinWithdrawal } from '../lib/renewal';
import type { Months } from '../types';
import { BillingFields } from './billing-fields';
import { DurationAndPromo } from './duration-and-promo';
import { ImmediateAccessField } from './immediate-access-field';
import { PaymentButtons } from './payment-buttons';
import { PaymentError } from './payment-error';

type RenewValues = BillingValues & { immediateAccess: boolean };

const validation = (asksImmediateAccess: boolean) =>
  yup.object({
    ...billingSchema,
    // The express request the law asks for when the renewed months start within the withdrawal period.
    immediateAccess: asksImmediateAccess
      ? yup.boolean().oneOf([true], 'checkout:immediateAccess.renewalRequired')
      : yup.boolean(),
  });

function RenewForm({
  subscription,
  plan,
  onClose,
}: {
  subscription: CustomerSubscription;
  plan: Plan;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('checkout');
  const language = useLanguage();
  const [months, setMonths] = useState<Months>(1);
  const [promoCode, setPromoCode] = useState('');
  const [autoRenew, setAutoRenew] = useState(false);
  const payment = usePaymentStart(plan, months);
  const [error, setError] = useState<RenewalErrorKey | null>(null);
  const [busy, setBusy] = useState(false);
  const renew = useRenewSubscription();

  const { totalCents } = payment;
  const money = (cents: number) => formatPrice(cents, plan.currency, i18n.language);
  const newExpiry = expiryAfterRenewal(subscription, months);
  // Decided once, when the dialog opens: the box does not come and go while the customer fills it in.
  const [withinWithdrawal] = useState(() => renewalStartWithinWithdrawal(subscription));

  const submit = async ({ immediateAccess, ...billing }: RenewValues) => {
    if (busy) return;
    setError(null);
    setBusy(true);
    const start = await payment.startPayment(promoCode, months);
    if (!start) {
      setBusy(false);
      return;
    }
    try {
      const renewal = await renew.mutateAsync({
        subscriptionId: subscription.id,
        months,
        provider: start.provider,
        promoCode: start.code || undefined,
        ...autoRenewField(autoRenew, start.provider),
        ...(withinWithdrawal && immediateAccess ? { immediateAccess: true } : {}),
        ...billingRequestFields(billing),
        language,
      });
      if (renewal.redirectUrl) {
        goTo(renewal.redirectUrl);
        // Stay busy while the browser leaves, so the button cannot renew twice.
        return;
      }
      setError('renewal.errors.noRedirect');
    } catch (caught) {
      setError(renewalErrorKey(caught));
    }
    setBusy(false);
    payment.stopPaying();
  };
  // Who pays and the request for access, checked before the payment starts; the rest is plain state.
  const billing = useFormik<RenewValues>({
    initialValues: { ...initialBillingValues(language, navigator.language), immediateAccess: false },
    validationSchema: validation(withinWithdrawal !== null),
    onSubmit: submit,
  });
  useRememberedBilling(billing);

  return (
    <FormikProvider value={billing}>
      <Stack component="form" noValidate onSubmit={billing.handleSubmit} spacing={3}>
        <Typography sx={{ color: 'text.secondary' }}>
          {subscription.expiresAt && newExpiry
            ? t('renewal.extends', { date: formatDate(subscription.expiresAt, i18n.language) })
            : t('renewal.restarts')}
        </Typography>
        <DurationAndPromo
          plan={plan}
          months={months}
          onMonthsChange={setMonths}
          promoCode={promoCode}
          onPromoCodeChange={(event) => setPromoCode(event.target.value)}
          payment={payment}
          busy={busy}
        />
        <BillingFields disabled={busy} />
        <TotalLine label={t('renewal.total')} amount={money(totalCents)} testId="renew-total" />
        {newExpiry && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: '8px !important' }}>
            {t('renewal.newExpiry', { date: formatDate(newExpiry.toISOString(), i18n.language) })}
          </Typography>
        )}
        {withinWithdrawal && (
          <ImmediateAccessField
            disabled={busy}
            // Starting at once (expired) is the checkout's request; at a later expiry, its date.
            startsOn={newExpiry ? formatDate(withinWithdrawal.toISOString(), i18n.language) : undefined}
          />
        )}
        <PaymentError title={t('renewal.errors.title')} error={error} />
        <PaymentButtons
          total={money(totalCents)}
          payment={payment}
          busy={busy}
          // Already renewing itself: a renewal by hand keeps the method it has.
          autoRenew={subscription.autoRenew ? undefined : { checked: autoRenew, onChange: setAutoRenew }}
        >
          <Button onClick={onClose} disabled={busy}>
            {t('renewal.close')}
          </Button>
        </PaymentButtons>
      </Stack>
    </FormikProvider>
  );
}

/** More months of the same subscription: the duration and its price, a promo code, then the payment page. */
export function RenewalDialog({
  subscription,
  plan,
  open,
  onClose,
}: {
  subscription: CustomerSubscription;
  /** The subscription's plan as the catalogue answers it now (its price, whether still on sale). */
  plan: UseQueryResult<Plan>;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('checkout');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ fontWeight: 800 }}>
        {t('renewal.title', { name: subscription.planName })}
      </DialogTitle>
      <DialogContent>
        {plan.status === 'pending' && (
          <Stack sx={{ alignItems: 'center', py: 4 }}>
            <CircularProgress aria-label={t('loading', { ns: 'common' })} />
          </Stack>
        )}
        {plan.status === 'error' && (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
              {t(
                renewalErrorKey(plan.error) === 'renewal.errors.offSale'
                  ? 'renewal.errors.offSale'
                  : 'renewal.planError',
              )}
            </Alert>
            <Button onClick={onClose}>{t('renewal.close')}</Button>
          </Stack>
        )}
        {plan.status === 'success' && <RenewForm subscription={subscription} plan={plan.data} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
