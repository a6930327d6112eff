import { expect } from 'vitest';
import type { EventStore } from '@shop/event-store';
import type { ProviderName } from '../payments/payment-provider.js';
import { UNMATCHED_PAYMENT_EVENT_TYPE, unmatchedPaymentStreamId } from '../payments/payment-service.js';
import type { customerSide } from './provider-checkout.js';
import { eventually } from './test-shop.js';

/**
 * A new customer's order of `months` of `planId`, billed in France, paid with `provider` (expects
 * 201): the customer's token, the subscription and the shop's answer.
 */
export async function newCustomerOrder(
  customers: Pick<ReturnType<typeof customerSide>, 'customer' | 'request'>,
  provider: string,
  planId = 'netflix',
  months = 1,
) {
  const { token } = await customers.customer();
  const placed = await customers.request('POST', '/api/orders', {
    token,
    body: { planId, months, provider, billingCountry: 'FR' },
  });
  expect(placed.status).toBe(201);
  return { token, subscriptionId: placed.body.subscriptionId as string, placed };
}

/**
 * Waits until a payment the shop never opened (paid at the provider, `sessionId` its session
 * there) is recorded as unmatched, and expects the record to tell of it: paid, in euros, naming
 * the subscription it claims to be for.
 */
export async function expectUnmatchedPaid(
  store: EventStore,
  payment: {
    provider: ProviderName;
    sessionId: string;
    paymentReference: string;
    amountCents: number;
    claimedSubscriptionId: string;
  },
) {
  const [recorded] = await eventually(
    () => store.readStream(unmatchedPaymentStreamId(payment.provider, payment.sessionId)),
    (events) => events.length > 0,
  );
  expect(recorded).toMatchObject({
    type: UNMATCHED_PAYMENT_EVENT_TYPE,
    data: { kind: 'paid', currency: 'EUR', ...payment },
  });
}
