import { TINTS, TintedField, type Tint } from '../../components/record-chips';
import type { UserSegment } from './user-vocabulary';

/** Green with a subscription in use, orange once it has expired, grey without. */
const COLOURS: Record<UserSegment, Tint> = {
  with: TINTS.green,
  expired: TINTS.orange,
  without: TINTS.grey,
};

/** The customer's standing as the seeds classify it: with a subscription, expired, or without. */
export const UserSegmentChip = () => <TintedField source="segment" tints={COLOURS} messages="shop.users.segments" />;
