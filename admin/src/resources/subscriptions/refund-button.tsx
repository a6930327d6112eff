import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { AdminRefundRequest, SubscriptionPayment } from '@shop/contracts';
import { useId, useState } from 'react';
import { useDataProvider, useLocaleState, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { SavingDialog } from '../../components/save-dialog-actions';
import { intlLocaleOf } from '../../i18n/i18n-provider';
import { formatCents } from '../../lib/money';
import { useSavingDialog } from '../../lib/use-saving-dialog';
import type { ShopDataProvider } from '../../providers/data-provider';
import { ReasonField } from './reason-field';
import { SubscriptionDialogIntro } from './subscription-dialog-intro';
import type { Subscription } from './subscription-vocabulary';
import { latestFirst, paymentToRefund, useSubscriptionMoney } from './use-subscription-money';

/** Euros as typed (12, 12.5, 12,50, 1 234,50 €) in cents; null when it is not an amount. */
export function parseEuros(typed: string): number | null {
  const cleaned = typed.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

/** Cents as the amount field shows them, in the operator's way of writing decimals: 23,97 or 23.97. */
const asTyped = (cents: number, locale: string) =>
  new Intl.NumberFormat(intlLocaleOf(locale), { minimumFractionDigits: 2, useGrouping: false }).format(cents / 100);

/** Why the typed amount cannot be refunded from this payment, as a message key and its arguments; null when it can. */
function amountProblem(typed: string, refundable: number, max: string): [string, Record<string, unknown>?] | null {
  if (typed.trim() === '') return ['shop.subscriptions.refund.amountRequired'];
  const cents = parseEuros(typed);
  if (cents === null) return ['shop.subscriptions.refund.amountInvalid'];
  if (cents <= 0) return ['shop.subscriptions.refund.amountPositive'];
  if (cents > refundable) return ['shop.subscriptions.refund.amountTooHigh', { max }];
  return null;
}

/**
 * "Rembourser": gives back all or part of a payment (the latest by default; the operator picks
 * another when there are several), with a reason kept in the history (the customer's, when they
 * asked). The provider's refusal and the API's problems are said in the operator's language.
 */
export function RefundButton({
  label: labelKey = 'shop.subscriptions.refund.action',
  onRefunded,
}: {
  /** The button's words where it stands in for another action ("Rembourser plutôt"). */
  label?: string;
  /** What follows a refund made, besides the page read again. */
  onRefunded?: () => void;
} = {}) {
  const subscription = useRecordContext<Subscription>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const money = useSubscriptionMoney(subscription ? String(subscription.id) : undefined);
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [reason, setReason] = useState('');
  const dialog = useSavingDialog({
    onClosed: () => {
      setTouched(false);
    },
  });
  const choicesId = useId();
  if (!subscription) return null;

  const payments = money.data?.payments ?? [];
  const refundable = payments.filter((payment) => payment.refundableCents > 0);
  const chosen = payments.find((payment) => payment.reference === reference) ?? paymentToRefund(payments);
  const cents = (value: number, currency = subscription.currency) => formatCents(value, currency, locale);
  const max = chosen ? cents(chosen.refundableCents, chosen.currency) : '';
  const problem = chosen ? amountProblem(amount, chosen.refundableCents, max) : null;
  const date = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(intlLocaleOf(locale), { dateStyle: 'medium' }).format(new Date(iso)) : '—';

  const pick = (payment: SubscriptionPayment | undefined) => {
    setReference(payment?.reference ?? '');
    setAmount(payment ? asTyped(payment.refundableCents, locale) : '');
    setTouched(false);
  };
  const open = () => {
    pick(paymentToRefund(payments));
    setReason(subscription.refundReason ?? '');
    dialog.show();
  };

  const confirm = () => {
    const amountCents = parseEuros(amount);
    if (!chosen || amountCents === null || problem) {
      setTouched(true);
      return;
    }
    const body: AdminRefundRequest = {
      amountCents,
      reason: reason.trim(),
      ...(payments.length > 1 ? { paymentReference: chosen.reference } : {}),
    };
    return dialog.save(
      async () => {
        const refund = await dataProvider.refundSubscription(String(subscription.id), body);
        if (refund.status === 'failed') {
          // Recorded as refused: the page shows it, and the dialog stays open to try otherwise.
          refresh();
          throw new Error(translate('shop.subscriptions.refund.failed', { failure: refund.failure ?? '—' }));
        }
      },
      {
        success: 'shop.subscriptions.refund.success',
        messageArgs: { amount: cents(amountCents, chosen.currency) },
        afterwards: () => {
          refresh();
          onRefunded?.();
        },
      },
    );
  };

  const label = translate(labelKey);
  const showError = touched && problem !== null;
  return (
    <>
      <Button startIcon={<UndoIcon />} variant="outlined" disabled={refundable.length === 0} onClick={open}>
        {label}
      </Button>
      <SavingDialog
        dialog={dialog}
        title={translate('shop.subscriptions.refund.title', { plan: subscription.planName })}
        onConfirm={confirm}
        confirmLabel="shop.subscriptions.refund.submit"
        disabled={reason.trim() === '' || (touched && problem !== null)}
        color="error"
        maxWidth="sm"
      >
        <SubscriptionDialogIntro subscription={subscription}>
          {translate('shop.subscriptions.refund.intro', { provider: chosen?.provider ?? subscription.provider ?? '—' })}
        </SubscriptionDialogIntro>
        {payments.length > 1 && (
          <FormControl sx={{ mb: 1 }}>
            <FormLabel id={choicesId}>{translate('shop.subscriptions.refund.payment')}</FormLabel>
            <RadioGroup
              aria-labelledby={choicesId}
              value={chosen?.reference ?? ''}
              onChange={(event) => pick(payments.find((payment) => payment.reference === event.target.value))}
            >
              {latestFirst(payments).map((payment) => (
                <FormControlLabel
                  key={payment.reference}
                  value={payment.reference}
                  control={<Radio />}
                  disabled={payment.refundableCents <= 0}
                  label={translate('shop.subscriptions.refund.paymentChoice', {
                    kind: translate(`shop.subscriptions.money.kinds.${payment.kind}`),
                    date: date(payment.paidAt),
                    amount: cents(payment.amountCents, payment.currency),
                    refundable: cents(payment.refundableCents, payment.currency),
                  })}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
        <TextField
          label={translate('shop.subscriptions.refund.amount')}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          error={showError}
          helperText={
            showError && problem
              ? translate(problem[0], problem[1])
              : translate('shop.subscriptions.refund.amountHelp', { max })
          }
          required
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          sx={{ mt: 1 }}
        />
        <ReasonField value={reason} onChange={setReason} helper="shop.subscriptions.refund.reasonHelp" />
        {chosen?.kind === 'order' && parseEuros(amount) === chosen.refundableCents && payments.length === 1 && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {translate('shop.subscriptions.refund.fullOrder')}
          </Alert>
        )}
      </SavingDialog>
    </>
  );
}
