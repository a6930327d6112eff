import { paymentReactor } from './payment-reactor.js';
import type { PaymentConfirmed } from '@shop/domain';
import { notificationReactor } from './notification-reactor.js';
import { accountMailReactor } from './account-mail-reactor.js';
import { orderMailReactor } from './order-mail-reactor.js';
import type { Reactor } from './reactor.js';

/** When a subscription becomes active, a delayed job expires it at its expiry date. */
export const expiryReactor: Reactor = {
  name: 'subscription-expiry',
  eventTypes: ['PaymentConfirmed'],
  react: (event) => {
    const data = event.data as PaymentConfirmed['data'];
    return [
      {
        name: 'expire-subscription',
        data: { subscriptionId: data.subscriptionId },
        jobId: event.id,
        runAt: new Date(data.expiresAt),
      },
    ];
  },
};

export const ALL_REACTORS: readonly Reactor[] = [
  expiryReactor,
  notificationReactor,
  accountMailReactor,
  paymentReactor,
  orderMailReactor,
];
