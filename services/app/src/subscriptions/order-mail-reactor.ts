import { FREE_OFFER_PROVIDER, OPERATOR_PROVIDER, type SubscriptionEvent } from '@shop/domain';
import { asDomainEvent, type RecordedEvent } from '@shop/event-store';
import type { JobRequest } from '../jobs/job-queue.js';
import type { OrderMailKind } from '../jobs/job-queue.js';
import { EXPIRING_SOON_NOTICE_MS } from './order-mail-jobs.js';
import type { Reactor } from '../reactors/reactor.js';

/*
 * The job id is the event id plus the kind: the expiry reactor already uses the bare id of
 * PaymentConfirmed for its own job, and the queue keeps one job per id whatever its name.
 */
const orderMailJob = (
  recorded: RecordedEvent,
  subscriptionId: string,
  kind: OrderMailKind,
  options: { at?: Date; expiresAt?: string } = {},
): JobRequest<'send-order-mail'> => {
  const mailId = `${recorded.id}:${kind}`;
  const at = options.at ?? recorded.recordedAt;
  return {
    name: 'send-order-mail',
    data: {
      kind,
      subscriptionId,
      mailId,
      at: at.toISOString(),
      ...(options.expiresAt ? { expiresAt: options.expiresAt } : {}),
    },
    jobId: mailId,
    ...(options.at ? { runAt: options.at } : {}),
  };
};

/**
 * Order news for the customer: order received, payment confirmed, credentials ready (each
 * assignment, a replacement too), expiring in 3 days, expired.
 */
export const orderMailReactor: Reactor = {
  name: 'order-mail',
  eventTypes: ['OrderPlaced', 'PaymentConfirmed', 'CredentialsAssigned', 'SubscriptionExpired'] satisfies ReadonlyArray<
    SubscriptionEvent['type']
  >,
  react: (recorded) => {
    const event = asDomainEvent<SubscriptionEvent>(recorded);
    switch (event.type) {
      case 'OrderPlaced':
        // A subscription the operator granted or the free offer gave is paid in the same breath:
        // its mail is the confirmation.
        if (event.data.provider === OPERATOR_PROVIDER || event.data.provider === FREE_OFFER_PROVIDER) return [];
        return [orderMailJob(recorded, event.data.subscriptionId, 'order_received')];
      case 'PaymentConfirmed': {
        const { subscriptionId, expiresAt } = event.data;
        const jobs = [orderMailJob(recorded, subscriptionId, 'payment_confirmed')];
        const noticeAt = new Date(Date.parse(expiresAt) - EXPIRING_SOON_NOTICE_MS);
        // Measured from the event, not the wall clock, so a replay decides the same: a
        // subscription paid with less than the notice left gets no "expiring soon".
        if (noticeAt.getTime() > recorded.recordedAt.getTime()) {
          jobs.push(orderMailJob(recorded, subscriptionId, 'expiring_soon', { at: noticeAt, expiresAt }));
        }
        return jobs;
      }
      case 'CredentialsAssigned':
        return [orderMailJob(recorded, event.data.subscriptionId, 'credentials_ready')];
      case 'SubscriptionExpired':
        return [orderMailJob(recorded, event.data.subscriptionId, 'expired')];
      default:
        return [];
    }
  },
};
