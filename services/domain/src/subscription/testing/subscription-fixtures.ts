/**
 * The order the subscription specs start from: three months of Netflix Premium at 4,53 € a month,
 * 13,59 € without a promotion, placed on 10 January 2026 and paid five minutes later with Stripe.
 * Test-only; every builder takes the fields a scenario changes.
 */
import { foldEvents } from '../../shared/decider.js';
import type { ConfirmPayment } from '../commands.js';
import { subscriptionDecider } from '../decide.js';
import type {
  OrderPlaced,
  PaymentConfirmed,
  PaymentRefunded,
  PaymentSessionOpened,
  RenewalOrdered,
  SubscriptionEvent,
  SubscriptionRenewed,
} from '../events.js';

export const SUBSCRIPTION_ID = 'sub-0001';
export const USER_ID = 'user-42';
export const NETFLIX = { id: 'netflix', name: 'Netflix Premium', monthlyPriceCents: 453, currency: 'EUR' };

export const PLACED_AT = '2026-01-10T09:00:00.000Z';
export const PAID_AT = '2026-01-10T09:05:00.000Z';
export const EXPIRES_AT = '2026-04-10T09:05:00.000Z';
/** A moment of the paid period, when the renewal specs' customer renews. */
export const DURING = new Date('2026-03-01T12:00:00.000Z');

/** The subscription as `events` leave it. */
export const stateAfter = (events: readonly SubscriptionEvent[]) => foldEvents(subscriptionDecider, events);

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

/** The order's payment at Stripe: 13,59 € under `pi_order`. */
const ORDER_PAYMENT = {
  subscriptionId: SUBSCRIPTION_ID,
  provider: 'stripe',
  paymentReference: 'pi_order',
  amountCents: 1359,
  currency: 'EUR',
};

/** Its payment as Stripe reports it: 13,59 € under `pi_order`, three months from the payment. */
export const paymentConfirmedEvent = (data: Partial<PaymentConfirmed['data']> = {}): PaymentConfirmed => ({
  type: 'PaymentConfirmed',
  data: {
    ...ORDER_PAYMENT,
    paidAt: PAID_AT,
    expiresAt: EXPIRES_AT,
    ...data,
  },
});

/** That payment refunded in full by Stripe (the subscription ends), at `refundedAt`. */
export const paymentRefundedEvent = (refundedAt: string): PaymentRefunded => ({
  type: 'PaymentRefunded',
  data: { ...ORDER_PAYMENT, refundedAt },
});

/** Stripe's payment of the order as the shop is told of it: 13,59 € under `pi_order`, at the payment. */
export const confirmPaymentCommand = (data: Partial<ConfirmPayment['data']> = {}): ConfirmPayment => ({
  type: 'ConfirmPayment',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    provider: 'stripe',
    paymentReference: 'pi_order',
    amountCents: 1359,
    currency: 'eur',
    sessionId: 'cs_order',
    paidAt: new Date(PAID_AT),
    now: new Date(PAID_AT),
    ...data,
  },
});

/** The customer's renewal `ren-1` ordered during the paid period: a month at the catalogue's 4,99 €, with Stripe. */
export const renewalOrderedEvent = (data: Partial<RenewalOrdered['data']> = {}): RenewalOrdered => ({
  type: 'RenewalOrdered',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    renewalId: 'ren-1',
    months: 1,
    monthlyPriceCents: 499,
    subtotalCents: 499,
    discountPercent: 0,
    discountCents: 0,
    totalCents: 499,
    currency: 'EUR',
    promoCode: null,
    provider: 'stripe',
    orderedAt: DURING.toISOString(),
    ...data,
  },
});

/** Its checkout `cs_renew` opened at Stripe. */
export const renewalSessionOpenedEvent = (data: Partial<PaymentSessionOpened['data']> = {}): PaymentSessionOpened => ({
  type: 'PaymentSessionOpened',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    userId: USER_ID,
    provider: 'stripe',
    sessionId: 'cs_renew',
    renewalId: 'ren-1',
    openedAt: DURING.toISOString(),
    ...data,
  },
});

/** Its payment, 4,99 € under `pi_renew`: a month more from the expiry. */
export const subscriptionRenewedEvent = (data: Partial<SubscriptionRenewed['data']> = {}): SubscriptionRenewed => ({
  type: 'SubscriptionRenewed',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    renewalId: 'ren-1',
    months: 1,
    from: EXPIRES_AT,
    to: '2026-05-10T09:05:00.000Z',
    amountCents: 499,
    currency: 'EUR',
    provider: 'stripe',
    paymentReference: 'pi_renew',
    paidAt: DURING.toISOString(),
    ...data,
  },
});
