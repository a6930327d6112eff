import type { OrderRefunded, PaymentConfirmed, RenewalRefunded, SubscriptionRenewed } from '@shop/domain';
import type { Reactor } from '../reactors/reactor.js';

/** The events that set a subscription's expiry: a payment, a renewal paid, a renewal or the order refunded. */
export const EXPIRY_SETTING_EVENTS = [
  'PaymentConfirmed',
  'SubscriptionRenewed',
  'RenewalRefunded',
  'OrderRefunded',
] as const;
type ExpirySetting = PaymentConfirmed | SubscriptionRenewed | RenewalRefunded | OrderRefunded;

const expiryOf = (event: ExpirySetting): string =>
  event.type === 'SubscriptionRenewed' ? event.data.to : event.data.expiresAt;

/**
 * Whenever a subscription's expiry is set, a delayed job expires it then. A timer left from an
 * earlier expiry (before a renewal) finds the subscription still running and does nothing.
 */
export const expiryReactor: Reactor = {
  name: 'subscription-expiry',
  eventTypes: EXPIRY_SETTING_EVENTS,
  react: (recorded) => {
    const event = { type: recorded.type, data: recorded.data } as ExpirySetting;
    return [
      {
        jobId: recorded.id,
        name: 'expire-subscription',
        data: { subscriptionId: event.data.subscriptionId, causationId: recorded.id },
        runAt: new Date(expiryOf(event)),
      },
    ];
  },
};
