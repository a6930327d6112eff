import type { PaymentConfirmed } from '@shop/domain';
import { jobPerEvent } from '../reactors/reactor.js';

/** When a subscription becomes active, a delayed job expires it at its expiry date. */
export const expiryReactor = jobPerEvent<PaymentConfirmed>(
  'subscription-expiry',
  'PaymentConfirmed',
  (data, event) => ({
    name: 'expire-subscription',
    data: { subscriptionId: data.subscriptionId, causationId: event.id },
    runAt: new Date(data.expiresAt),
  }),
);
