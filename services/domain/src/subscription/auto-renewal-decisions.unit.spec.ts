import { describe, expect, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import { foldEvents } from '../shared/decider.js';
import type {
  CancelSubscription,
  OrderAutomaticRenewal,
  RecordPaymentFailure,
  RecordRenewalCharge,
  ResumeAutoRenewal,
} from './commands.js';
import { subscriptionDecider } from './decide.js';
import { renewalDueAt } from './auto-renewal-decisions.js';
import type {
  AutoRenewalEnabled,
  PaymentSessionOpened,
  RenewalChargeFailed,
  RenewalOrdered,
  SubscriptionEvent,
  SubscriptionRenewed,
} from './events.js';
import {
  confirmPaymentCommand,
  EXPIRES_AT,
  orderPlacedEvent,
  PAID_AT,
  paymentConfirmedEvent,
  paymentRefundedEvent,
  renewalOrderedEvent,
  renewalSessionOpenedEvent,
  SUBSCRIPTION_ID,
  subscriptionRenewedEvent,
  USER_ID,
} from './testing/subscription-fixtures.js';

const spec = () => DeciderSpec.for(subscriptionDecider);

const HOUR = 3_600_000;
const at = (iso: string, hours = 0) => new Date(Date.parse(iso) + hours * HOUR);

// A Netflix subscription of three months at 4,53 € a month, ordered to renew itself and paid with
// Stripe, which kept the card: it expires on 10 April 2026 at 09:05.
const METHOD = { id: 'pm_visa', customerId: 'cus_1', label: 'Visa •••• 4242' };
const placed = orderPlacedEvent({ autoRenew: true });
const paid = paymentConfirmedEvent();
const enabled: AutoRenewalEnabled = {
  type: 'AutoRenewalEnabled',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    provider: 'stripe',
    methodId: METHOD.id,
    customerId: METHOD.customerId,
    methodLabel: METHOD.label,
    enabledAt: PAID_AT,
  },
};
const renewing: SubscriptionEvent[] = [placed, paid, enabled];

const LEAD_HOURS = 72;
const RETRY_HOURS = [24, 72];
// Three days before the expiry: the charge is due.
const DUE = at(EXPIRES_AT, -LEAD_HOURS);

const confirm = confirmPaymentCommand;

const orderAutomatic = (data: Partial<OrderAutomaticRenewal['data']> = {}): OrderAutomaticRenewal => ({
  type: 'OrderAutomaticRenewal',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    renewalId: 'auto-1',
    forExpiry: EXPIRES_AT,
    // The catalogue's price now: 4,99 € a month.
    plan: { monthlyPriceCents: 499, currency: 'EUR' },
    leadHours: LEAD_HOURS,
    retryHours: RETRY_HOURS,
    now: DUE,
    ...data,
  },
});

const automaticOrdered = (data: Partial<RenewalOrdered['data']> = {}): RenewalOrdered =>
  renewalOrderedEvent({
    renewalId: 'auto-1',
    months: 3,
    subtotalCents: 1497,
    totalCents: 1497,
    orderedAt: DUE.toISOString(),
    automatic: { forExpiry: EXPIRES_AT, retryHours: RETRY_HOURS },
    ...data,
  });

const charged = (
  outcome: RecordRenewalCharge['data']['outcome'],
  data: Partial<RecordRenewalCharge['data']> = {},
): RecordRenewalCharge => ({
  type: 'RecordRenewalCharge',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    renewalId: 'auto-1',
    provider: 'stripe',
    sessionId: 'pi_try_1',
    outcome,
    now: DUE,
    ...data,
  },
});

const sessionOpened = (sessionId: string, now: Date): PaymentSessionOpened =>
  renewalSessionOpenedEvent({ sessionId, renewalId: 'auto-1', openedAt: now.toISOString() });

/** The automatic renewal `auto-1`, paid under `pi_try_1`: three months more from the expiry. */
const automaticRenewed = (data: Partial<SubscriptionRenewed['data']> = {}): SubscriptionRenewed =>
  subscriptionRenewedEvent({
    renewalId: 'auto-1',
    months: 3,
    to: '2026-07-10T09:05:00.000Z',
    amountCents: 1497,
    paymentReference: 'pi_try_1',
    paidAt: DUE.toISOString(),
    ...data,
  });

const declined = (attempt: number, sessionId: string, now: Date, nextAttemptAt: Date | null): RenewalChargeFailed => ({
  type: 'RenewalChargeFailed',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    renewalId: 'auto-1',
    provider: 'stripe',
    sessionId,
    attempt,
    amountCents: 1497,
    currency: 'EUR',
    reason: 'card_declined',
    nextAttemptAt: nextAttemptAt?.toISOString() ?? null,
    failedAt: now.toISOString(),
  },
});

const cancel: CancelSubscription = {
  type: 'CancelSubscription',
  data: { subscriptionId: SUBSCRIPTION_ID, userId: USER_ID, reason: null, now: at(PAID_AT, 24) },
};
const cancelled = subscriptionDecider.decide(cancel, foldEvents(subscriptionDecider, renewing));

describe('turning automatic renewal on', () => {
  it('is on once an order that asked for it is paid with a payment method the provider kept', () => {
    spec()
      .given([placed])
      .when(confirm({ savedMethod: METHOD }))
      .then([paid, enabled]);
  });

  it('stays off when the provider kept no method, or the order did not ask', () => {
    spec().given([placed]).when(confirm()).then([paid]);
    spec()
      .given([orderPlacedEvent()])
      .when(confirm({ savedMethod: METHOD }))
      .then([paid]);
  });

  it('is on after a renewal by hand that asked to keep its checkout’s method', () => {
    const manual = automaticOrdered({ renewalId: 'ren-1', automatic: undefined, autoRenew: true, months: 1 });
    const opened = {
      ...sessionOpened('cs_renewal', DUE),
      data: { ...sessionOpened('cs_renewal', DUE).data, renewalId: 'ren-1' },
    };
    const events = subscriptionDecider.decide(
      confirm({
        paymentReference: 'pi_renewal',
        sessionId: 'cs_renewal',
        amountCents: 1497,
        savedMethod: METHOD,
        paidAt: DUE,
        now: DUE,
      }),
      foldEvents(subscriptionDecider, [orderPlacedEvent(), paid, manual, opened]),
    );
    expect(events.map((event) => event.type)).toEqual(['SubscriptionRenewed', 'AutoRenewalEnabled']);
  });

  it('comes back on after a cancellation, with the method kept before; never without one', () => {
    const resume: ResumeAutoRenewal = {
      type: 'ResumeAutoRenewal',
      data: { subscriptionId: SUBSCRIPTION_ID, userId: USER_ID, now: at(PAID_AT, 48) },
    };
    spec()
      .given([...renewing, ...cancelled])
      .when(resume)
      .then([{ ...enabled, data: { ...enabled.data, enabledAt: at(PAID_AT, 48).toISOString() } }]);
    spec().given(renewing).when(resume).thenNothing();
    spec().given([orderPlacedEvent(), paid]).when(resume).thenThrows({ code: 'subscription.no_saved_method' });
    spec()
      .given([...renewing, ...cancelled])
      .when({ ...resume, data: { ...resume.data, userId: 'someone-else' } })
      .thenThrows({ code: 'subscription.not_found' });
  });
});

describe('after a refund in full', () => {
  const refunded = paymentRefundedEvent(at(PAID_AT, 24).toISOString());
  const resume: ResumeAutoRenewal = {
    type: 'ResumeAutoRenewal',
    data: { subscriptionId: SUBSCRIPTION_ID, userId: USER_ID, now: at(PAID_AT, 48) },
  };

  it('renews itself no more, and turning renewal on is refused as for any subscription that ended', () => {
    expect(foldEvents(subscriptionDecider, [...renewing, refunded])).toMatchObject({
      status: 'cancelled',
      autoRenew: false,
    });
    spec()
      .given([...renewing, refunded])
      .when(resume)
      .thenThrows({ code: 'subscription.not_active' });
    spec()
      .given([...renewing, ...cancelled, refunded])
      .when(resume)
      .thenThrows({ code: 'subscription.not_active' });
  });
});

describe('ordering the next period', () => {
  it('orders the same duration at the plan’s price now once the charge is due, and not a moment before', () => {
    spec()
      .given(renewing)
      .when(orderAutomatic({ now: new Date(DUE.getTime() - 1) }))
      .thenNothing();
    spec().given(renewing).when(orderAutomatic()).then([automaticOrdered()]);
  });

  it('orders nothing when renewal is off, twice for one expiry, or for an expiry that moved', () => {
    spec()
      .given([...renewing, ...cancelled])
      .when(orderAutomatic())
      .thenNothing();
    spec().given([orderPlacedEvent(), paid]).when(orderAutomatic()).thenNothing();
    spec()
      .given([...renewing, automaticOrdered()])
      .when(orderAutomatic({ renewalId: 'auto-2' }))
      .thenNothing();
    spec()
      .given(renewing)
      .when(orderAutomatic({ forExpiry: PAID_AT }))
      .thenNothing();
  });

  it('never charges before the paid period began: a lead longer than a period pays one period ahead, not more', () => {
    const yearAhead = 8760;
    expect(renewalDueAt({ expiresAt: EXPIRES_AT, periodStartedAt: PAID_AT }, yearAhead).toISOString()).toBe(PAID_AT);
    spec()
      .given(renewing)
      .when(orderAutomatic({ leadHours: yearAhead, now: new Date(PAID_AT) }))
      .then([automaticOrdered({ orderedAt: PAID_AT })]);
    // Paid for the next period (from 10 April): the one after is not due before 10 April.
    const renewed = automaticRenewed({ paidAt: PAID_AT });
    const next = orderAutomatic({ renewalId: 'auto-2', forExpiry: renewed.data.to, leadHours: yearAhead });
    spec()
      .given([...renewing, automaticOrdered({ orderedAt: PAID_AT }), renewed])
      .when({ ...next, data: { ...next.data, now: at(EXPIRES_AT, -1) } })
      .thenNothing();
    spec()
      .given([...renewing, automaticOrdered({ orderedAt: PAID_AT }), renewed])
      .when({ ...next, data: { ...next.data, now: new Date(EXPIRES_AT) } })
      .then([
        automaticOrdered({
          renewalId: 'auto-2',
          orderedAt: EXPIRES_AT,
          automatic: { forExpiry: renewed.data.to, retryHours: RETRY_HOURS },
        }),
      ]);
  });
});

describe('charging the kept method', () => {
  const ordered = [...renewing, automaticOrdered()];
  const paidCharge = {
    kind: 'paid',
    paymentReference: 'pi_try_1',
    amountCents: 1497,
    currency: 'eur',
    paidAt: DUE,
  } as const;

  it('records the charge as the renewal’s checkout and moves the expiry by the same duration from the current one', () => {
    spec()
      .given(ordered)
      .when(charged(paidCharge))
      .then([
        sessionOpened('pi_try_1', DUE),
        {
          type: 'SubscriptionRenewed',
          data: {
            subscriptionId: SUBSCRIPTION_ID,
            renewalId: 'auto-1',
            months: 3,
            from: EXPIRES_AT,
            to: '2026-07-10T09:05:00.000Z',
            amountCents: 1497,
            currency: 'EUR',
            provider: 'stripe',
            paymentReference: 'pi_try_1',
            paidAt: DUE.toISOString(),
          },
        },
      ]);
  });

  it('records the same answer once, and a charge still pending at the provider as its checkout only', () => {
    const events = subscriptionDecider.decide(charged(paidCharge), foldEvents(subscriptionDecider, ordered));
    spec()
      .given([...ordered, ...events])
      .when(charged(paidCharge))
      .thenNothing();
    spec()
      .given(ordered)
      .when(charged({ kind: 'pending' }))
      .then([sessionOpened('pi_try_1', DUE)]);
  });

  it('tries a declined charge again 24 and 72 hours after the first decline, then gives up', () => {
    const first = [sessionOpened('pi_try_1', DUE), declined(1, 'pi_try_1', DUE, at(DUE.toISOString(), 24))];
    spec()
      .given(ordered)
      .when(charged({ kind: 'declined', reason: 'card_declined' }))
      .then(first);
    const retry = at(DUE.toISOString(), 24);
    const second = [sessionOpened('pi_try_2', retry), declined(2, 'pi_try_2', retry, at(DUE.toISOString(), 72))];
    spec()
      .given([...ordered, ...first])
      .when(charged({ kind: 'declined', reason: 'card_declined' }, { sessionId: 'pi_try_2', now: retry }))
      .then(second);
    const last = at(DUE.toISOString(), 72);
    spec()
      .given([...ordered, ...first, ...second])
      .when(charged({ kind: 'declined', reason: 'card_declined' }, { sessionId: 'pi_try_3', now: last }))
      .then([sessionOpened('pi_try_3', last), declined(3, 'pi_try_3', last, null)]);
    // Out of tries: nothing more is ordered for that expiry, and it ends then.
    spec()
      .given([...ordered, ...first, ...second, sessionOpened('pi_try_3', last), declined(3, 'pi_try_3', last, null)])
      .when(orderAutomatic({ renewalId: 'auto-2', now: last }))
      .thenNothing();
  });

  it('counts a decline once whether the charge answered it or the provider’s notification did', () => {
    const first = [sessionOpened('pi_try_1', DUE), declined(1, 'pi_try_1', DUE, at(DUE.toISOString(), 24))];
    const notified: RecordPaymentFailure = {
      type: 'RecordPaymentFailure',
      data: {
        subscriptionId: SUBSCRIPTION_ID,
        provider: 'stripe',
        sessionId: 'pi_try_1',
        reason: 'failed',
        detail: 'card_declined',
        now: at(DUE.toISOString(), 1),
      },
    };
    spec()
      .given([...ordered, ...first])
      .when(notified)
      .thenNothing();
    spec()
      .given([...ordered, sessionOpened('pi_try_1', DUE)])
      .when(notified)
      .then([declined(1, 'pi_try_1', at(DUE.toISOString(), 1), at(DUE.toISOString(), 25))]);
  });

  it('recovers on a retry: the expiry moves as if the first try had been paid', () => {
    const first = [sessionOpened('pi_try_1', DUE), declined(1, 'pi_try_1', DUE, at(DUE.toISOString(), 24))];
    const retry = at(DUE.toISOString(), 24);
    const events = subscriptionDecider.decide(
      charged({ ...paidCharge, paymentReference: 'pi_try_2', paidAt: retry }, { sessionId: 'pi_try_2', now: retry }),
      foldEvents(subscriptionDecider, [...ordered, ...first]),
    );
    expect(events[1]).toMatchObject({
      type: 'SubscriptionRenewed',
      data: { from: EXPIRES_AT, to: '2026-07-10T09:05:00.000Z', paymentReference: 'pi_try_2' },
    });
  });

  it('refuses to record a charge for a renewal the shop did not order to charge', () => {
    spec()
      .given(renewing)
      .when(charged(paidCharge))
      .thenThrows({ code: 'renewal.not_automatic', details: { renewalId: 'auto-1' } });
  });
});
