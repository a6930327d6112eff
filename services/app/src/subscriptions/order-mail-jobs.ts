import { getPlan, getSubscription, isCurrentlyActive, type SubscriptionView } from '@shop/projections';
import { nextChargeOf } from './automatic-renewals.js';
import type { Knex } from 'knex';
import type { MailJobDependencies, MailMessage, Mailer } from '../mail/mailer.js';
import { customerLanguage } from '../notifications/customer-preferences.js';
import {
  getNotificationSettings,
  insertNotification,
  type LocalizedText,
} from '../notifications/notification-store.js';
import { orderNews } from '../mail/order-mail-templates.js';
import type { JobHandlers, OrderMailKind } from '../jobs/job-queue.js';
import { NotYetError } from '../jobs/not-yet.js';
import { accountForEffect } from '../accounts/account-for-effect.js';
import { invoiceAttachments } from '../invoicing/invoice-mail.js';

/**
 * When active subscriptions are reminded to renew, before their expiry; `tag` tells the two
 * reminders of one expiry apart in their mail id. Every active subscription that does not renew
 * itself and was not cancelled by its customer gets them. The 3-day "expiring soon" notice stays as well.
 */
export const RENEWAL_REMINDERS = [
  { tag: '7d', beforeMs: 7 * 24 * 3600_000 },
  { tag: '1d', beforeMs: 24 * 3600_000 },
] as const;

/** How long before the expiry a subscription that renews itself is given notice of its charge. */
export const RENEWAL_NOTICE_BEFORE_MS = 7 * 24 * 3600_000;

/**
 * Older news is dropped: a reactor that starts on an old log (first deployment, reset
 * checkpoint) must not mail every customer about orders of last year.
 */
export const ORDER_MAIL_STALE_AFTER_MS = 2 * 24 * 3600_000;

/** Whether the read model already shows the event behind this job (it trails the log). */
function readModelHasCaughtUp(
  kind: OrderMailKind,
  subscription: SubscriptionView,
  job: { at: string; expiresAt?: string },
): boolean {
  const { expiresAt } = job;
  switch (kind) {
    case 'order_received':
      return true;
    case 'renewal_confirmed':
    case 'cancellation_confirmed':
    case 'refund_requested':
    case 'expired':
    case 'refund_issued':
    case 'suspended':
    case 'renewal_failed':
    case 'order_abandoned':
      // The row was written by this event or a later one: not a value a later event may change
      // again (a renewal's expiry a refund moves back, a cancellation taken back), or the job
      // would wait for good. What the news says comes from the job (its expiry, its amount).
      return Date.parse(subscription.updatedAt) >= Date.parse(job.at);
    case 'renewal_upcoming':
      // Given on turning renewal on (the job names no expiry): once the row shows that turn.
      return (
        subscription.paidAt !== null &&
        subscription.expiresAt !== null &&
        (expiresAt !== undefined || Date.parse(subscription.updatedAt) >= Date.parse(job.at))
      );
    case 'payment_confirmed':
    case 'expiring_soon':
    case 'renewal_reminder':
    case 'plan_withdrawn':
      return subscription.paidAt !== null && subscription.expiresAt !== null;
    case 'credentials_ready':
      return subscription.credentialsAssigned;
  }
}

/**
 * Once per mail id: a message already recorded as sent is not sent again; otherwise it is sent
 * under its id, then recorded. A worker that dies between the two sends it again on the job's
 * next run, under the same id: the outbox keeps one file, and the copy carries the same
 * Message-ID, which mail providers show once. Losing the message instead (claiming before
 * sending) would leave a customer without the news the log says they were given.
 * Answers whether this call sent it.
 */
export async function sendMailOnce(
  deps: { knex: Knex; mailer: Mailer; clock: () => Date },
  mailId: string,
  message: MailMessage,
): Promise<boolean> {
  if (await deps.knex('sent_emails').where({ id: mailId }).first('id')) return false;
  await deps.mailer.send({ ...message, id: mailId });
  const recorded = await deps
    .knex('sent_emails')
    .insert({ id: mailId, sent_at: deps.clock() })
    .onConflict('id')
    .ignore()
    .returning('id');
  return recorded.length > 0;
}

/**
 * News a later change made untrue by the time its job runs, and what changed: it is not sent (the
 * later change brings its own news, if any).
 */
const NO_LONGER_SO: Partial<
  Record<OrderMailKind, { holds: (subscription: SubscriptionView) => boolean; since: string }>
> = {
  renewal_failed: {
    holds: (s) => s.renewalFailedAt !== null,
    since: 'renewal paid since; no news of the declined charge',
  },
  // A payment that came after all made it active: its confirmation is the news.
  order_abandoned: {
    holds: (s) => s.statusReason === 'abandoned',
    since: 'order no longer cancelled as abandoned; no news',
  },
  cancellation_confirmed: {
    holds: (s) => s.customerCancelledAt !== null,
    since: 'cancellation taken back since (renewal turned on again); no news',
  },
  expired: {
    holds: (s) => s.status === 'expired',
    since: 'subscription renewed since its expiry; no news of the expiry',
  },
  suspended: {
    holds: (s) => s.status === 'suspended',
    since: 'subscription no longer suspended; no news',
  },
  credentials_ready: {
    holds: (s) => s.status === 'active',
    since: 'subscription no longer active; no credentials news',
  },
};

export function orderMailJobHandlers({
  knex,
  mailer,
  publicUrl,
  clock,
  logger,
  seller,
  renewalLeadHours,
}: MailJobDependencies & {
  /** How long before its expiry a subscription that renews itself is charged (its notice says when). */
  renewalLeadHours: number;
}): Pick<JobHandlers, 'send-order-mail'> {
  // Without a seller (a caller that gives none), confirmations leave without their invoice.
  const invoiceSeller = seller ?? null;
  const sendOnce = (mailId: string, message: MailMessage) => sendMailOnce({ knex, mailer, clock }, mailId, message);

  return {
    'send-order-mail': async ({
      kind,
      subscriptionId,
      mailId,
      at,
      expiresAt: jobExpiry,
      amountCents,
      months,
      retryAt,
      ended,
      paymentReference,
      immediateAccess,
    }) => {
      const now = clock();
      const context = { kind, subscriptionId, mailId };
      if (now.getTime() - Date.parse(at) > ORDER_MAIL_STALE_AFTER_MS) {
        logger.info(context, 'order news too old; nothing sent');
        return;
      }
      const subscription = await getSubscription(knex, subscriptionId);
      if (!subscription || !readModelHasCaughtUp(kind, subscription, { at, expiresAt: jobExpiry })) {
        // The read model trails the log: the job waits for it, however long the projector is away.
        throw new NotYetError(`subscription ${subscriptionId} is not in the subscriptions read model yet (${kind})`);
      }
      // A notice on turning renewal on names no expiry: it speaks of the one the subscription runs
      // to, and is given only when that expiry's own notice was due by then (otherwise that one
      // comes at its date).
      const onTurningOn = kind === 'renewal_upcoming' && jobExpiry === undefined;
      const expiresAt = onTurningOn ? subscription.expiresAt! : jobExpiry;
      if (onTurningOn && Date.parse(expiresAt!) - RENEWAL_NOTICE_BEFORE_MS > Date.parse(at)) {
        logger.info(context, 'renewal turned on before its notice is due; the notice comes at its date');
        return;
      }
      if (kind === 'expiring_soon') {
        const stillDue = subscription.expiresAt === expiresAt && isCurrentlyActive(subscription, now);
        if (!stillDue) {
          logger.info(context, 'subscription no longer expiring at that date; no notice');
          return;
        }
      }
      // The reminder, the notice of a charge and the plan's withdrawal speak of one expiry, while
      // the subscription runs to it and its customer has not cancelled.
      const runningToExpiry =
        subscription.expiresAt === expiresAt &&
        isCurrentlyActive(subscription, now) &&
        subscription.customerCancelledAt === null;
      const planOnSale = async () =>
        (await getPlan(knex, subscription.planId, 'fr', { onSaleOnly: true })) ?? undefined;
      if (kind === 'renewal_reminder') {
        // One that renews itself is charged instead (its notice comes from `renewal_upcoming`); a
        // plan withdrawn is renewed in no way, and that notice says so.
        if (!runningToExpiry || subscription.autoRenew || !(await planOnSale())) {
          logger.info(context, 'subscription not renewable by hand at that date; no reminder');
          return;
        }
      }
      // What the customer is told: the job's news, or the plan's withdrawal in place of a notice.
      let words: OrderMailKind = kind;
      let charge: { at: string; amountCents: number; method: string } | undefined;
      if (kind === 'renewal_upcoming') {
        const plan = runningToExpiry ? await planOnSale() : undefined;
        const next = nextChargeOf(subscription, plan, renewalLeadHours);
        if (runningToExpiry && !plan) {
          // It renews neither itself nor by hand, and the customer is told.
          words = 'plan_withdrawn';
        } else if (next && subscription.paymentMethod !== null && Date.parse(next.at) > now.getTime()) {
          // The notice comes before the charge, or not at all.
          charge = { ...next, method: subscription.paymentMethod };
        } else {
          logger.info(context, 'subscription not renewing itself at that date; no notice of a charge');
          return;
        }
      }
      const untrue = NO_LONGER_SO[kind];
      if (untrue && !untrue.holds(subscription)) {
        logger.info(context, untrue.since);
        return;
      }
      const account = await accountForEffect(knex, subscription.userId);
      if (!account) return;
      const [language, settings] = await Promise.all([
        customerLanguage(knex, subscription.userId),
        getNotificationSettings(knex, subscription.userId),
      ]);
      const facts = {
        subscription,
        fullName: account.fullName,
        publicUrl,
        at,
        expiresAt,
        amountCents,
        months,
        retryAt,
        charge,
        ended,
        immediateAccess,
      };
      const texts = { fr: orderNews(words, 'fr', facts), en: orderNews(words, 'en', facts) };
      // The confirmation of a payment carries its invoice: looked for (and waited for) before
      // anything is recorded, so that a job waiting for it repeats nothing.
      const mailed = settings.emailNotifications && account.email.includes('@');
      const attachments = mailed
        ? await invoiceAttachments(
            { knex, clock, logger, seller: invoiceSeller },
            kind,
            subscription,
            { at, expiresAt, amountCents, mailId, paymentReference },
            language,
          )
        : [];

      if (settings.subscriptionAlerts) {
        await insertNotification(knex, {
          id: mailId,
          userId: subscription.userId,
          type: 'subscription',
          title: { fr: texts.fr.title, en: texts.en.title } satisfies LocalizedText,
          message: { fr: texts.fr.message, en: texts.en.message } satisfies LocalizedText,
          createdAt: new Date(at),
        });
      }
      if (!settings.emailNotifications) return;
      if (!account.email.includes('@')) {
        logger.info(context, 'account has no e-mail address (erased); no e-mail');
        return;
      }
      const news = texts[language];
      const sent = await sendOnce(mailId, {
        to: account.email,
        subject: news.subject,
        // Never the credentials themselves: only where to read them, signed in.
        text: news.text,
        html: news.html,
        ...(attachments.length > 0 ? { attachments } : {}),
      });
      logger.info({ ...context, language }, sent ? 'order e-mail sent' : 'order e-mail already sent');
    },
  };
}
