import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { TINTS } from '../../components/record-chips';
import { intlLocaleOf } from '../../i18n/i18n-provider';
import type { Subscription } from './subscription-vocabulary';
import Chip from '@mui/material/Chip';

/** The customer asked for a refund and nothing was refunded since: it waits for the operator. */
export const refundWaiting = (
  subscription: Pick<Subscription, 'refundRequestedAt' | 'refundAnsweredAt' | 'statusReason'>,
) =>
  subscription.refundRequestedAt !== null &&
  subscription.statusReason !== 'refunded' &&
  (subscription.refundAnsweredAt === null || subscription.refundAnsweredAt < subscription.refundRequestedAt);

/** What the customer asked for, as chips: cancelled by them, a refund waiting. Nothing when neither. */
export function CustomerRequestChips() {
  const subscription = useRecordContext<Subscription>();
  const translate = useTranslate();
  if (!subscription) return null;
  const cancelled = subscription.customerCancelledAt !== null;
  const refund = refundWaiting(subscription);
  if (!cancelled && !refund) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {refund && (
        <Chip
          size="small"
          label={translate('shop.subscriptions.requests.refundRequested')}
          sx={{ ...TINTS.orange, fontWeight: 600 }}
        />
      )}
      {cancelled && (
        <Chip size="small" label={translate('shop.subscriptions.requests.cancelled')} sx={{ ...TINTS.grey }} />
      )}
    </Box>
  );
}

/** One request of the customer: when they made it, their reason as they wrote it, then what the operator may do. */
function RequestNotice({
  severity,
  label,
  title,
  reason,
  help,
}: {
  severity: 'info' | 'warning';
  label: string;
  title: string;
  reason: string;
  help: string | null;
}) {
  return (
    <Alert severity={severity} aria-label={label}>
      <AlertTitle>{title}</AlertTitle>
      <Box component="p" sx={{ m: 0, whiteSpace: 'pre-line' }}>
        {reason}
      </Box>
      {help && (
        <Box component="p" sx={{ m: 0, mt: 0.5 }}>
          {help}
        </Box>
      )}
    </Alert>
  );
}

/** The customer's cancellation and refund request, with their dates and reasons, above the subscription. */
export function CustomerRequestNotices() {
  const subscription = useRecordContext<Subscription>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!subscription) return null;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(intlLocaleOf(locale), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
  const reason = (text: string | null) =>
    text
      ? translate('shop.subscriptions.requests.reason', { reason: text })
      : translate('shop.subscriptions.requests.noReason');
  const { refundRequestedAt, customerCancelledAt } = subscription;
  if (!refundRequestedAt && !customerCancelledAt) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 2 }}>
      {refundRequestedAt && (
        <RequestNotice
          severity={refundWaiting(subscription) ? 'warning' : 'info'}
          label={translate('shop.subscriptions.requests.refundRequested')}
          title={translate('shop.subscriptions.requests.refundOn', { date: date(refundRequestedAt) })}
          reason={reason(subscription.refundReason)}
          help={translate(
            refundWaiting(subscription)
              ? 'shop.subscriptions.requests.refundHelp'
              : 'shop.subscriptions.requests.refundAnswered',
          )}
        />
      )}
      {customerCancelledAt && (
        <RequestNotice
          severity="info"
          label={translate('shop.subscriptions.requests.cancelled')}
          title={translate('shop.subscriptions.requests.cancelledOn', { date: date(customerCancelledAt) })}
          reason={reason(subscription.cancellationReason)}
          help={translate('shop.subscriptions.requests.cancelledHelp')}
        />
      )}
    </Box>
  );
}
