import { describe, expect, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import { NotFoundError } from '../shared/domain-error.js';
import type {
  AssignCredentials,
  ChangeSubscriptionStatus,
  ConfirmPayment,
  ExpireSubscription,
  PlaceOrder,
  RefundPayment,
} from './commands.js';
import { ALLOWED_STATUS_CHANGES, subscriptionDecider } from './decide.js';
import {
  SUBSCRIPTION_STATUSES,
  type CredentialsAssigned,
  type ExtraPaymentRecorded,
  type ExtraPaymentRefunded,
  type OrderPlaced,
  type PaymentConfirmed,
  type PaymentMismatchRecorded,
  type PaymentRefunded,
  type SubscriptionEvent,
  type SubscriptionExpired,
  type SubscriptionStatus,
  type SubscriptionStatusChanged,
} from './events.js';
import {
  NETFLIX,
  orderPlacedEvent,
  paymentConfirmedEvent,
  SUBSCRIPTION_ID,
  USER_ID,
} from './testing/subscription-fixtures.js';

const spec = () => DeciderSpec.for(subscriptionDecider);

const SPOTIFY = { id: 'spotify', name: 'Spotify Family', monthlyPriceCents: 242, currency: 'EUR' };

// One timeline: ordered, paid five minutes later for three months, checked before and after expiry.
const PLACED_AT = new Date('2025-03-10T09:00:00.000Z');
const PAID_AT = new Date('2025-03-10T09:05:00.000Z');
const EXPIRES_AT = '2025-06-10T09:05:00.000Z';
const BEFORE_EXPIRY = new Date('2025-05-01T12:00:00.000Z');
const AFTER_EXPIRY = new Date('2025-06-11T00:00:00.000Z');

// ---- commands ----

/** The order's payment as Stripe reports it: 13,59 € under `pi_001`. */
const STRIPE_PAYMENT = {
  subscriptionId: SUBSCRIPTION_ID,
  provider: 'stripe',
  paymentReference: 'pi_001',
  amountCents: 1359,
  currency: 'EUR',
};

const placeOrder = (data: Partial<PlaceOrder['data']> = {}): PlaceOrder => ({
  type: 'PlaceOrder',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    userId: USER_ID,
    plan: NETFLIX,
    months: 3,
    promotion: null,
    provider: 'stripe',
    now: PLACED_AT,
    ...data,
  },
});

const confirmPayment = (data: Partial<ConfirmPayment['data']> = {}): ConfirmPayment => ({
  type: 'ConfirmPayment',
  data: {
    ...STRIPE_PAYMENT,
    paidAt: PAID_AT,
    now: PAID_AT,
    ...data,
  },
});

const REFUNDED_AT = new Date('2025-03-11T10:00:00.000Z');

const refundPayment = (data: Partial<RefundPayment['data']> = {}): RefundPayment => ({
  type: 'RefundPayment',
  data: {
    ...STRIPE_PAYMENT,
    currency: 'eur',
    now: REFUNDED_AT,
    ...data,
  },
});

const paymentRefunded = (): PaymentRefunded => ({
  type: 'PaymentRefunded',
  data: {
    ...STRIPE_PAYMENT,
    refundedAt: REFUNDED_AT.toISOString(),
  },
});

const assignCredentials = (
  credentialsId = 'cred-1',
  now = BEFORE_EXPIRY,
  credentialsPlanId = NETFLIX.id,
): AssignCredentials => ({
  type: 'AssignCredentials',
  data: { subscriptionId: SUBSCRIPTION_ID, credentialsId, credentialsPlanId, now },
});

const changeStatus = (
  to: SubscriptionStatus,
  now = BEFORE_EXPIRY,
  reason: string | null = 'operator',
): ChangeSubscriptionStatus => ({
  type: 'ChangeSubscriptionStatus',
  data: { subscriptionId: SUBSCRIPTION_ID, to, reason, now },
});

const expire = (now: Date): ExpireSubscription => ({
  type: 'ExpireSubscription',
  data: { subscriptionId: SUBSCRIPTION_ID, now },
});

// ---- events ----

const orderPlaced = (data: Partial<OrderPlaced['data']> = {}): OrderPlaced =>
  orderPlacedEvent({ placedAt: PLACED_AT.toISOString(), ...data });

const paymentConfirmed = (data: Partial<PaymentConfirmed['data']> = {}): PaymentConfirmed =>
  paymentConfirmedEvent({ ...STRIPE_PAYMENT, paidAt: PAID_AT.toISOString(), expiresAt: EXPIRES_AT, ...data });

const paymentMismatch = (data: Partial<PaymentMismatchRecorded['data']> = {}): PaymentMismatchRecorded => ({
  type: 'PaymentMismatchRecorded',
  data: {
    ...STRIPE_PAYMENT,
    paymentReference: 'pi_short',
    amountCents: 1000,
    expectedAmountCents: 1359,
    expectedCurrency: 'EUR',
    recordedAt: PAID_AT.toISOString(),
    ...data,
  },
});

const SECOND_PAID_AT = new Date('2025-03-10T09:07:00.000Z');

const extraPayment = (data: Partial<ExtraPaymentRecorded['data']> = {}): ExtraPaymentRecorded => ({
  type: 'ExtraPaymentRecorded',
  data: {
    ...STRIPE_PAYMENT,
    paymentReference: 'pi_002',
    firstPaymentReference: 'pi_001',
    recordedAt: SECOND_PAID_AT.toISOString(),
    ...data,
  },
});

const extraRefund = (): ExtraPaymentRefunded => ({
  type: 'ExtraPaymentRefunded',
  data: {
    ...STRIPE_PAYMENT,
    paymentReference: 'pi_002',
    refundedAt: REFUNDED_AT.toISOString(),
  },
});

const credentialsAssigned = (credentialsId = 'cred-1'): CredentialsAssigned => ({
  type: 'CredentialsAssigned',
  data: { subscriptionId: SUBSCRIPTION_ID, credentialsId, assignedAt: PAID_AT.toISOString() },
});

const statusChanged = (
  from: SubscriptionStatus,
  to: SubscriptionStatus,
  at = BEFORE_EXPIRY,
  reason: string | null = 'operator',
): SubscriptionStatusChanged => ({
  type: 'SubscriptionStatusChanged',
  data: { subscriptionId: SUBSCRIPTION_ID, from, to, reason, changedAt: at.toISOString() },
});

const subscriptionExpired = (at = AFTER_EXPIRY): SubscriptionExpired => ({
  type: 'SubscriptionExpired',
  data: { subscriptionId: SUBSCRIPTION_ID, expiresAt: EXPIRES_AT, expiredAt: at.toISOString() },
});

/** A history that leaves the subscription in each status (cancelled: before it was ever paid). */
const HISTORY: Record<SubscriptionStatus, SubscriptionEvent[]> = {
  pending: [orderPlaced()],
  active: [orderPlaced(), paymentConfirmed()],
  suspended: [orderPlaced(), paymentConfirmed(), statusChanged('active', 'suspended')],
  cancelled: [orderPlaced(), statusChanged('pending', 'cancelled', PLACED_AT)],
  expired: [orderPlaced(), paymentConfirmed(), subscriptionExpired()],
};

describe('subscription decider', () => {
  describe('PlaceOrder', () => {
    it('prices 3 months of Netflix with a 10% promotion: 453 x 3 = 1359, less 136, is 1223', () => {
      spec()
        .when(placeOrder({ promotion: { code: 'WELCOME10', percentOff: 10 } }))
        .then([
          orderPlaced({
            subtotalCents: 1359,
            discountPercent: 10,
            discountCents: 136,
            totalCents: 1223,
            promoCode: 'WELCOME10',
          }),
        ]);
    });

    it('prices 12 months of Spotify without a promotion: 242 x 12 = 2904', () => {
      spec()
        .when(placeOrder({ plan: SPOTIFY, months: 12 }))
        .then([
          orderPlaced({
            planId: 'spotify',
            planName: 'Spotify Family',
            months: 12,
            monthlyPriceCents: 242,
            subtotalCents: 2904,
            totalCents: 2904,
          }),
        ]);
    });

    it.each([
      { months: 1, total: 453 },
      { months: 3, total: 1359 },
      { months: 12, total: 5436 },
    ])('accepts $months month(s), total $total', ({ months, total }) => {
      spec()
        .when(placeOrder({ months }))
        .then([orderPlaced({ months, subtotalCents: total, totalCents: total })]);
    });

    it.each([0, 2, 6, 24, 1.5])('rejects %d months with order.invalid_duration', (months) => {
      spec()
        .when(placeOrder({ months }))
        .thenThrows({ code: 'order.invalid_duration', details: { months, allowed: [1, 3, 12] } });
    });

    it('stamps placedAt with the injected clock, not the wall clock', () => {
      const now = new Date('2031-07-04T17:30:12.345Z');
      spec()
        .when(placeOrder({ now }))
        .then([orderPlaced({ placedAt: '2031-07-04T17:30:12.345Z' })]);
    });

    it("records the customer's request for access before the withdrawal period ends, and no request when none was made", () => {
      spec()
        .when(placeOrder({ immediateAccess: true }))
        .then([orderPlaced({ immediateAccess: true })]);
      spec()
        .when(placeOrder({ immediateAccess: false }))
        .then([orderPlaced()]);
    });

    it('records an order without a payment provider yet', () => {
      spec()
        .when(placeOrder({ provider: null }))
        .then([orderPlaced({ provider: null })]);
    });

    it('refuses to place the same subscription twice', () => {
      spec()
        .given([orderPlaced()])
        .when(placeOrder())
        .thenThrows({ code: 'subscription.already_exists', details: { subscriptionId: SUBSCRIPTION_ID } });
    });

    it('refuses to reuse the id of a cancelled order', () => {
      spec().given(HISTORY.cancelled).when(placeOrder()).thenThrows({ code: 'subscription.already_exists' });
    });
  });

  describe('RefundPayment', () => {
    it('records the refund of a paid subscription', () => {
      spec().given([orderPlaced(), paymentConfirmed()]).when(refundPayment()).then([paymentRefunded()]);
    });

    it('ignores a provider retry of the same refund', () => {
      spec().given([orderPlaced(), paymentConfirmed(), paymentRefunded()]).when(refundPayment()).thenNothing();
    });

    it('records a refund whose payment notification has not arrived yet: the money came and went back', () => {
      spec().given([orderPlaced()]).when(refundPayment()).then([paymentRefunded()]);
    });
  });

  describe('ConfirmPayment', () => {
    it('activates a pending order until paidAt + its months', () => {
      spec()
        .given([orderPlaced()])
        .when(confirmPayment())
        .then([paymentConfirmed({ expiresAt: EXPIRES_AT })]);
    });

    it('counts the months from when the customer paid, not from when the webhook arrived', () => {
      spec()
        .given([orderPlaced()])
        .when(confirmPayment({ paidAt: PAID_AT, now: new Date('2025-03-12T08:00:00.000Z') }))
        .then([paymentConfirmed({ expiresAt: EXPIRES_AT })]);
    });

    it.each([
      { months: 1, total: 453, paidAt: '2025-01-31T10:00:00.000Z', expiresAt: '2025-02-28T10:00:00.000Z' },
      { months: 1, total: 453, paidAt: '2024-01-31T10:00:00.000Z', expiresAt: '2024-02-29T10:00:00.000Z' },
      { months: 3, total: 1359, paidAt: '2025-11-30T23:59:59.000Z', expiresAt: '2026-02-28T23:59:59.000Z' },
      { months: 12, total: 5436, paidAt: '2024-02-29T08:00:00.000Z', expiresAt: '2025-02-28T08:00:00.000Z' },
      { months: 12, total: 5436, paidAt: '2025-12-31T22:00:00.000Z', expiresAt: '2026-12-31T22:00:00.000Z' },
    ])('$months month(s) paid $paidAt expires $expiresAt', ({ months, total, paidAt, expiresAt }) => {
      spec()
        .given([orderPlaced({ months, subtotalCents: total, totalCents: total })])
        .when(confirmPayment({ amountCents: total, paidAt: new Date(paidAt), now: new Date(paidAt) }))
        .then([paymentConfirmed({ amountCents: total, paidAt, expiresAt })]);
    });

    it('accepts the currency in any case and records the order currency', () => {
      spec()
        .given([orderPlaced()])
        .when(confirmPayment({ currency: 'eur' }))
        .then([paymentConfirmed({ currency: 'EUR' })]);
    });

    it('ignores a payment whose refund was recorded first', () => {
      spec().given([orderPlaced(), paymentRefunded()]).when(confirmPayment()).thenNothing();
    });

    it('ignores a provider retry of the same payment', () => {
      spec().given([orderPlaced(), paymentConfirmed()]).when(confirmPayment()).thenNothing();
    });

    it('records a second payment of a paid order (two checkouts paid) for the operator, once, changing nothing else', () => {
      const second = confirmPayment({ paymentReference: 'pi_002', paidAt: SECOND_PAID_AT, now: SECOND_PAID_AT });
      spec().given([orderPlaced(), paymentConfirmed()]).when(second).then([extraPayment()]);
      spec().given([orderPlaced(), paymentConfirmed(), extraPayment()]).when(second).thenNothing();
      spec().given([orderPlaced(), paymentConfirmed(), extraPayment()]).when(confirmPayment()).thenNothing();
      // Paid again after it was suspended, cancelled or expired: the customer was charged all the same.
      for (const later of [
        statusChanged('active', 'suspended'),
        statusChanged('active', 'cancelled'),
        subscriptionExpired(),
      ]) {
        spec().given([orderPlaced(), paymentConfirmed(), later]).when(second).then([extraPayment()]);
        spec().given([orderPlaced(), paymentConfirmed(), later]).when(confirmPayment()).thenNothing();
      }
    });

    it('refunds a second payment without touching the subscription the first one paid for', () => {
      const refundSecond = refundPayment({ paymentReference: 'pi_002' });
      spec().given([orderPlaced(), paymentConfirmed(), extraPayment()]).when(refundSecond).then([extraRefund()]);
      spec().given([orderPlaced(), paymentConfirmed(), extraPayment(), extraRefund()]).when(refundSecond).thenNothing();
      // The first payment refunded afterwards still ends the subscription.
      spec()
        .given([orderPlaced(), paymentConfirmed(), extraPayment(), extraRefund()])
        .when(refundPayment())
        .then([paymentRefunded()]);
      spec()
        .given([orderPlaced(), paymentConfirmed(), extraPayment(), extraRefund()])
        .when(assignCredentials())
        .then([expect.objectContaining({ type: 'CredentialsAssigned' })] as never);
    });

    it.each([
      { why: 'too little', amountCents: 1000, currency: 'EUR' },
      { why: 'too much', amountCents: 1360, currency: 'EUR' },
      { why: 'the wrong currency', amountCents: 1359, currency: 'usd' },
    ])('records a payment of $why as a mismatch', ({ amountCents, currency }) => {
      spec()
        .given([orderPlaced()])
        .when(confirmPayment({ paymentReference: 'pi_short', amountCents, currency }))
        .then([paymentMismatch({ amountCents, currency: currency.toUpperCase() })]);
    });

    it('leaves the order pending after a mismatch: no credentials can be assigned', () => {
      spec()
        .given([orderPlaced(), paymentMismatch()])
        .when(assignCredentials())
        .thenThrows({ code: 'subscription.not_active', details: { status: 'pending' } });
    });

    it('activates on a correct payment after a mismatch', () => {
      spec()
        .given([orderPlaced(), paymentMismatch()])
        .when(confirmPayment({ paymentReference: 'pi_002' }))
        .then([paymentConfirmed({ paymentReference: 'pi_002' })]);
    });

    it('checks the discounted total, not the list price', () => {
      const discounted = orderPlaced({ discountPercent: 10, discountCents: 136, totalCents: 1223 });
      spec()
        .given([discounted])
        .when(confirmPayment({ amountCents: 1223 }))
        .then([paymentConfirmed({ amountCents: 1223 })]);
      spec()
        .given([discounted])
        .when(confirmPayment({ amountCents: 1359 }))
        .then([paymentMismatch({ paymentReference: 'pi_001', amountCents: 1359, expectedAmountCents: 1223 })]);
    });

    it('refuses a payment for an unknown subscription', () => {
      const error = spec()
        .when(confirmPayment())
        .thenThrows({ code: 'subscription.not_found', details: { subscriptionId: SUBSCRIPTION_ID } });
      expect(error).toBeInstanceOf(NotFoundError);
    });

    it('refuses a payment for an order cancelled before it was paid', () => {
      spec()
        .given(HISTORY.cancelled)
        .when(confirmPayment())
        .thenThrows({ code: 'subscription.not_pending', details: { status: 'cancelled' } });
    });
  });

  describe('AssignCredentials', () => {
    it('assigns credentials to an active subscription', () => {
      spec()
        .given(HISTORY.active)
        .when(assignCredentials('cred-1', PAID_AT))
        .then([credentialsAssigned('cred-1')]);
    });

    it("records the set's version it was given", () => {
      const assign = assignCredentials('cred-1', PAID_AT);
      spec()
        .given(HISTORY.active)
        .when({ ...assign, data: { ...assign.data, credentialsVersion: 3 } })
        .then([
          { ...credentialsAssigned('cred-1'), data: { ...credentialsAssigned('cred-1').data, credentialsVersion: 3 } },
        ]);
    });

    it.each(['pending', 'suspended', 'cancelled', 'expired'] as const)(
      'refuses a %s subscription with subscription.not_active',
      (status) => {
        spec()
          .given(HISTORY[status])
          .when(assignCredentials())
          .thenThrows({ code: 'subscription.not_active', details: { subscriptionId: SUBSCRIPTION_ID, status } });
      },
    );

    it('ignores the same credentials assigned twice', () => {
      spec()
        .given([...HISTORY.active, credentialsAssigned('cred-1')])
        .when(assignCredentials('cred-1'))
        .thenNothing();
    });

    it('records a rotation to other credentials', () => {
      spec()
        .given([...HISTORY.active, credentialsAssigned('cred-1')])
        .when(assignCredentials('cred-2', PAID_AT))
        .then([credentialsAssigned('cred-2')]);
    });

    it('refuses an unknown subscription', () => {
      spec().when(assignCredentials()).thenThrows({ code: 'subscription.not_found' });
    });

    it("refuses credentials stored for another plan than the subscription's", () => {
      spec()
        .given(HISTORY.active)
        .when(assignCredentials('cred-1', PAID_AT, SPOTIFY.id))
        .thenThrows({
          code: 'credentials.plan_mismatch',
          details: { subscriptionId: SUBSCRIPTION_ID, planId: NETFLIX.id, credentialsPlanId: SPOTIFY.id },
        });
    });
  });

  describe('ChangeSubscriptionStatus', () => {
    // The business rule, written out: every from/to pair of different statuses.
    const MATRIX: Array<[from: SubscriptionStatus, to: SubscriptionStatus, allowed: boolean]> = [
      ['pending', 'active', false], // only a confirmed payment activates
      ['pending', 'suspended', false],
      ['pending', 'cancelled', true],
      ['pending', 'expired', false],
      ['active', 'pending', false],
      ['active', 'suspended', true],
      ['active', 'cancelled', true],
      ['active', 'expired', true],
      ['suspended', 'pending', false],
      ['suspended', 'active', true],
      ['suspended', 'cancelled', true],
      ['suspended', 'expired', true],
      ['cancelled', 'pending', false],
      ['cancelled', 'active', false],
      ['cancelled', 'suspended', false],
      ['cancelled', 'expired', false],
      ['expired', 'pending', false],
      ['expired', 'active', false],
      ['expired', 'suspended', false],
      ['expired', 'cancelled', false],
    ];
    const allowed = MATRIX.filter(([, , ok]) => ok).map(([from, to]) => ({ from, to }));
    const refused = MATRIX.filter(([, , ok]) => !ok).map(([from, to]) => ({ from, to }));

    it('the matrix covers every pair and agrees with ALLOWED_STATUS_CHANGES', () => {
      const pairs = SUBSCRIPTION_STATUSES.flatMap((from) =>
        SUBSCRIPTION_STATUSES.filter((to) => to !== from).map((to) => `${from}->${to}`),
      );
      expect(MATRIX.map(([from, to]) => `${from}->${to}`).sort()).toEqual(pairs.sort());
      for (const { from, to } of allowed) expect(ALLOWED_STATUS_CHANGES[from]).toContain(to);
      for (const { from, to } of refused) expect(ALLOWED_STATUS_CHANGES[from]).not.toContain(to);
    });

    it.each(allowed)('$from -> $to is recorded with from, to and reason', ({ from, to }) => {
      spec()
        .given(HISTORY[from])
        .when(changeStatus(to, BEFORE_EXPIRY, 'customer asked'))
        .then([statusChanged(from, to, BEFORE_EXPIRY, 'customer asked')]);
    });

    it.each(refused)('$from -> $to is refused with subscription.invalid_transition', ({ from, to }) => {
      spec()
        .given(HISTORY[from])
        .when(changeStatus(to))
        .thenThrows({
          code: 'subscription.invalid_transition',
          details: { subscriptionId: SUBSCRIPTION_ID, from, to, allowed: [...ALLOWED_STATUS_CHANGES[from]] },
        });
    });

    it.each(SUBSCRIPTION_STATUSES.map((status) => ({ status })))('$status -> $status changes nothing', ({ status }) => {
      spec().given(HISTORY[status]).when(changeStatus(status)).thenNothing();
    });

    it('keeps a null reason', () => {
      spec()
        .given(HISTORY.active)
        .when(changeStatus('suspended', BEFORE_EXPIRY, null))
        .then([statusChanged('active', 'suspended', BEFORE_EXPIRY, null)]);
    });

    it.each([
      { when: 'after expiry', now: AFTER_EXPIRY },
      { when: 'at the very instant of expiry', now: new Date(EXPIRES_AT) },
    ])('refuses to reactivate a suspended subscription $when', ({ now }) => {
      spec()
        .given(HISTORY.suspended)
        .when(changeStatus('active', now))
        .thenThrows({ code: 'subscription.past_expiry', details: { expiresAt: EXPIRES_AT } });
    });

    it('still lets an operator cancel or expire a suspended subscription after expiry', () => {
      spec()
        .given(HISTORY.suspended)
        .when(changeStatus('cancelled', AFTER_EXPIRY))
        .then([statusChanged('suspended', 'cancelled', AFTER_EXPIRY)]);
      spec()
        .given(HISTORY.suspended)
        .when(changeStatus('expired', AFTER_EXPIRY))
        .then([statusChanged('suspended', 'expired', AFTER_EXPIRY)]);
    });

    it('refuses an unknown subscription', () => {
      spec().when(changeStatus('cancelled')).thenThrows({ code: 'subscription.not_found' });
    });
  });

  describe('ExpireSubscription', () => {
    it('expires an active subscription past its expiry', () => {
      spec()
        .given(HISTORY.active)
        .when(expire(AFTER_EXPIRY))
        .then([subscriptionExpired(AFTER_EXPIRY)]);
    });

    it('expires it at the very instant of expiry', () => {
      const at = new Date(EXPIRES_AT);
      spec()
        .given(HISTORY.active)
        .when(expire(at))
        .then([subscriptionExpired(at)]);
    });

    it('does nothing when the timer fires early', () => {
      spec()
        .given(HISTORY.active)
        .when(expire(new Date('2025-06-10T09:04:59.999Z')))
        .thenNothing();
    });

    it('expires a suspended subscription past its expiry', () => {
      spec()
        .given(HISTORY.suspended)
        .when(expire(AFTER_EXPIRY))
        .then([subscriptionExpired(AFTER_EXPIRY)]);
    });

    it('expires a subscription that was suspended then reactivated', () => {
      spec()
        .given([...HISTORY.suspended, statusChanged('suspended', 'active')])
        .when(expire(AFTER_EXPIRY))
        .then([subscriptionExpired(AFTER_EXPIRY)]);
    });

    it.each([
      { status: 'expired (timer fired twice)', history: HISTORY.expired },
      { status: 'expired by an operator', history: [...HISTORY.active, statusChanged('active', 'expired')] },
      { status: 'cancelled after payment', history: [...HISTORY.active, statusChanged('active', 'cancelled')] },
      { status: 'cancelled before payment', history: HISTORY.cancelled },
      { status: 'pending (never paid)', history: HISTORY.pending },
    ])('does nothing for a subscription $status', ({ history }) => {
      spec().given(history).when(expire(AFTER_EXPIRY)).thenNothing();
    });

    it('refuses an unknown subscription', () => {
      spec().when(expire(AFTER_EXPIRY)).thenThrows({ code: 'subscription.not_found' });
    });
  });

  describe('a whole lifecycle', () => {
    it('order, mismatch, payment, credentials, suspension, reactivation, expiry', () => {
      const history: SubscriptionEvent[] = [];
      const step = (command: Parameters<typeof subscriptionDecider.decide>[0], expected: SubscriptionEvent[]) => {
        spec().given(history).when(command).then(expected);
        history.push(...expected);
      };
      const placed = orderPlaced({ discountPercent: 10, discountCents: 136, totalCents: 1223, promoCode: 'WELCOME10' });
      step(placeOrder({ promotion: { code: 'WELCOME10', percentOff: 10 } }), [placed]);
      step(confirmPayment({ paymentReference: 'pi_short', amountCents: 1000 }), [
        paymentMismatch({ expectedAmountCents: 1223 }),
      ]);
      step(confirmPayment({ amountCents: 1223 }), [paymentConfirmed({ amountCents: 1223 })]);
      step(confirmPayment({ amountCents: 1223 }), []);
      step(assignCredentials('cred-1', PAID_AT), [credentialsAssigned('cred-1')]);
      step(changeStatus('suspended', BEFORE_EXPIRY, 'shared password'), [
        statusChanged('active', 'suspended', BEFORE_EXPIRY, 'shared password'),
      ]);
      step(changeStatus('active', BEFORE_EXPIRY, 'resolved'), [
        statusChanged('suspended', 'active', BEFORE_EXPIRY, 'resolved'),
      ]);
      step(expire(BEFORE_EXPIRY), []);
      step(expire(AFTER_EXPIRY), [subscriptionExpired(AFTER_EXPIRY)]);
      step(expire(AFTER_EXPIRY), []);
      spec()
        .given(history)
        .when(changeStatus('active', AFTER_EXPIRY))
        .thenThrows({
          code: 'subscription.invalid_transition',
          details: { from: 'expired', to: 'active' },
        });
    });
  });
});
