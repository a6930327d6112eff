/**
 * The order the subscription specs start from: three months of Netflix Premium at 4,53 € a month,
 * 13,59 € without a promotion, placed on 10 January 2026 and paid five minutes later with Stripe.
 * Test-only; every builder takes the fields a scenario changes.
 */
import type { OrderPlaced, PaymentConfirmed } from '../events.js';

export const SUBSCRIPTION_ID = 'sub-0001';
export const USER_ID = 'user-42';
export const NETFLIX = { id: 'netflix', name: 'Netflix Premium', monthlyPriceCents: 453, currency: 'EUR' };

export const PLACED_AT = '2026-01-10T09:00:00.000Z';
export const PAID_AT = '2026-01-10T09:05:00.000Z';
export const EXPIRES_AT = '2026-04-10T09:05:00.000Z';

/** The order placed. */
export const orderPlacedEvent = (data: Partial<OrderPlaced['data']> = {}): OrderPlaced => ({
  type: 'OrderPlaced',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    userId: USER_ID,
    planId: NETFLIX.id,
    planName: NETFLIX.name,
    months: 3,
    monthlyPriceCents: NETFLIX.monthlyPriceCents,
    subtotalCents: 1359,
    discountPercent: 0,
    discountCents: 0,
    totalCents: 1359,
    currency: 'EUR',
    promoCode: null,
    provider: 'stripe',
    placedAt: PLACED_AT,
    ...data,
  },
});

/** Its payment as Stripe reports it: 13,59 € under `pi_order`, three months from the payment. */
export const paymentConfirmedEvent = (data: Partial<PaymentConfirmed['data']> = {}): PaymentConfirmed => ({
  type: 'PaymentConfirmed',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    provider: 'stripe',
    paymentReference: 'pi_order',
    amountCents: 1359,
    currency: 'EUR',
    paidAt: PAID_AT,
    expiresAt: EXPIRES_AT,
    ...data,
  },
});
