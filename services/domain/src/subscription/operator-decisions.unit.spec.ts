import { describe, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import type {
  ChangeSubscriptionStatus,
  EndForErasedCustomer,
  GrantSubscription,
  ReactivateSubscription,
  VoidSubscription,
} from './commands.js';
import { subscriptionDecider } from './decide.js';
import type { SubscriptionEvent } from './events.js';
import { CUSTOMER_ERASED_REASON } from './operator-decisions.js';
import { NETFLIX, orderPlacedEvent, paymentConfirmedEvent } from './testing/subscription-fixtures.js';

const spec = () => DeciderSpec.for(subscriptionDecider);

const SUBSCRIPTION_ID = 'sub-granted';
const GRANTED_AT = new Date('2026-01-31T10:00:00.000Z');
const LATER = new Date('2026-02-10T10:00:00.000Z');

const grant = (data: Partial<GrantSubscription['data']> = {}): GrantSubscription => ({
  type: 'GrantSubscription',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    userId: 'user-7',
    plan: NETFLIX,
    months: 2,
    customPriceCents: null,
    now: GRANTED_AT,
    ...data,
  },
});

const granted = (totalCents: number, months = 2, expiresAt = '2026-03-31T10:00:00.000Z'): SubscriptionEvent[] => [
  orderPlacedEvent({
    subscriptionId: SUBSCRIPTION_ID,
    userId: 'user-7',
    months,
    subtotalCents: totalCents,
    totalCents,
    provider: 'operator',
    placedAt: GRANTED_AT.toISOString(),
  }),
  paymentConfirmedEvent({
    subscriptionId: SUBSCRIPTION_ID,
    provider: 'operator',
    paymentReference: `operator:${SUBSCRIPTION_ID}`,
    amountCents: totalCents,
    paidAt: GRANTED_AT.toISOString(),
    expiresAt,
  }),
];

const voidIt = (reason = 'Commande saisie deux fois', insist?: boolean): VoidSubscription => ({
  type: 'VoidSubscription',
  data: { subscriptionId: SUBSCRIPTION_ID, reason, now: LATER, ...(insist === undefined ? {} : { insist }) },
});

const reactivate = (now = LATER): ReactivateSubscription => ({
  type: 'ReactivateSubscription',
  data: { subscriptionId: SUBSCRIPTION_ID, reason: 'Annulé par erreur', now },
});

const endForErasure = (userId = 'user-7'): EndForErasedCustomer => ({
  type: 'EndForErasedCustomer',
  data: { subscriptionId: SUBSCRIPTION_ID, userId, now: LATER },
});

const statusChanged = (
  from: ChangeSubscriptionStatus['data']['to'],
  to: ChangeSubscriptionStatus['data']['to'],
  reason: string,
): SubscriptionEvent => ({
  type: 'SubscriptionStatusChanged',
  data: { subscriptionId: SUBSCRIPTION_ID, from, to, reason, changedAt: LATER.toISOString() },
});

const voidedEvent = (statusBefore: 'active' | 'cancelled', reason: string): SubscriptionEvent => ({
  type: 'SubscriptionVoided',
  data: { subscriptionId: SUBSCRIPTION_ID, statusBefore, reason, voidedAt: LATER.toISOString() },
});
const voided = voidedEvent('active', 'x');

/** The operator's grant of 9,06 € refunded in full. */
const refunded: SubscriptionEvent = {
  type: 'PaymentRefunded',
  data: {
    subscriptionId: SUBSCRIPTION_ID,
    provider: 'operator',
    paymentReference: `operator:${SUBSCRIPTION_ID}`,
    amountCents: 906,
    currency: 'EUR',
    refundedAt: LATER.toISOString(),
  },
};

const changeStatus = (to: ChangeSubscriptionStatus['data']['to']): ChangeSubscriptionStatus => ({
  type: 'ChangeSubscriptionStatus',
  data: { subscriptionId: SUBSCRIPTION_ID, to, reason: 'support', now: LATER },
});

describe('an operator grants a subscription', () => {
  it('is an order placed and paid at once at the catalogue price, active until the same day months later', () => {
    spec().given([]).when(grant()).then(granted(906));
  });

  it('keeps a custom price, free included, and any whole number of months', () => {
    spec()
      .given([])
      .when(grant({ customPriceCents: 0 }))
      .then(granted(0));
    spec()
      .given([])
      .when(grant({ months: 5, customPriceCents: 1999 }))
      .then(granted(1999, 5, '2026-06-30T10:00:00.000Z'));
  });

  it.each([
    { data: { months: 0 }, code: 'subscription.invalid_months' },
    { data: { months: 1.5 }, code: 'subscription.invalid_months' },
    { data: { months: 121 }, code: 'subscription.invalid_months' },
    { data: { customPriceCents: -1 }, code: 'subscription.invalid_price' },
    { data: { customPriceCents: 9.5 }, code: 'subscription.invalid_price' },
  ])('refuses months outside 1 to 120 and a negative or fractional price: $data', ({ data, code }) => {
    spec().given([]).when(grant(data)).thenThrows({ code });
  });

  it('refuses an id already used', () => {
    spec().given(granted(906)).when(grant()).thenThrows({ code: 'subscription.already_exists' });
  });
});

describe('an operator voids a subscription', () => {
  it('refuses to void a paid subscription unless the operator insists: it would take its payment out of the revenue', () => {
    spec()
      .given(granted(906))
      .when(voidIt())
      .thenThrows({ code: 'subscription.void_paid', details: { keptCents: 906 } });
    spec()
      .given(granted(906))
      .when(voidIt('Commande saisie deux fois', false))
      .thenThrows({ code: 'subscription.void_paid' });
  });

  it('voids a free one, or one whose money went back, without insisting', () => {
    spec()
      .given(granted(0))
      .when(voidIt())
      .then([voidedEvent('active', 'Commande saisie deux fois')]);
    spec()
      .given([...granted(906), refunded])
      .when(voidIt())
      .then([voidedEvent('cancelled', 'Commande saisie deux fois')]);
  });

  it('records the reason and the status it had when the operator insists; voiding again changes nothing', () => {
    spec()
      .given(granted(906))
      .when(voidIt('Commande saisie deux fois', true))
      .then([voidedEvent('active', 'Commande saisie deux fois')]);
    spec()
      .given([...granted(906), voided])
      .when(voidIt())
      .thenNothing();
  });

  it('a voided subscription can no longer change', () => {
    spec()
      .given([...granted(906), voided])
      .when(changeStatus('suspended'))
      .thenThrows({ code: 'subscription.voided' });
  });

  it('a subscription that does not exist cannot be voided', () => {
    spec().given([]).when(voidIt()).thenThrows({ code: 'subscription.not_found' });
  });
});

describe('an operator reactivates a cancelled subscription', () => {
  it('makes it active again with the reason, before its expiry: the cancellation stays in the history', () => {
    spec()
      .given([...granted(906), statusChanged('active', 'cancelled', 'support')])
      .when(reactivate())
      .then([statusChanged('cancelled', 'active', 'Annulé par erreur')]);
  });

  it.each([
    { name: 'an active one', given: [] as SubscriptionEvent[], now: LATER, code: 'subscription.not_cancelled' },
    {
      name: 'a suspended one',
      given: [statusChanged('active', 'suspended', 'x')],
      now: LATER,
      code: 'subscription.not_cancelled',
    },
    {
      name: 'one past its expiry',
      given: [statusChanged('active', 'cancelled', 'x')],
      now: new Date('2026-03-31T10:00:00.000Z'),
      code: 'subscription.past_expiry',
    },
    {
      name: 'an expired one',
      given: [
        {
          type: 'SubscriptionExpired',
          data: {
            subscriptionId: SUBSCRIPTION_ID,
            expiresAt: '2026-03-31T10:00:00.000Z',
            expiredAt: '2026-03-31T10:00:00.000Z',
          },
        } as SubscriptionEvent,
      ],
      now: LATER,
      code: 'subscription.not_cancelled',
    },
    {
      name: 'a refunded one',
      given: [refunded],
      now: LATER,
      code: 'subscription.refunded',
    },
    { name: 'a voided one', given: [voided], now: LATER, code: 'subscription.voided' },
  ])('refuses $name ($code)', ({ given, now, code }) => {
    spec()
      .given([...granted(906), ...given])
      .when(reactivate(now))
      .thenThrows({ code });
  });

  it('refuses an order cancelled before it was paid', () => {
    spec()
      .given([granted(906)[0]!, statusChanged('pending', 'cancelled', 'x')])
      .when(reactivate())
      .thenThrows({ code: 'subscription.not_paid' });
  });
});

describe("a customer's erasure ends what is still live of theirs", () => {
  it.each(['active', 'suspended'] as const)('a %s subscription is cancelled, the reason recorded', (status) => {
    const before = status === 'active' ? [] : [statusChanged('active', 'suspended', 'x')];
    spec()
      .given([...granted(906), ...before])
      .when(endForErasure())
      .then([statusChanged(status, 'cancelled', CUSTOMER_ERASED_REASON)]);
  });

  it('an order still to pay is cancelled too', () => {
    spec()
      .given([granted(906)[0]!])
      .when(endForErasure())
      .then([statusChanged('pending', 'cancelled', CUSTOMER_ERASED_REASON)]);
  });

  it('an ended, expired or voided one stays as it is (a retried erasure adds nothing)', () => {
    spec()
      .given([...granted(906), statusChanged('active', 'cancelled', 'x')])
      .when(endForErasure())
      .thenNothing();
    spec()
      .given([...granted(906), voided])
      .when(endForErasure())
      .thenNothing();
  });

  it("refuses someone else's subscription", () => {
    spec().given(granted(906)).when(endForErasure('user-8')).thenThrows({ code: 'subscription.not_found' });
  });
});
