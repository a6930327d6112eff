import { useRecordContext } from 'react-admin';
import { TintedChip, type Tint } from '../../components/record-chips';
import type { User, UserSegment } from './user-vocabulary';

/** Green with a subscription in use, orange once it has expired, grey without. */
const COLOURS: Record<UserSegment, Tint> = {
  with: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  expired: { bgcolor: '#fff3e0', color: '#8a3c00' },
  without: { bgcolor: '#eceff1', color: '#37474f' },
};

/** The customer's standing as the seeds classify it: with a subscription, expired, or without. */
export function UserSegmentChip() {
  const user = useRecordContext<User>();
  return <TintedChip value={user?.segment} tints={COLOURS} messages="shop.users.segments" />;
}
