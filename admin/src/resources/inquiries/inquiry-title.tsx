import { useRecordContext, useTranslate } from 'react-admin';
import { summaryOf } from './inquiry-summary';
import type { Inquiry } from './inquiry-vocabulary';

/** "Support — <subject>": the page title of one inquiry (react-admin puts it in the app bar). */
export function InquiryTitle() {
  const inquiry = useRecordContext<Inquiry>();
  const translate = useTranslate();
  if (!inquiry) return null;
  const kind = translate(`shop.inquiries.kinds.${inquiry.kind}`, { _: inquiry.kind });
  const about = summaryOf(inquiry) || inquiry.email;
  return <span>{about ? `${kind} — ${about}` : kind}</span>;
}
