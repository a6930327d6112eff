import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Subscription, SubscriptionStatus } from './subscription-vocabulary';

/** Green while in use, orange when it needs a look, grey once over; dark text on a light tint reads at AA. */
const COLOURS: Record<SubscriptionStatus, { bgcolor: string; color: string }> = {
  pending: { bgcolor: '#e3f2fd', color: '#0d47a1' },
  active: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  suspended: { bgcolor: '#fff3e0', color: '#8a3c00' },
  cancelled: { bgcolor: '#eceff1', color: '#37474f' },
  expired: { bgcolor: '#eceff1', color: '#37474f' },
};

/** The subscription's status as a coloured chip. */
export function SubscriptionStatusChip() {
  const subscription = useRecordContext<Subscription>();
  const translate = useTranslate();
  if (!subscription) return null;
  return (
    <Chip
      size="small"
      sx={{ ...COLOURS[subscription.status], fontWeight: 500 }}
      label={translate(`shop.subscriptions.statuses.${subscription.status}`, { _: subscription.status })}
    />
  );
}
