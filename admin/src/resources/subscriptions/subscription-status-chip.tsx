import { useRecordContext } from 'react-admin';
import { TintedChip, type Tint } from '../../components/record-chips';
import type { Subscription, SubscriptionStatus } from './subscription-vocabulary';

/** Green while in use, orange when it needs a look, grey once over. */
const COLOURS: Record<SubscriptionStatus, Tint> = {
  pending: { bgcolor: '#e3f2fd', color: '#0d47a1' },
  active: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  suspended: { bgcolor: '#fff3e0', color: '#8a3c00' },
  cancelled: { bgcolor: '#eceff1', color: '#37474f' },
  expired: { bgcolor: '#eceff1', color: '#37474f' },
};

/** The subscription's status as a coloured chip. */
export function SubscriptionStatusChip() {
  const subscription = useRecordContext<Subscription>();
  return <TintedChip value={subscription?.status} tints={COLOURS} messages="shop.subscriptions.statuses" />;
}
