import { describe, expect, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import type { InitiateRefund, RefundPayment, SettleRefund } from './commands.js';
import { subscriptionDecider } from './decide.js';
import { type RefundInitiated, type RefundSettled, type SubscriptionEvent } from './events.js';
import { refundableCents } from './refund-decisions.js';
import { refundCountedOnItsDay } from './subscription-state.js';
import {
  orderPlacedEvent,
  paymentConfirmedEvent,
  renewalOrderedEvent,
  renewalSessionOpenedEvent,
  stateAfter,
  SUBSCRIPTION_ID,
  subscriptionRenewedEvent,
} from './testing/subscription-fixtures.js';

const spec = () => DeciderSpec.for(subscriptionDecider);

const AT = new Date('2026-02-01T10:00:00.000Z');
const LATER = new Date('2026-02-02T10:00:00.000Z');

// Three months of Netflix, 13,59 €, paid with Stripe under pi_order.
const placed = orderPlacedEvent();
const paid = paymentConfirmedEvent();
const active = [placed, paid];

const initiate = (data: Partial<InitiateRefund['data']> = {}): InitiateRefund => ({
  type: 'InitiateRefund',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    refundId: 'ref-1',
    paymentReference: null,
    amountCents: 500,
    reason: 'Service down for a week',
    now: AT,
    ...data,
  },
});

const initiated = (data: Partial<RefundInitiated['data']> = {}): RefundInitiated => ({
  type: 'RefundInitiated',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    refundId: 'ref-1',
    paymentReference: 'pi_order',
    provider: 'stripe',
    amountCents: 500,
    currency: 'EUR',
    reason: 'Service down for a week',
    refundedBeforeCents: 0,
    initiatedAt: AT.toISOString(),
    ...data,
  },
});

const settle = (outcome: SettleRefund['data']['outcome'], refundId = 'ref-1'): SettleRefund => ({
  type: 'SettleRefund',
  data: { subscriptionId: SUBSCRIPTION_ID, refundId, outcome, now: LATER },
});

/** The provider made refund `ref-1`, under its own id. */
const settled = (providerRefundId: string): RefundSettled => ({
  type: 'RefundSettled',
  data: { subscriptionId: SUBSCRIPTION_ID, refundId: 'ref-1', providerRefundId, settledAt: LATER.toISOString() },
});

/** Refund `ref-1` of `amountCents` of the order's payment, asked and made: the events its settlement records. */
const settledRefund = (amountCents: number): SubscriptionEvent[] => [
  initiated({ amountCents }),
  {
    type: 'PartialRefundRecorded',
    data: {
      subscriptionId: SUBSCRIPTION_ID,
      provider: 'stripe',
      paymentReference: 'pi_order',
      currency: 'EUR',
      refundedAt: LATER.toISOString(),
      amountCents,
      kind: 'order',
      refundedTotalCents: amountCents,
      refundId: 'ref-1',
    },
  },
  settled('re_1'),
];

/** Stripe's report: the payment's refunded total so far. */
const reported = (amountCents: number): RefundPayment => ({
  type: 'RefundPayment',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    provider: 'stripe',
    paymentReference: 'pi_order',
    amountCents,
    currency: 'eur',
    now: LATER,
  },
});

const refundBase = {
  subscriptionId: SUBSCRIPTION_ID,
  provider: 'stripe',
  paymentReference: 'pi_order',
  currency: 'EUR',
  refundedAt: LATER.toISOString(),
};

describe('the operator refunds a payment', () => {
  it('asks for part of the latest payment, recording what the payment had refunded before', () => {
    spec().given(active).when(initiate()).then([initiated()]);
  });

  it('never asks for more than is left, counting refunds still on their way', () => {
    spec()
      .given([...active, ...settledRefund(500)])
      .when(initiate({ refundId: 'ref-2', amountCents: 900 }))
      .thenThrows({ code: 'refund.exceeds_payment', details: { refundableCents: 859 } });
    const state = stateAfter([...active, initiated({ amountCents: 1000 })]);
    if (state.status === 'none') throw new Error('no subscription');
    expect(refundableCents(state, 'pi_order')).toBe(359);
  });

  it('asks for one refund of a payment at a time: another waits until the provider answered the first', () => {
    // Two refunds on their way at once would each be settled against what the payment had when it
    // was asked, and one settled before the other would be recorded with the other's money.
    spec()
      .given([...active, initiated({ amountCents: 100 })])
      .when(initiate({ refundId: 'ref-2', amountCents: 100 }))
      .thenThrows({ code: 'refund.in_progress', details: { paymentReference: 'pi_order', refundId: 'ref-1' } });
    // Once it is settled (or failed), the next one is asked, counting it.
    spec()
      .given([...active, ...settledRefund(100)])
      .when(initiate({ refundId: 'ref-2', amountCents: 100 }))
      .then([initiated({ refundId: 'ref-2', amountCents: 100, refundedBeforeCents: 100 })]);
    // The same refund asked again (a retry) is no new one.
    spec()
      .given([...active, initiated({ amountCents: 100 })])
      .when(initiate({ amountCents: 100 }))
      .thenNothing();
  });

  it.each<[refused: string, history: SubscriptionEvent[], asked: InitiateRefund, code: string]>([
    ['nothing (an amount of zero)', active, initiate({ amountCents: 0 }), 'refund.invalid_amount'],
    ['an unknown payment', active, initiate({ paymentReference: 'pi_other' }), 'refund.unknown_payment'],
    ['an order not paid yet', [placed], initiate(), 'refund.nothing_to_refund'],
    [
      'a payment given back in full',
      [...active, { type: 'PaymentRefunded', data: { ...refundBase, amountCents: 1359 } }],
      initiate(),
      'refund.nothing_to_refund',
    ],
  ])('refuses a refund of %s', (_refused, history, asked, code) => {
    spec().given(history).when(asked).thenThrows({ code });
  });

  it('records a partial refund once the provider made it, and the subscription stays', () => {
    spec()
      .given([...active, initiated()])
      .when(settle({ providerRefundId: 're_1' }))
      .then([
        {
          type: 'PartialRefundRecorded',
          data: { ...refundBase, amountCents: 500, kind: 'order', refundedTotalCents: 500, refundId: 'ref-1' },
        },
        settled('re_1'),
      ]);
    const state = stateAfter([...active, initiated(), settled('re_1')]);
    expect(state).toMatchObject({ status: 'active' });
  });

  it('ends the subscription when the whole of the order is given back', () => {
    spec()
      .given([...active, initiated({ amountCents: 1359 })])
      .when(settle({ providerRefundId: 're_1' }))
      .then([{ type: 'PaymentRefunded', data: { ...refundBase, amountCents: 1359 } }, settled('re_1')]);
  });

  it('records a refusal, and nothing twice', () => {
    spec()
      .given([...active, initiated()])
      .when(settle({ failure: 'charge_already_refunded' }))
      .then([
        {
          type: 'RefundFailed',
          data: {
            subscriptionId: SUBSCRIPTION_ID,
            refundId: 'ref-1',
            reason: 'charge_already_refunded',
            failedAt: LATER.toISOString(),
          },
        },
      ]);
    spec()
      .given([
        ...active,
        initiated(),
        {
          type: 'RefundFailed',
          data: { subscriptionId: SUBSCRIPTION_ID, refundId: 'ref-1', reason: 'x', failedAt: LATER.toISOString() },
        },
      ])
      .when(settle({ providerRefundId: 're_1' }))
      .thenNothing();
  });
});

describe('refunds a provider reports', () => {
  it('records a partial refund from the dashboard, then only what is new, then the end when all went back', () => {
    const partial = {
      type: 'PartialRefundRecorded' as const,
      data: { ...refundBase, amountCents: 300, kind: 'order' as const, refundedTotalCents: 300 },
    };
    spec().given(active).when(reported(300)).then([partial]);
    spec()
      .given([...active, partial])
      .when(reported(300))
      .thenNothing();
    spec()
      .given([...active, partial])
      .when(reported(800))
      .then([
        {
          type: 'PartialRefundRecorded',
          data: { ...refundBase, amountCents: 500, kind: 'order', refundedTotalCents: 800 },
        },
      ]);
    // The rest: refunded in full, saying what had gone back before (its credit is the difference).
    spec()
      .given([...active, partial])
      .when(reported(1359))
      .then([{ type: 'PaymentRefunded', data: { ...refundBase, amountCents: 1359, refundedBeforeCents: 300 } }]);
  });

  it('adds nothing when the webhook reports the refund the shop already recorded', () => {
    const settledPartial: SubscriptionEvent[] = [
      initiated(),
      {
        type: 'PartialRefundRecorded',
        data: { ...refundBase, amountCents: 500, kind: 'order', refundedTotalCents: 500, refundId: 'ref-1' },
      },
    ];
    spec()
      .given([...active, ...settledPartial])
      .when(reported(500))
      .thenNothing();
  });
});

describe('the order refunded in full after renewals were paid', () => {
  // Three months from 10 January to 10 April, then a month renewed to 10 May.
  const renewed = [...active, renewalOrderedEvent(), renewalSessionOpenedEvent(), subscriptionRenewedEvent()];
  const renewalRefunded: SubscriptionEvent = {
    type: 'RenewalRefunded',
    data: {
      ...refundBase,
      paymentReference: 'pi_renew',
      amountCents: 499,
      renewalId: 'ren-1',
      expiresAt: '2026-04-10T09:05:00.000Z',
    },
  };
  // The order's three months taken off: the renewed month is what is left.
  const orderRefunded: SubscriptionEvent = {
    type: 'OrderRefunded',
    data: { ...refundBase, amountCents: 1359, months: 3, expiresAt: '2026-02-10T09:05:00.000Z' },
  };

  it("takes the order's months off the expiry and keeps the subscription the renewal paid for", () => {
    spec().given(renewed).when(reported(1359)).then([orderRefunded]);
    const after = stateAfter([...renewed, orderRefunded]);
    expect(after).toMatchObject({ status: 'active', expiresAt: '2026-02-10T09:05:00.000Z' });
    expect(after.status !== 'none' && after.refunded).toBeFalsy();
    // Reported again (the webhook after the shop's own refund): nothing more.
    spec()
      .given([...renewed, orderRefunded])
      .when(reported(1359))
      .thenNothing();
  });

  it('says what had gone back of it before, as any full refund does', () => {
    const partial: SubscriptionEvent = {
      type: 'PartialRefundRecorded',
      data: { ...refundBase, amountCents: 300, kind: 'order', refundedTotalCents: 300 },
    };
    spec()
      .given([...renewed, partial])
      .when(reported(1359))
      .then([
        {
          type: 'OrderRefunded',
          data: {
            ...refundBase,
            amountCents: 1359,
            refundedBeforeCents: 300,
            months: 3,
            expiresAt: '2026-02-10T09:05:00.000Z',
          },
        },
      ]);
  });

  it('ends the subscription as refunded when the last renewal kept is refunded after the order', () => {
    const renewalReported: RefundPayment = {
      type: 'RefundPayment',
      data: { ...reported(499).data, paymentReference: 'pi_renew' },
    };
    // Nothing paid is kept any more: it ends as a payment refunded in full ends it, not at an
    // expiry gone back into the past.
    const ending: SubscriptionEvent = {
      type: 'RenewalRefunded',
      data: { ...renewalRefunded.data, expiresAt: '2026-01-10T09:05:00.000Z', ends: true },
    };
    spec()
      .given([...renewed, orderRefunded])
      .when(renewalReported)
      .then([ending]);
    expect(stateAfter([...renewed, orderRefunded, ending])).toMatchObject({ status: 'cancelled', refunded: true });
    // A renewal refunded while the order's money is kept takes its months off and nothing more.
    spec().given(renewed).when(renewalReported).then([renewalRefunded]);
    expect(stateAfter([...renewed, renewalRefunded])).toMatchObject({ status: 'active' });
  });

  it('ends the subscription as before when the renewals paid after it were refunded already', () => {
    spec()
      .given([...renewed, renewalRefunded])
      .when(reported(1359))
      .then([{ type: 'PaymentRefunded', data: { ...refundBase, amountCents: 1359 } }]);
  });
});

describe('what the revenue counts on the day money went back', () => {
  it('is part of a payment, or the rest of the order given back after renewals; a full refund that takes its payment out counts nothing', () => {
    const counted = { subscriptionId: SUBSCRIPTION_ID, paymentReference: 'pi_order', refundedAt: LATER.toISOString() };
    expect(
      refundCountedOnItsDay({
        type: 'PartialRefundRecorded',
        data: { ...refundBase, amountCents: 300, kind: 'order', refundedTotalCents: 800 },
      }),
    ).toEqual({ ...counted, cents: 300, refundedTotalCents: 800 });
    expect(
      refundCountedOnItsDay({
        type: 'OrderRefunded',
        data: { ...refundBase, amountCents: 1359, refundedBeforeCents: 800, months: 3, expiresAt: AT.toISOString() },
      }),
    ).toEqual({ ...counted, cents: 559, refundedTotalCents: 1359 });
    expect(
      refundCountedOnItsDay({
        type: 'PartialRefundRecorded',
        data: { ...refundBase, amountCents: 300, kind: 'extra', refundedTotalCents: 300 },
      }),
    ).toBeNull();
    expect(refundCountedOnItsDay({ type: 'PaymentRefunded', data: { ...refundBase, amountCents: 1359 } })).toBeNull();
  });
});

describe('chargebacks', () => {
  const dispute = {
    type: 'RecordDispute' as const,
    data: {
      subscriptionId: SUBSCRIPTION_ID,
      provider: 'stripe',
      paymentReference: 'pi_order',
      disputeId: 'dp_1',
      amountCents: 1359,
      currency: 'eur',
      reason: 'fraudulent',
      now: LATER,
    },
  };

  it('records the dispute and suspends a running subscription, once per dispute', () => {
    const events = subscriptionDecider.decide(dispute, stateAfter(active));
    expect(events.map((e) => e.type)).toEqual(['PaymentDisputed', 'SubscriptionStatusChanged']);
    expect(events[0]!.data).toMatchObject({
      disputeId: 'dp_1',
      amountCents: 1359,
      currency: 'EUR',
      reason: 'fraudulent',
    });
    expect(events[1]!.data).toMatchObject({ from: 'active', to: 'suspended', reason: 'payment_disputed' });
    spec()
      .given([...active, events[0]!, events[1]!])
      .when(dispute)
      .thenNothing();
  });

  it('only records it on a subscription that is not running', () => {
    const refunded: SubscriptionEvent = { type: 'PaymentRefunded', data: { ...refundBase, amountCents: 1359 } };
    const events = subscriptionDecider.decide(dispute, stateAfter([...active, refunded]));
    expect(events.map((e) => e.type)).toEqual(['PaymentDisputed']);
  });
});
