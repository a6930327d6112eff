import { FREE_OFFER_PROVIDER, givenBackByRefundInFull, OPERATOR_PROVIDER, type SubscriptionEvent } from '@shop/domain';
import { asDomainEvent, type RecordedEvent } from '@shop/event-store';
import type { JobDataByName, JobRequest, OrderMailKind } from '../jobs/job-queue.js';
import { RENEWAL_NOTICE_BEFORE_MS, RENEWAL_REMINDERS } from './order-mail-jobs.js';
import type { Reactor } from '../reactors/reactor.js';

/*
 * The job id is the event id plus the kind: the expiry reactor already uses the bare id of
 * PaymentConfirmed for its own job, and the queue keeps one job per id whatever its name.
 */
const orderMailJob = (
  recorded: RecordedEvent,
  subscriptionId: string,
  kind: OrderMailKind,
  options: Partial<Omit<JobDataByName['send-order-mail'], 'kind' | 'subscriptionId' | 'mailId' | 'at'>> & {
    /** When the news happened, if not when its event was recorded; the job runs then. */
    at?: Date;
    /** Tells apart two jobs of one kind for the same event. */
    tag?: string;
  } = {},
): JobRequest<'send-order-mail'> => {
  const { at = recorded.recordedAt, tag, ...details } = options;
  const mailId = `${recorded.id}:${kind}${tag ? `:${tag}` : ''}`;
  const given = Object.entries(details).filter(([, value]) => value !== undefined);
  return {
    name: 'send-order-mail',
    data: { kind, subscriptionId, mailId, at: at.toISOString(), ...(Object.fromEntries(given) as typeof details) },
    jobId: mailId,
    ...(options.at ? { runAt: options.at } : {}),
  };
};

/**
 * The renewal reminders for an expiry (7 days and 1 day before it), each keyed by how long before
 * it comes, and the notice of its automatic charge (7 days before it): which the customer gets is
 * decided when they are due (a reminder while it renews by hand, the notice while it renews
 * itself). Those already past when the expiry is set are left out, measured from the event.
 */
function renewalReminders(recorded: RecordedEvent, subscriptionId: string, expiresAt: string): JobRequest[] {
  const dueAt = (beforeMs: number) => new Date(Date.parse(expiresAt) - beforeMs);
  const ahead = (at: Date) => at.getTime() > recorded.recordedAt.getTime();
  const reminders = RENEWAL_REMINDERS.flatMap(({ tag, beforeMs }) => {
    const at = dueAt(beforeMs);
    return ahead(at) ? [orderMailJob(recorded, subscriptionId, 'renewal_reminder', { at, expiresAt, tag })] : [];
  });
  const noticeAt = dueAt(RENEWAL_NOTICE_BEFORE_MS);
  return ahead(noticeAt)
    ? [...reminders, orderMailJob(recorded, subscriptionId, 'renewal_upcoming', { at: noticeAt, expiresAt })]
    : reminders;
}

/**
 * Order news for the customer: order received, order cancelled unpaid (abandoned), payment confirmed, credentials ready (each
 * assignment, a replacement too), expired; a renewal paid, a cancellation (with the date access
 * ends), a refund request received, a refund issued (part or all of a payment), a suspension;
 * renewal reminders 7 days and 1 day before each expiry when it does not renew itself (they
 * replaced the 3-day "expiring soon" notice, whose jobs scheduled before still send); each
 * declined charge of an automatic renewal, with when it is tried again; the notice of an
 * automatic charge when renewal is turned on after that notice was due.
 */
export const orderMailReactor: Reactor = {
  name: 'order-mail',
  eventTypes: [
    'OrderPlaced',
    'OrderAbandoned',
    'PaymentConfirmed',
    'CredentialsAssigned',
    'SubscriptionExpired',
    'SubscriptionRenewed',
    'SubscriptionCancellationRecorded',
    'RefundRequested',
    'PartialRefundRecorded',
    'PaymentRefunded',
    'RenewalRefunded',
    'OrderRefunded',
    'SubscriptionStatusChanged',
    'RenewalChargeFailed',
    'AutoRenewalEnabled',
  ] satisfies ReadonlyArray<SubscriptionEvent['type']>,
  react: (recorded) => {
    const event = asDomainEvent<SubscriptionEvent>(recorded);
    switch (event.type) {
      case 'OrderPlaced':
        // A subscription the operator granted or the free offer gave is paid in the same breath:
        // its mail is the confirmation.
        if (event.data.provider === OPERATOR_PROVIDER || event.data.provider === FREE_OFFER_PROVIDER) return [];
        return [
          orderMailJob(recorded, event.data.subscriptionId, 'order_received', {
            immediateAccess: event.data.immediateAccess,
          }),
        ];
      case 'OrderAbandoned':
        return [orderMailJob(recorded, event.data.subscriptionId, 'order_abandoned')];
      case 'PaymentConfirmed': {
        const { subscriptionId, expiresAt } = event.data;
        return [
          orderMailJob(recorded, subscriptionId, 'payment_confirmed'),
          ...renewalReminders(recorded, subscriptionId, expiresAt),
        ];
      }
      case 'SubscriptionRenewed': {
        const { subscriptionId, to, amountCents, months, paymentReference } = event.data;
        return [
          orderMailJob(recorded, subscriptionId, 'renewal_confirmed', {
            expiresAt: to,
            amountCents,
            months,
            paymentReference,
          }),
          ...renewalReminders(recorded, subscriptionId, to),
        ];
      }
      case 'SubscriptionCancellationRecorded':
        return [
          orderMailJob(recorded, event.data.subscriptionId, 'cancellation_confirmed', {
            expiresAt: event.data.accessEndsAt,
          }),
        ];
      case 'RefundRequested':
        return [
          orderMailJob(recorded, event.data.subscriptionId, 'refund_requested', {
            amountCents: event.data.amountCents,
          }),
        ];
      case 'PartialRefundRecorded':
        // A refund of an extra payment (a double charge) is the operator's own business.
        if (event.data.kind === 'extra') return [];
        return [
          orderMailJob(recorded, event.data.subscriptionId, 'refund_issued', { amountCents: event.data.amountCents }),
        ];
      case 'PaymentRefunded':
      case 'RenewalRefunded':
      case 'OrderRefunded': {
        // The payment's amount less what partial refunds gave back before.
        const amountCents = givenBackByRefundInFull(event.data);
        // Whether it ended the subscription, or the expiry it moved back to.
        const ended = event.type === 'PaymentRefunded' || (event.type === 'RenewalRefunded' && event.data.ends);
        const after = ended
          ? { ended: true as const }
          : 'expiresAt' in event.data
            ? { expiresAt: event.data.expiresAt }
            : {};
        return [orderMailJob(recorded, event.data.subscriptionId, 'refund_issued', { amountCents, ...after })];
      }
      case 'SubscriptionStatusChanged':
        if (event.data.to === 'suspended') return [orderMailJob(recorded, event.data.subscriptionId, 'suspended')];
        // Ended by the operator before its term: the expiry news, as of that moment (not the date it had).
        if (event.data.to === 'expired') {
          return [orderMailJob(recorded, event.data.subscriptionId, 'expired', { expiresAt: event.data.changedAt })];
        }
        return [];
      case 'CredentialsAssigned':
        return [orderMailJob(recorded, event.data.subscriptionId, 'credentials_ready')];
      case 'SubscriptionExpired':
        return [orderMailJob(recorded, event.data.subscriptionId, 'expired')];
      case 'RenewalChargeFailed':
        return [
          orderMailJob(recorded, event.data.subscriptionId, 'renewal_failed', {
            amountCents: event.data.amountCents,
            ...(event.data.nextAttemptAt ? { retryAt: event.data.nextAttemptAt } : {}),
          }),
        ];
      case 'AutoRenewalEnabled':
        // Turned on after the notice of its expiry was due (inside the last week): the notice now;
        // the job gives none when that expiry's own notice is still to come, as of when it was turned on.
        return [
          orderMailJob(recorded, event.data.subscriptionId, 'renewal_upcoming', {
            tag: 'on',
            at: new Date(event.data.enabledAt),
          }),
        ];
      default:
        return [];
    }
  },
};
