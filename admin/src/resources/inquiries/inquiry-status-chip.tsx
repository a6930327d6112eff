import { TINTS, TintedField, type Tint } from '../../components/record-chips';
import type { InquiryStatus } from './inquiry-vocabulary';

/** Blue while nobody has looked, orange while followed up, green once closed. */
const COLOURS: Record<InquiryStatus, Tint> = {
  new: TINTS.blue,
  in_progress: TINTS.orange,
  closed: TINTS.green,
};

/** The inquiry's status as a coloured chip. */
export const InquiryStatusChip = () => (
  <TintedField source="status" tints={COLOURS} messages="shop.inquiries.statuses" />
);
