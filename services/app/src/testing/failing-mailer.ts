import type { Mailer, MailMessage } from '../mail/mailer.js';

/** A mailer whose first send throws 'mail server away'; every later message is kept in `sent`. */
export function mailerFailingOnce(sent: MailMessage[]): Mailer {
  let failNext = true;
  return {
    send: async (message) => {
      if (failNext) {
        failNext = false;
        throw new Error('mail server away');
      }
      sent.push(message);
    },
  };
}
