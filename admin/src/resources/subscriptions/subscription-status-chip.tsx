import { useRecordContext } from 'react-admin';
import { TINTS, TintedChip, type Tint } from '../../components/record-chips';
import type { Subscription, SubscriptionStatus } from './subscription-vocabulary';

/** Green while in use, orange when it needs a look, grey once over. */
const COLOURS: Record<SubscriptionStatus, Tint> = {
  pending: TINTS.blue,
  active: TINTS.green,
  suspended: TINTS.orange,
  cancelled: TINTS.grey,
  expired: TINTS.grey,
};

/** The subscription's status as a coloured chip. */
export function SubscriptionStatusChip() {
  const subscription = useRecordContext<Subscription>();
  return <TintedChip value={subscription?.status} tints={COLOURS} messages="shop.subscriptions.statuses" />;
}
