import { useRecordContext } from 'react-admin';
import { TINTS, TintedChip, type Tint } from '../../components/record-chips';
import type { Inquiry, InquiryStatus } from './inquiry-vocabulary';

/** Blue while nobody has looked, orange while followed up, green once closed. */
const COLOURS: Record<InquiryStatus, Tint> = {
  new: TINTS.blue,
  in_progress: TINTS.orange,
  closed: TINTS.green,
};

/** The inquiry's status as a coloured chip. */
export function InquiryStatusChip() {
  const inquiry = useRecordContext<Inquiry>();
  return <TintedChip value={inquiry?.status} tints={COLOURS} messages="shop.inquiries.statuses" />;
}
