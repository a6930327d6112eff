import type { InquiryReceived } from '@shop/domain';
import { jobPerEvent } from '../reactors/reactor.js';

/** Each new inquiry becomes one e-mail to the operator (sent only when SUPPORT_EMAIL is set). */
export const inquiryMailReactor = jobPerEvent<InquiryReceived>('inquiry-mail', 'InquiryReceived', (data, event) => ({
  name: 'notify-support-of-inquiry',
  data: { inquiryId: data.inquiryId, mailId: event.id, at: data.receivedAt },
}));
