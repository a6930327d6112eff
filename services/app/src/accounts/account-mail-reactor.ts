import type { EmailChanged, PasswordResetRequested } from '@shop/domain';
import { jobPerEvent } from '../reactors/reactor.js';

/**
 * E-mails that follow from account events. The job carries ids only: the reset token is
 * made by the job itself, so it is never in the log nor in the queue.
 */
export const accountMailReactor = jobPerEvent<PasswordResetRequested>(
  'account-mail',
  'PasswordResetRequested',
  (data, event) => ({
    name: 'send-password-reset',
    data: {
      userId: data.userId,
      requestId: event.id,
      requestedAt: data.requestedAt,
      ...(data.purpose ? { purpose: data.purpose } : {}),
    },
  }),
);

/**
 * The address an e-mail change replaced is told of it (an e-mail moved by someone else is how an
 * account is taken). The job carries both addresses as the event seals them: opened only when sent.
 */
export const emailChangeNoticeReactor = jobPerEvent<EmailChanged>(
  'email-change-notice',
  'EmailChanged',
  (data, event) => ({
    name: 'send-email-change-notice',
    data: {
      userId: data.userId,
      eventId: event.id,
      changedAt: data.changedAt,
      email: data.email,
      ...(data.previousEmail ? { previousEmail: data.previousEmail } : {}),
    },
  }),
);
