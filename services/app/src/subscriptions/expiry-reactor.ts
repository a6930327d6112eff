import type { PaymentConfirmed } from '@shop/domain';
import type { Reactor } from '../reactors/reactor.js';

/** When a subscription becomes active, a delayed job expires it at its expiry date. */
export const expiryReactor: Reactor = {
  name: 'subscription-expiry',
  eventTypes: ['PaymentConfirmed'],
  react: (event) => {
    const data = event.data as PaymentConfirmed['data'];
    return [
      {
        name: 'expire-subscription',
        data: { subscriptionId: data.subscriptionId, causationId: event.id },
        jobId: event.id,
        runAt: new Date(data.expiresAt),
      },
    ];
  },
};
