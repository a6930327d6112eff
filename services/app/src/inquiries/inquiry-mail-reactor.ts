import type { InquiryReceived, InquiryReplied } from '@shop/domain';
import { jobPerEvent } from '../reactors/reactor.js';

/** Each new inquiry becomes one e-mail to the operator (sent only when SUPPORT_EMAIL is set). */
export const inquiryMailReactor = jobPerEvent<InquiryReceived>('inquiry-mail', 'InquiryReceived', (data, event) => ({
  name: 'notify-support-of-inquiry',
  data: { inquiryId: data.inquiryId, mailId: event.id, at: data.receivedAt },
}));

/** Each reply of the operator becomes one e-mail to the inquiry's sender. */
export const inquiryReplyMailReactor = jobPerEvent<InquiryReplied>(
  'inquiry-reply-mail',
  'InquiryReplied',
  (data, event) => ({
    name: 'send-inquiry-reply',
    data: { inquiryId: data.inquiryId, replyId: data.replyId, mailId: event.id, at: data.repliedAt },
  }),
);
