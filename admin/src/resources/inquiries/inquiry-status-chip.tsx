import { useRecordContext } from 'react-admin';
import { TintedChip, type Tint } from '../../components/record-chips';
import type { Inquiry, InquiryStatus } from './inquiry-vocabulary';

/** Blue while nobody has looked, orange while followed up, green once closed. */
const COLOURS: Record<InquiryStatus, Tint> = {
  new: { bgcolor: '#e3f2fd', color: '#0d47a1' },
  in_progress: { bgcolor: '#fff3e0', color: '#8a3c00' },
  closed: { bgcolor: '#e8f5e9', color: '#1b5e20' },
};

/** The inquiry's status as a coloured chip. */
export function InquiryStatusChip() {
  const inquiry = useRecordContext<Inquiry>();
  return <TintedChip value={inquiry?.status} tints={COLOURS} messages="shop.inquiries.statuses" />;
}
