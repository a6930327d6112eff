import { TINTS, TintedField, type Tint } from '../../components/record-chips';
import type { SubscriptionStatus } from './subscription-vocabulary';

/** Green while in use, orange when it needs a look, grey once over. */
const COLOURS: Record<SubscriptionStatus, Tint> = {
  pending: TINTS.blue,
  active: TINTS.green,
  suspended: TINTS.orange,
  cancelled: TINTS.grey,
  expired: TINTS.grey,
};

/** The subscription's status as a coloured chip. */
export const SubscriptionStatusChip = () => (
  <TintedField source="status" tints={COLOURS} messages="shop.subscriptions.statuses" />
);
