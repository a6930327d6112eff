import type { PasswordResetRequested } from '@shop/domain';
import type { Reactor } from '../reactors/reactor.js';

/**
 * E-mails that follow from account events. The job carries ids only: the reset token is
 * made by the job itself, so it is never in the log nor in the queue.
 */
export const accountMailReactor: Reactor = {
  name: 'account-mail',
  eventTypes: ['PasswordResetRequested'],
  react: (event) => {
    const data = event.data as PasswordResetRequested['data'];
    return [
      {
        name: 'send-password-reset',
        data: {
          userId: data.userId,
          requestId: event.id,
          requestedAt: data.requestedAt,
          ...(data.purpose ? { purpose: data.purpose } : {}),
        },
        jobId: event.id,
      },
    ];
  },
};
