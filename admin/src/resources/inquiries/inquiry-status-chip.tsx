import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Inquiry, InquiryStatus } from './inquiry-vocabulary';

/** Blue while nobody has looked, orange while followed up, green once closed; dark text on a light tint reads at AA. */
const COLOURS: Record<InquiryStatus, { bgcolor: string; color: string }> = {
  new: { bgcolor: '#e3f2fd', color: '#0d47a1' },
  in_progress: { bgcolor: '#fff3e0', color: '#8a3c00' },
  closed: { bgcolor: '#e8f5e9', color: '#1b5e20' },
};

/** The inquiry's status as a coloured chip. */
export function InquiryStatusChip() {
  const inquiry = useRecordContext<Inquiry>();
  const translate = useTranslate();
  if (!inquiry) return null;
  return (
    <Chip
      size="small"
      sx={{ ...COLOURS[inquiry.status], fontWeight: 500 }}
      label={translate(`shop.inquiries.statuses.${inquiry.status}`, { _: inquiry.status })}
    />
  );
}
