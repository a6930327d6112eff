import type { InquiryReceived } from '@shop/domain';
import type { Reactor } from '../reactors/reactor.js';

/** Each new inquiry becomes one e-mail to the operator (sent only when SUPPORT_EMAIL is set). */
export const inquiryMailReactor: Reactor = {
  name: 'inquiry-mail',
  eventTypes: ['InquiryReceived'],
  react: (event) => {
    const data = event.data as InquiryReceived['data'];
    return [
      {
        name: 'notify-support-of-inquiry',
        data: { inquiryId: data.inquiryId, mailId: event.id, at: data.receivedAt },
        jobId: event.id,
      },
    ];
  },
};
