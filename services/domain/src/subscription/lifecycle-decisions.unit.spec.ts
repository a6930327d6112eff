import { describe, expect, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import type {
  AbandonOrder,
  AbandonRenewal,
  CancelSubscription,
  ConfirmPayment,
  OpenPaymentSession,
  OrderRenewal,
  RefundPayment,
  RequestRefund,
} from './commands.js';
import { subscriptionDecider } from './decide.js';
import { paymentToClaim } from './lifecycle-decisions.js';
import {
  type PaymentSessionOpened,
  type RefundRequested,
  type RenewalAbandoned,
  type SubscriptionEvent,
} from './events.js';
import {
  confirmPaymentCommand,
  DURING,
  EXPIRES_AT,
  orderPlacedEvent,
  PAID_AT,
  PLACED_AT,
  paymentConfirmedEvent,
  paymentRefundedEvent,
  renewalOrderedEvent,
  renewalSessionOpenedEvent,
  stateAfter,
  SUBSCRIPTION_ID,
  subscriptionRenewedEvent,
  USER_ID,
} from './testing/subscription-fixtures.js';

const spec = () => DeciderSpec.for(subscriptionDecider);

// A Netflix subscription of three months at 4,53 € a month, paid with Stripe.
const placed = orderPlacedEvent();
const paid = paymentConfirmedEvent();
const active = [placed, paid];

// ---- renewal ----

const orderRenewal = (data: Partial<OrderRenewal['data']> = {}): OrderRenewal => ({
  type: 'OrderRenewal',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    renewalId: 'ren-1',
    userId: USER_ID,
    // The catalogue's price now: 4,99 € a month.
    plan: { monthlyPriceCents: 499, currency: 'EUR' },
    months: 1,
    promotion: null,
    provider: 'stripe',
    now: DURING,
    ...data,
  },
});

const renewalOrdered = renewalOrderedEvent;

const openRenewalSession = (renewalId = 'ren-1', sessionId = 'cs_renew'): OpenPaymentSession => ({
  type: 'OpenPaymentSession',
  data: { subscriptionId: SUBSCRIPTION_ID, provider: 'stripe', sessionId, renewalId, now: DURING },
});

const renewalSessionOpened = (renewalId = 'ren-1', sessionId = 'cs_renew'): PaymentSessionOpened =>
  renewalSessionOpenedEvent({ renewalId, sessionId });

const payRenewal = (data: Partial<ConfirmPayment['data']> = {}): ConfirmPayment =>
  confirmPaymentCommand({
    paymentReference: 'pi_renew',
    amountCents: 499,
    sessionId: 'cs_renew',
    paidAt: DURING,
    now: DURING,
    ...data,
  });

const renewed = subscriptionRenewedEvent;

const renewalOpen = [...active, renewalOrdered(), renewalSessionOpened()];

describe('renewing a subscription', () => {
  it('orders a renewal at the catalogue price of the moment, a promotion taken off', () => {
    spec()
      .given(active)
      .when(orderRenewal({ months: 3, promotion: { code: 'WELCOME10', percentOff: 10 } }))
      .then([
        renewalOrdered({
          months: 3,
          subtotalCents: 1497,
          discountPercent: 10,
          discountCents: 150,
          totalCents: 1347,
          promoCode: 'WELCOME10',
        }),
      ]);
  });

  it('orders nothing twice for the same renewal (a retry)', () => {
    spec()
      .given([...active, renewalOrdered()])
      .when(orderRenewal())
      .thenNothing();
  });

  it.each<
    [
      refused: string,
      history: SubscriptionEvent[],
      renewal: Partial<OrderRenewal['data']>,
      refusal: { code: string; details?: Record<string, unknown> },
    ]
  >([
    ['an order not paid yet', [placed], {}, { code: 'subscription.not_renewable', details: { status: 'pending' } }],
    [
      'a cancelled subscription',
      [
        ...active,
        {
          type: 'SubscriptionStatusChanged',
          data: { subscriptionId: SUBSCRIPTION_ID, from: 'active', to: 'cancelled', reason: 'x', changedAt: PAID_AT },
        },
      ],
      {},
      { code: 'subscription.not_renewable', details: { status: 'cancelled' } },
    ],
    [
      'a voided subscription',
      [
        ...active,
        {
          type: 'SubscriptionVoided',
          data: { subscriptionId: SUBSCRIPTION_ID, statusBefore: 'active', reason: 'mistake', voidedAt: PAID_AT },
        },
      ],
      {},
      { code: 'subscription.voided' },
    ],
    [
      "another customer's subscription, as if it did not exist",
      active,
      { userId: 'intruder' },
      { code: 'subscription.not_found' },
    ],
    ['for a duration the shop does not sell', active, { months: 2 }, { code: 'order.invalid_duration' }],
  ])('refuses to renew %s', (_refused, history, renewal, refusal) => {
    spec().given(history).when(orderRenewal(renewal)).thenThrows(refusal);
  });

  it('opens a checkout for a renewal ordered and not paid, and for no other', () => {
    spec()
      .given([...active, renewalOrdered()])
      .when(openRenewalSession())
      .then([renewalSessionOpened()]);
    spec().given(active).when(openRenewalSession('ren-unknown')).thenThrows({ code: 'renewal.not_found' });
    spec()
      .given([...renewalOpen, renewed()])
      .when(openRenewalSession('ren-1', 'cs_again'))
      .thenThrows({ code: 'renewal.already_paid' });
  });

  it('moves the expiry by exactly the months renewed, from the current expiry, once paid', () => {
    spec().given(renewalOpen).when(payRenewal()).then([renewed()]);
  });

  it('starts from the payment when the subscription had already expired, and makes it active again', () => {
    const late = new Date('2026-04-20T08:00:00.000Z');
    const expired: SubscriptionEvent = {
      type: 'SubscriptionExpired',
      data: { subscriptionId: SUBSCRIPTION_ID, expiresAt: EXPIRES_AT, expiredAt: '2026-04-10T09:06:00.000Z' },
    };
    spec()
      .given([...active, expired, renewalOrdered(), renewalSessionOpened()])
      .when(payRenewal({ paidAt: late, now: late }))
      .then([renewed({ from: late.toISOString(), to: '2026-05-20T08:00:00.000Z', paidAt: late.toISOString() })]);
    const state = stateAfter([...active, expired, renewalOrdered(), renewalSessionOpened(), renewed()]);
    expect(state).toMatchObject({ status: 'active', expiresAt: '2026-05-10T09:05:00.000Z' });
  });

  it('changes nothing when the same renewal payment is reported again, by any path', () => {
    spec()
      .given([...renewalOpen, renewed()])
      .when(payRenewal())
      .thenNothing();
  });

  it('records a second payment of a renewal paid already for a refund, leaving the expiry', () => {
    spec()
      .given([...renewalOpen, renewed(), renewalSessionOpened('ren-1', 'cs_second')])
      .when(payRenewal({ paymentReference: 'pi_second', sessionId: 'cs_second' }))
      .then([
        {
          type: 'ExtraPaymentRecorded',
          data: {
            subscriptionId: SUBSCRIPTION_ID,
            provider: 'stripe',
            paymentReference: 'pi_second',
            amountCents: 499,
            currency: 'EUR',
            firstPaymentReference: 'pi_renew',
            recordedAt: DURING.toISOString(),
          },
        },
      ]);
  });

  it('records a renewal paid short as a mismatch, the expiry unchanged', () => {
    spec()
      .given(renewalOpen)
      .when(payRenewal({ amountCents: 100 }))
      .then([
        {
          type: 'PaymentMismatchRecorded',
          data: {
            subscriptionId: SUBSCRIPTION_ID,
            provider: 'stripe',
            paymentReference: 'pi_renew',
            amountCents: 100,
            currency: 'EUR',
            expectedAmountCents: 499,
            expectedCurrency: 'EUR',
            recordedAt: DURING.toISOString(),
          },
        },
      ]);
  });

  it('gives back the months of a renewal whose payment was refunded, and keeps the subscription', () => {
    const refundRenewal: RefundPayment = {
      type: 'RefundPayment',
      data: {
        subscriptionId: SUBSCRIPTION_ID,
        provider: 'stripe',
        paymentReference: 'pi_renew',
        amountCents: 499,
        currency: 'eur',
        now: DURING,
      },
    };
    spec()
      .given([...renewalOpen, renewed()])
      .when(refundRenewal)
      .then([
        {
          type: 'RenewalRefunded',
          data: {
            subscriptionId: SUBSCRIPTION_ID,
            provider: 'stripe',
            paymentReference: 'pi_renew',
            amountCents: 499,
            currency: 'EUR',
            refundedAt: DURING.toISOString(),
            renewalId: 'ren-1',
            expiresAt: EXPIRES_AT,
          },
        },
      ]);
  });
});

// ---- cancellation ----

const cancel = (data: Partial<CancelSubscription['data']> = {}): CancelSubscription => ({
  type: 'CancelSubscription',
  data: { subscriptionId: SUBSCRIPTION_ID, userId: USER_ID, reason: 'Too expensive', now: DURING, ...data },
});

describe('cancelling a subscription', () => {
  it('records the cancellation with the date access ends, once', () => {
    const cancelled: SubscriptionEvent = {
      type: 'SubscriptionCancellationRecorded',
      data: {
        subscriptionId: SUBSCRIPTION_ID,
        reason: 'Too expensive',
        accessEndsAt: EXPIRES_AT,
        cancelledAt: DURING.toISOString(),
      },
    };
    spec().given(active).when(cancel()).then([cancelled]);
    spec()
      .given([...active, cancelled])
      .when(cancel())
      .thenNothing();
    const state = stateAfter([...active, cancelled]);
    expect(state).toMatchObject({ status: 'active', expiresAt: EXPIRES_AT });
  });

  it('refuses to cancel again once it ended: cancelled and then refunded, its access is over', () => {
    const cancelled: SubscriptionEvent = {
      type: 'SubscriptionCancellationRecorded',
      data: {
        subscriptionId: SUBSCRIPTION_ID,
        reason: null,
        accessEndsAt: EXPIRES_AT,
        cancelledAt: DURING.toISOString(),
      },
    };
    const refunded = paymentRefundedEvent(DURING.toISOString());
    spec()
      .given([...active, cancelled, refunded])
      .when(cancel())
      .thenThrows({ code: 'subscription.not_active' });
  });

  it('refuses to cancel an order not paid, or someone else’s subscription', () => {
    spec().given([placed]).when(cancel()).thenThrows({ code: 'subscription.not_active' });
    spec()
      .given(active)
      .when(cancel({ userId: 'intruder' }))
      .thenThrows({ code: 'subscription.not_found' });
  });
});

// ---- the 7-day guarantee ----

const requestRefund = (now: Date, data: Partial<RequestRefund['data']> = {}): RequestRefund => ({
  type: 'RequestRefund',
  data: { subscriptionId: SUBSCRIPTION_ID, userId: USER_ID, reason: 'Not what I expected', now, ...data },
});

const refundRequested = (data: Partial<RefundRequested['data']> = {}): RefundRequested => ({
  type: 'RefundRequested',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    paymentReference: 'pi_order',
    amountCents: 1359,
    currency: 'EUR',
    reason: 'Not what I expected',
    requestedAt: '2026-01-16T09:00:00.000Z',
    ...data,
  },
});

describe('asking for a refund within 7 days', () => {
  const sixDaysLater = new Date('2026-01-16T09:00:00.000Z');
  const eightDaysLater = new Date('2026-01-18T09:05:01.000Z');

  it('records the request for the latest payment within 7 days of it, once', () => {
    const requested = refundRequested();
    spec().given(active).when(requestRefund(sixDaysLater)).then([requested]);
    spec()
      .given([...active, requested])
      .when(requestRefund(sixDaysLater))
      .thenNothing();
  });

  it('refuses once the 7 days are over', () => {
    spec()
      .given(active)
      .when(requestRefund(eightDaysLater))
      .thenThrows({ code: 'refund.window_closed', details: { windowDays: 7 } });
  });

  it('opens a new window with each renewal paid, for that payment', () => {
    spec()
      .given([...renewalOpen, renewed()])
      .when(requestRefund(new Date('2026-03-05T00:00:00.000Z')))
      .then([
        refundRequested({ paymentReference: 'pi_renew', amountCents: 499, requestedAt: '2026-03-05T00:00:00.000Z' }),
      ]);
  });

  it('refuses when nothing was paid', () => {
    spec().given([placed]).when(requestRefund(sixDaysLater)).thenThrows({ code: 'refund.nothing_to_refund' });
  });

  it('covers each payment within its own 7 days: renewed within the order’s, both may be asked back, latest first', () => {
    // Paid on 10 January, renewed (4,99 €) on the 12th: on the 16th both are within their 7 days.
    const renewedSoon = [
      ...active,
      renewalOrdered({ orderedAt: '2026-01-12T09:00:00.000Z' }),
      renewalSessionOpened(),
      renewed({ paidAt: '2026-01-12T09:00:00.000Z' }),
    ];
    const forRenewal = refundRequested({ paymentReference: 'pi_renew', amountCents: 499 });
    spec().given(renewedSoon).when(requestRefund(sixDaysLater)).then([forRenewal]);
    spec()
      .given([...renewedSoon, forRenewal])
      .when(requestRefund(sixDaysLater))
      .then([refundRequested()]);
    spec()
      .given([...renewedSoon, forRenewal, refundRequested()])
      .when(requestRefund(sixDaysLater))
      .thenNothing();
    // On the 18th the order's 7 days are over; the renewal's are not.
    const eighteenth = new Date('2026-01-18T10:00:00.000Z');
    spec()
      .given([...renewedSoon, forRenewal])
      .when(requestRefund(eighteenth))
      .thenNothing();
    expect(
      paymentToClaim(
        [
          { reference: 'pi_order', paidAt: PAID_AT, amountCents: 1359, refundedCents: 0, requested: false },
          {
            reference: 'pi_renew',
            paidAt: '2026-01-12T09:00:00.000Z',
            amountCents: 499,
            refundedCents: 0,
            requested: true,
          },
        ],
        eighteenth,
      ),
    ).toBeNull();
  });

  it('passes over a payment with nothing to give back (a renewal free with a code) for the one before it', () => {
    const freeRenewal = [
      ...active,
      renewalOrdered({
        orderedAt: '2026-01-12T09:00:00.000Z',
        totalCents: 0,
        discountCents: 499,
        discountPercent: 100,
      }),
      renewalSessionOpened(),
      renewed({ paidAt: '2026-01-12T09:00:00.000Z', amountCents: 0 }),
    ];
    spec().given(freeRenewal).when(requestRefund(sixDaysLater)).then([refundRequested()]);
  });
});

// ---- an order never paid ----

const HOUR = 3600_000;
const abandon = (hoursAfterPlacing: number): AbandonOrder => ({
  type: 'AbandonOrder',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    pendingHours: 48,
    now: new Date(Date.parse(PLACED_AT) + hoursAfterPlacing * HOUR),
  },
});
const abandoned: SubscriptionEvent = {
  type: 'OrderAbandoned',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    pendingHours: 48,
    abandonedAt: new Date(Date.parse(PLACED_AT) + 49 * HOUR).toISOString(),
  },
};

describe('an order left unpaid', () => {
  it('is cancelled as abandoned once it has waited its hours for a payment, once', () => {
    spec().given([placed]).when(abandon(49)).then([abandoned]);
    spec().given([placed]).when(abandon(47)).thenNothing();
    spec().given([placed, abandoned]).when(abandon(50)).thenNothing();
    expect(stateAfter([placed, abandoned])).toMatchObject({ status: 'cancelled', abandoned: true });
  });

  it('gives back the use of its promo code, and a payment after all takes it again', () => {
    const withCode = { ...placed, data: { ...placed.data, promoCode: 'BIENVENUE10' } } as SubscriptionEvent;
    const abandonedWithCode = { ...abandoned, data: { ...abandoned.data, promoCode: 'BIENVENUE10' } };
    spec().given([withCode]).when(abandon(49)).then([abandonedWithCode]);
    const late = new Date(Date.parse(PLACED_AT) + 50 * HOUR);
    const [confirmed] = subscriptionDecider.decide(
      confirmPaymentCommand({ paidAt: late, now: late }),
      stateAfter([withCode, abandonedWithCode]),
    );
    expect(confirmed).toMatchObject({ type: 'PaymentConfirmed', data: { retakesPromoCode: 'BIENVENUE10' } });
    // Paid in time, the use was never given back.
    const [onTime] = subscriptionDecider.decide(confirmPaymentCommand(), stateAfter([withCode]));
    expect(onTime?.data).not.toHaveProperty('retakesPromoCode');
  });

  it('is left alone once paid', () => {
    spec().given(active).when(abandon(49)).thenNothing();
  });

  it('is still paid by a payment that comes after all: the customer paid for it', () => {
    const late = new Date(Date.parse(PLACED_AT) + 50 * HOUR);
    spec()
      .given([placed, abandoned])
      .when(confirmPaymentCommand({ paidAt: late, now: late }))
      .then([
        paymentConfirmedEvent({
          paidAt: late.toISOString(),
          expiresAt: new Date(Date.UTC(2026, 3, 12, 11, 0)).toISOString(),
        }),
      ]);
    // But no new checkout is opened for it: the customer orders again.
    expect(() =>
      subscriptionDecider.decide(
        {
          type: 'OpenPaymentSession',
          data: { subscriptionId: SUBSCRIPTION_ID, provider: 'stripe', sessionId: 'cs_2', now: late },
        },
        stateAfter([placed, abandoned]),
      ),
    ).toThrow(/cancelled/);
  });
});

// ---- a renewal never paid ----

const abandonRenewal = (hoursAfterOrdering: number, renewalId = 'ren-1'): AbandonRenewal => ({
  type: 'AbandonRenewal',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    renewalId,
    pendingHours: 48,
    now: new Date(DURING.getTime() + hoursAfterOrdering * HOUR),
  },
});
const renewalAbandoned = (data: Partial<RenewalAbandoned['data']> = {}): RenewalAbandoned => ({
  type: 'RenewalAbandoned',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    renewalId: 'ren-1',
    pendingHours: 48,
    abandonedAt: new Date(DURING.getTime() + 49 * HOUR).toISOString(),
    ...data,
  },
});

describe('a renewal left unpaid', () => {
  it('is given up once it has waited its hours for a payment, once; the subscription runs on', () => {
    spec().given(renewalOpen).when(abandonRenewal(49)).then([renewalAbandoned()]);
    spec().given(renewalOpen).when(abandonRenewal(47)).thenNothing();
    spec()
      .given([...renewalOpen, renewalAbandoned()])
      .when(abandonRenewal(50))
      .thenNothing();
    spec().given(renewalOpen).when(abandonRenewal(49, 'ren-unknown')).thenNothing();
    expect(stateAfter([...renewalOpen, renewalAbandoned()])).toMatchObject({
      status: 'active',
      expiresAt: EXPIRES_AT,
      renewals: { 'ren-1': { abandoned: true } },
    });
  });

  it('is left alone once paid, and an automatic one is left to its own retries', () => {
    spec()
      .given([...renewalOpen, renewed()])
      .when(abandonRenewal(49))
      .thenNothing();
    const automatic = renewalOrdered({ automatic: { forExpiry: EXPIRES_AT, retryHours: [24, 72] } });
    spec()
      .given([...active, automatic])
      .when(abandonRenewal(100))
      .thenNothing();
  });

  it('gives back the use of its promo code, and a payment after all renews and takes it again', () => {
    const withCode = [...active, renewalOrdered({ promoCode: 'FIDELE20' }), renewalSessionOpened()];
    spec()
      .given(withCode)
      .when(abandonRenewal(49))
      .then([renewalAbandoned({ promoCode: 'FIDELE20' })]);
    const late = new Date(DURING.getTime() + 50 * HOUR);
    const [paidLate] = subscriptionDecider.decide(
      payRenewal({ paidAt: late, now: late }),
      stateAfter([...withCode, renewalAbandoned({ promoCode: 'FIDELE20' })]),
    );
    expect(paidLate).toMatchObject({
      type: 'SubscriptionRenewed',
      data: { renewalId: 'ren-1', from: EXPIRES_AT, retakesPromoCode: 'FIDELE20' },
    });
    // Paid in time, the use was never given back.
    const [onTime] = subscriptionDecider.decide(payRenewal(), stateAfter(withCode));
    expect(onTime?.data).not.toHaveProperty('retakesPromoCode');
    // No new checkout is opened for it: the customer orders another renewal.
    expect(() =>
      subscriptionDecider.decide(
        openRenewalSession('ren-1', 'cs_again'),
        stateAfter([...withCode, renewalAbandoned({ promoCode: 'FIDELE20' })]),
      ),
    ).toThrow(/given up/);
  });
});
