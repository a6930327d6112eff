import type { Language } from '@shop/domain';
import { getAccount, getSubscription, isCurrentlyActive, type SubscriptionView } from '@shop/projections';
import type { Knex } from 'knex';
import type { MailJobDependencies, MailMessage, Mailer } from '../mail/mailer.js';
import { customerLanguage } from '../notifications/customer-preferences.js';
import {
  getNotificationSettings,
  insertNotification,
  type LocalizedText,
} from '../notifications/notification-store.js';
import { formatDateTime, formatMoney } from '../i18n/formatting.js';
import type { JobHandlers, OrderMailKind } from '../jobs/job-queue.js';
import { NotYetError } from '../jobs/not-yet.js';

/** How long before its expiry a subscription is announced as expiring. */
export const EXPIRING_SOON_NOTICE_MS = 3 * 24 * 3600_000;

/**
 * Older news is dropped: a reactor that starts on an old log (first deployment, reset
 * checkpoint) must not mail every customer about orders of last year.
 */
export const ORDER_MAIL_STALE_AFTER_MS = 2 * 24 * 3600_000;

/** Whether the read model already shows the event behind this job (it trails the log). */
function readModelHasCaughtUp(kind: OrderMailKind, subscription: SubscriptionView, expiresAt?: string): boolean {
  switch (kind) {
    case 'renewal_confirmed':
      // This renewal's expiry, or a later one (a second renewal or the next order's payment came first).
      return subscription.expiresAt !== null && expiresAt !== undefined && subscription.expiresAt >= expiresAt;
    case 'cancellation_confirmed':
      return subscription.customerCancelledAt !== null;
    case 'refund_requested':
      return subscription.refundRequestedAt !== null;
    case 'order_received':
      return true;
    case 'payment_confirmed':
    case 'expiring_soon':
      return subscription.paidAt !== null && subscription.expiresAt !== null;
    case 'credentials_ready':
      return subscription.credentialsAssigned;
    case 'expired':
      // Expired is final, so this cannot wait forever.
      return subscription.status === 'expired';
  }
}

/** Where the news sends the customer: the credentials page for credentials, the profile otherwise. */
const newsPath = (kind: OrderMailKind, subscriptionId: string) =>
  kind === 'credentials_ready' ? `/product-access/${subscriptionId}` : '/profile';

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

export function orderMailJobHandlers({
  knex,
  mailer,
  publicUrl,
  clock,
  logger,
}: MailJobDependencies): Pick<JobHandlers, 'send-order-mail'> {
  const sendOnce = (mailId: string, message: MailMessage) => sendMailOnce({ knex, mailer, clock }, mailId, message);

  return {
    'send-order-mail': async ({ kind, subscriptionId, mailId, at, expiresAt, amountCents, months }) => {
      const now = clock();
      const context = { kind, subscriptionId, mailId };
      if (now.getTime() - Date.parse(at) > ORDER_MAIL_STALE_AFTER_MS) {
        logger.info(context, 'order news too old; nothing sent');
        return;
      }
      const subscription = await getSubscription(knex, subscriptionId);
      if (!subscription || !readModelHasCaughtUp(kind, subscription, expiresAt)) {
        // The read model trails the log: the job waits for it, however long the projector is away.
        throw new NotYetError(`subscription ${subscriptionId} is not in the subscriptions read model yet (${kind})`);
      }
      if (kind === 'expiring_soon') {
        const stillDue = subscription.expiresAt === expiresAt && isCurrentlyActive(subscription, now);
        if (!stillDue) {
          logger.info(context, 'subscription no longer expiring at that date; no notice');
          return;
        }
      }
      if (kind === 'credentials_ready' && subscription.status !== 'active') {
        logger.info(context, 'subscription no longer active; no credentials news');
        return;
      }
      const account = await getAccount(knex, subscription.userId);
      if (!account) {
        const credentials = await knex('account_credentials').where({ user_id: subscription.userId }).first('user_id');
        if (!credentials) return;
        throw new NotYetError(`account ${subscription.userId} is not in the accounts read model yet`);
      }
      const [language, settings] = await Promise.all([
        customerLanguage(knex, subscription.userId),
        getNotificationSettings(knex, subscription.userId),
      ]);
      const facts = { subscription, fullName: account.fullName, expiresAt, amountCents, months };
      const texts = { fr: orderNews(kind, 'fr', facts), en: orderNews(kind, 'en', facts) };

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
        text: `${[news.greeting, '', news.message, '', `${news.linkLabel} ${publicUrl}${newsPath(kind, subscriptionId)}`].join('\n')}\n`,
      });
      logger.info({ ...context, language }, sent ? 'order e-mail sent' : 'order e-mail already sent');
    },
  };
}

interface OrderNews {
  subject: string;
  greeting: string;
  title: string;
  message: string;
  linkLabel: string;
}

/** The words of one piece of order news in one language. */
export function orderNews(
  kind: OrderMailKind,
  language: Language,
  facts: {
    subscription: SubscriptionView;
    fullName: string;
    /** The expiry, amount and months the news is about, where the event gave them (a renewal, a cancellation). */
    expiresAt?: string;
    amountCents?: number;
    months?: number;
  },
): OrderNews {
  const { subscription } = facts;
  const plan = subscription.planName;
  const total = formatMoney(subscription.totalCents, subscription.currency, language);
  const amount = formatMoney(facts.amountCents ?? subscription.totalCents, subscription.currency, language);
  const expiresAt = facts.expiresAt ?? subscription.expiresAt;
  const expiry = expiresAt ? formatDateTime(expiresAt, language) : '';
  const name = facts.fullName.trim();
  const renewedMonths = facts.months ?? subscription.months;
  if (language === 'fr') {
    const months = `${subscription.months} mois`;
    const common = { greeting: name ? `Bonjour ${name},` : 'Bonjour,', linkLabel: 'Vos abonnements :' };
    switch (kind) {
      case 'order_received':
        return {
          ...common,
          subject: `Commande reçue : ${plan}, ${months}`,
          title: 'Commande reçue',
          message: `Nous avons bien reçu votre commande ${plan} pour ${months}, d'un total de ${total}. Votre abonnement démarrera dès que le paiement sera confirmé.`,
        };
      case 'payment_confirmed':
        return {
          ...common,
          subject: `Paiement confirmé : ${plan}, ${months}`,
          title: 'Paiement confirmé',
          message: `Votre paiement de ${total} est confirmé : votre abonnement ${plan} (${months}) est actif jusqu'au ${expiry}.`,
        };
      case 'credentials_ready':
        return {
          ...common,
          linkLabel: 'Vos identifiants :',
          subject: `Vos identifiants sont prêts : ${plan}`,
          title: 'Vos identifiants sont prêts',
          message: `Les identifiants de votre abonnement ${plan} sont disponibles. Pour votre sécurité, ils ne sont jamais envoyés par e-mail : consultez-les dans votre espace, une fois connecté.`,
        };
      case 'expiring_soon':
        return {
          ...common,
          subject: `Votre abonnement ${plan} expire bientôt`,
          title: 'Abonnement bientôt expiré',
          message: `Votre abonnement ${plan} (${months}, ${total}) expire le ${expiry}. Pour en profiter sans interruption, commandez-en un nouveau dans la boutique.`,
        };
      case 'expired':
        return {
          ...common,
          subject: `Votre abonnement ${plan} a expiré`,
          title: 'Abonnement expiré',
          message: `Votre abonnement ${plan} (${months}, ${total}) a expiré le ${expiry}. Vous pouvez le renouveler à tout moment depuis votre espace.`,
        };
      case 'renewal_confirmed':
        return {
          ...common,
          subject: `Renouvellement confirmé : ${plan}, ${renewedMonths} mois`,
          title: 'Renouvellement confirmé',
          message: `Votre paiement de ${amount} est confirmé : votre abonnement ${plan} est prolongé de ${renewedMonths} mois, jusqu'au ${expiry}.`,
        };
      case 'cancellation_confirmed':
        return {
          ...common,
          subject: `Résiliation confirmée : ${plan}`,
          title: 'Résiliation confirmée',
          message: `Votre abonnement ${plan} est résilié : il ne sera pas renouvelé. Vous en profitez jusqu'au ${expiry}, date à laquelle votre accès prendra fin.`,
        };
      case 'refund_requested':
        return {
          ...common,
          subject: `Demande de remboursement reçue : ${plan}`,
          title: 'Demande de remboursement reçue',
          message: `Nous avons bien reçu votre demande de remboursement de ${amount} pour votre abonnement ${plan}, au titre de la garantie satisfait ou remboursé de 7 jours. Un remboursement accordé vous parvient en 3 à 5 jours ouvrés.`,
        };
    }
  }
  const months = `${subscription.months} ${subscription.months === 1 ? 'month' : 'months'}`;
  const common = { greeting: name ? `Hello ${name},` : 'Hello,', linkLabel: 'Your subscriptions:' };
  switch (kind) {
    case 'order_received':
      return {
        ...common,
        subject: `Order received: ${plan}, ${months}`,
        title: 'Order received',
        message: `We have received your order for ${plan}, ${months}, totalling ${total}. Your subscription starts as soon as the payment is confirmed.`,
      };
    case 'payment_confirmed':
      return {
        ...common,
        subject: `Payment confirmed: ${plan}, ${months}`,
        title: 'Payment confirmed',
        message: `Your payment of ${total} is confirmed: your ${plan} subscription (${months}) is active until ${expiry}.`,
      };
    case 'credentials_ready':
      return {
        ...common,
        linkLabel: 'Your credentials:',
        subject: `Your credentials are ready: ${plan}`,
        title: 'Your credentials are ready',
        message: `The credentials of your ${plan} subscription are available. For your security they are never sent by e-mail: view them in your account, once signed in.`,
      };
    case 'expiring_soon':
      return {
        ...common,
        subject: `Your ${plan} subscription expires soon`,
        title: 'Subscription expiring soon',
        message: `Your ${plan} subscription (${months}, ${total}) expires on ${expiry}. To keep it without a break, order a new one in the shop.`,
      };
    case 'expired':
      return {
        ...common,
        subject: `Your ${plan} subscription has expired`,
        title: 'Subscription expired',
        message: `Your ${plan} subscription (${months}, ${total}) expired on ${expiry}. You can renew it at any time from your account.`,
      };
    case 'renewal_confirmed':
      return {
        ...common,
        subject: `Renewal confirmed: ${plan}, ${renewedMonths} ${renewedMonths === 1 ? 'month' : 'months'}`,
        title: 'Renewal confirmed',
        message: `Your payment of ${amount} is confirmed: your ${plan} subscription is extended by ${renewedMonths} ${renewedMonths === 1 ? 'month' : 'months'}, until ${expiry}.`,
      };
    case 'cancellation_confirmed':
      return {
        ...common,
        subject: `Cancellation confirmed: ${plan}`,
        title: 'Cancellation confirmed',
        message: `Your ${plan} subscription is cancelled: it will not renew. You keep it until ${expiry}, when your access ends.`,
      };
    case 'refund_requested':
      return {
        ...common,
        subject: `Refund request received: ${plan}`,
        title: 'Refund request received',
        message: `We have received your request for a refund of ${amount} for your ${plan} subscription, under the 7-day satisfied-or-refunded guarantee. A refund granted reaches you in 3 to 5 business days.`,
      };
  }
}
