import { givenBackByRefundInFull, type Billing, type SubscriptionEvent, type SubscriptionStatus } from './events.js';

export type SubscriptionState =
  | { status: 'none' }
  | {
      status: SubscriptionStatus;
      subscriptionId: string;
      userId: string;
      planId: string;
      months: number;
      totalCents: number;
      currency: string;
      paymentReference: string | null;
      expiresAt: string | null;
      credentialsId: string | null;
      /** The version of that credential set when it was assigned; null when unknown (before sets had versions). */
      credentialsVersion?: number | null;
      refunded?: boolean;
      /** Voided by the operator: nothing may change it any more. */
      voided?: boolean;
      /** Payments received after the one it stands on (ExtraPaymentRecorded), by reference; refunded or not. */
      extraPayments?: Readonly<Record<string, { refunded: boolean }>>;
      /** Renewals ordered, by id: their price, and once paid, the payment and the months it added. */
      renewals?: Readonly<Record<string, Renewal>>;
      /** Which renewal each renewal checkout pays, by the provider's session id. */
      renewalSessions?: Readonly<Record<string, string>>;
      /** When the customer cancelled: nothing renews any more. */
      cancelledAt?: string | null;
      /** Payments whose refund the customer asked for, by reference. */
      refundRequested?: Readonly<Record<string, true>>;
      /** Every payment received, by reference: the order's, each renewal's, any extra one, and what went back of it. */
      payments?: Readonly<Record<string, PaidPayment>>;
      /** The refunds the operator asked providers for, by id. */
      operatorRefunds?: Readonly<Record<string, OperatorRefund>>;
      /** Chargebacks reported, by the provider's dispute id. */
      disputes?: Readonly<Record<string, true>>;
      /** The order asked to keep the payment method for automatic renewal. */
      autoRenewRequested?: boolean;
      /** The payment method the provider keeps for this subscription's automatic renewals. */
      savedMethod?: KeptMethod | null;
      /** It renews itself: a method is kept and the customer has not cancelled since. */
      autoRenew?: boolean;
      /** When the paid period that ends at `expiresAt` began (the payment, or the renewal's `from`). */
      periodStartedAt?: string | null;
      /** Who pays the order, as given with it (each renewal keeps its own). */
      billing?: Billing | null;
      /** When the order was placed. */
      placedAt?: string;
      /** The order waited too long for its payment and was cancelled (a late payment still pays it). */
      abandoned?: boolean;
      /** The promo code the order took a use of, if any. */
      promoCode?: string;
    };

export interface KeptMethod {
  provider: string;
  id: string;
  customerId: string | null;
  label: string;
}

/** An automatic renewal's tries at charging the kept method. */
export interface AutomaticCharge {
  /** The expiry it renews from: once the expiry moved (a renewal by hand), it is out of date. */
  forExpiry: string;
  retryHours: readonly number[];
  /** Charges declined so far, by the provider's id for each. */
  declined: Readonly<Record<string, true>>;
  firstDeclinedAt: string | null;
  /** When the next try is due; null once no try is left. */
  nextAttemptAt: string | null;
}

export interface PaidPayment {
  kind: 'order' | 'renewal' | 'extra';
  provider: string;
  amountCents: number;
  currency: string;
  paidAt: string;
  refundedCents: number;
}

export interface OperatorRefund {
  paymentReference: string;
  amountCents: number;
  currency: string;
  reason: string;
  refundedBeforeCents: number;
  status: 'pending' | 'succeeded' | 'failed';
  failure: string | null;
  requestedAt: string;
}

type Existing = Exclude<SubscriptionState, { status: 'none' }>;

/** Who pays, as the customer said last: the latest renewal ordered with billing, else the order. */
export function latestBilling(state: Existing): Billing | null {
  const renewals = Object.values(state.renewals ?? {}).filter((renewal) => renewal.billing);
  return renewals.at(-1)?.billing ?? state.billing ?? null;
}

/** Money given back that the revenue counts on the day it went back, as `refundCountedOnItsDay` reads it. */
export interface RefundCounted {
  subscriptionId: string;
  paymentReference: string;
  /** What went back this time. */
  cents: number;
  /** The payment's refunded total once it went back. */
  refundedTotalCents: number;
  refundedAt: string;
}

/**
 * What an event gives back that counts against the revenue on its own day: part of the order's or
 * a renewal's payment (`PartialRefundRecorded`, an extra payment's aside), or the rest of the
 * order's payment refunded in full while renewals paid after it are kept (`OrderRefunded`). The
 * other full refunds take their payment out of the revenue altogether; null for them and for any
 * other event. The read model and the figures as of a date both count refunds by this one rule.
 */
export function refundCountedOnItsDay(event: SubscriptionEvent): RefundCounted | null {
  switch (event.type) {
    case 'PartialRefundRecorded': {
      const d = event.data;
      if (d.kind === 'extra') return null;
      const { subscriptionId, paymentReference, refundedAt } = d;
      return {
        subscriptionId,
        paymentReference,
        cents: d.amountCents,
        refundedTotalCents: d.refundedTotalCents,
        refundedAt,
      };
    }
    case 'OrderRefunded': {
      const d = event.data;
      const { subscriptionId, paymentReference, refundedAt } = d;
      return {
        subscriptionId,
        paymentReference,
        cents: givenBackByRefundInFull(d),
        refundedTotalCents: d.amountCents,
        refundedAt,
      };
    }
    default:
      return null;
  }
}

/**
 * The payment the customer made last, the order's or a renewal's (an extra payment is the shop's
 * to give back, not the customer's to claim): the one the 7-day guarantee and a refund start from.
 */
export function latestPayment(state: Existing): (PaidPayment & { reference: string }) | null {
  let latest: (PaidPayment & { reference: string }) | null = null;
  for (const [reference, payment] of Object.entries(state.payments ?? {})) {
    if (payment.kind !== 'extra' && (latest === null || payment.paidAt >= latest.paidAt)) {
      latest = { ...payment, reference };
    }
  }
  return latest;
}

/** The state with payment `reference` recorded, or changed when it is known. */
function withPayment(
  state: Existing,
  reference: string,
  change: (known: PaidPayment | undefined) => PaidPayment | undefined,
): Existing {
  const payment = change(state.payments?.[reference]);
  return payment ? { ...state, payments: { ...state.payments, [reference]: payment } } : state;
}

const refundedTo = (refundedCents: number) => (known: PaidPayment | undefined) =>
  known && { ...known, refundedCents: Math.max(known.refundedCents, refundedCents) };

function withOperatorRefund(state: Existing, refundId: string, change: Partial<OperatorRefund>): Existing {
  const known = state.operatorRefunds?.[refundId];
  return known
    ? { ...state, operatorRefunds: { ...state.operatorRefunds, [refundId]: { ...known, ...change } } }
    : state;
}

export interface Renewal {
  months: number;
  totalCents: number;
  currency: string;
  /** Its checkout was to keep the payment method for automatic renewal. */
  autoRenew?: boolean;
  /** Ordered by the shop to charge the kept method. */
  automatic?: AutomaticCharge;
  /** Who pays it, for its invoice. */
  billing?: Billing;
  /** When it was ordered. */
  orderedAt?: string;
  /** The promo code it took a use of, if any. */
  promoCode?: string;
  /** It waited too long for its payment and was given up (a late payment still pays it). */
  abandoned?: boolean;
  /** Set once paid. */
  paid?: { paymentReference: string; paidAt: string; from: string; to: string; refunded: boolean };
}

export const initialState = (): SubscriptionState => ({ status: 'none' });

export function evolve(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  const next = evolveSubscription(state, event);
  return next.status === 'none' ? next : evolveMoney(next, event);
}

/** What the payments and refunds of a subscription become: kept apart from its status and dates. */
function evolveMoney(state: Existing, event: SubscriptionEvent): Existing {
  switch (event.type) {
    case 'PaymentConfirmed':
    case 'SubscriptionRenewed':
    case 'ExtraPaymentRecorded': {
      const d = event.data;
      const kind =
        event.type === 'PaymentConfirmed' ? 'order' : event.type === 'SubscriptionRenewed' ? 'renewal' : 'extra';
      const paidAt = event.type === 'ExtraPaymentRecorded' ? event.data.recordedAt : event.data.paidAt;
      return withPayment(
        state,
        d.paymentReference,
        (known) =>
          known ?? {
            kind,
            provider: d.provider,
            amountCents: d.amountCents,
            currency: d.currency,
            paidAt,
            refundedCents: 0,
          },
      );
    }
    case 'PaymentRefunded':
    case 'RenewalRefunded':
    case 'OrderRefunded':
    case 'ExtraPaymentRefunded':
      return withPayment(state, event.data.paymentReference, refundedTo(event.data.amountCents));
    case 'PartialRefundRecorded': {
      const refunded = withPayment(state, event.data.paymentReference, refundedTo(event.data.refundedTotalCents));
      return event.data.refundId
        ? withOperatorRefund(refunded, event.data.refundId, { status: 'succeeded' })
        : refunded;
    }
    case 'RefundInitiated': {
      const d = event.data;
      const refund: OperatorRefund = {
        paymentReference: d.paymentReference,
        amountCents: d.amountCents,
        currency: d.currency,
        reason: d.reason,
        refundedBeforeCents: d.refundedBeforeCents,
        status: 'pending',
        failure: null,
        requestedAt: d.initiatedAt,
      };
      return { ...state, operatorRefunds: { ...state.operatorRefunds, [d.refundId]: refund } };
    }
    case 'RefundSettled':
      return withOperatorRefund(state, event.data.refundId, { status: 'succeeded' });
    case 'RefundFailed':
      return withOperatorRefund(state, event.data.refundId, { status: 'failed', failure: event.data.reason });
    case 'PaymentDisputed':
      return { ...state, disputes: { ...state.disputes, [event.data.disputeId]: true } };
    default:
      return state;
  }
}

function evolveSubscription(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  if (event.type === 'OrderPlaced') {
    return {
      status: 'pending',
      subscriptionId: event.data.subscriptionId,
      userId: event.data.userId,
      planId: event.data.planId,
      months: event.data.months,
      totalCents: event.data.totalCents,
      currency: event.data.currency,
      paymentReference: null,
      expiresAt: null,
      credentialsId: null,
      placedAt: event.data.placedAt,
      ...(event.data.autoRenew ? { autoRenewRequested: true } : {}),
      ...(event.data.billing ? { billing: event.data.billing } : {}),
      ...(event.data.promoCode ? { promoCode: event.data.promoCode } : {}),
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'PaymentConfirmed':
      return {
        ...state,
        status: 'active',
        paymentReference: event.data.paymentReference,
        expiresAt: event.data.expiresAt,
        periodStartedAt: event.data.paidAt,
      };
    case 'RenewalOrdered': {
      const { automatic } = event.data;
      const renewal: Renewal = {
        months: event.data.months,
        totalCents: event.data.totalCents,
        currency: event.data.currency,
        orderedAt: event.data.orderedAt,
        ...(event.data.promoCode ? { promoCode: event.data.promoCode } : {}),
        ...(event.data.autoRenew ? { autoRenew: true } : {}),
        ...(event.data.billing ? { billing: event.data.billing } : {}),
        ...(automatic
          ? {
              automatic: {
                forExpiry: automatic.forExpiry,
                retryHours: automatic.retryHours,
                declined: {},
                firstDeclinedAt: null,
                nextAttemptAt: event.data.orderedAt,
              },
            }
          : {}),
      };
      return { ...state, renewals: { ...state.renewals, [event.data.renewalId]: renewal } };
    }
    case 'AutoRenewalEnabled': {
      const { provider, methodId, customerId, methodLabel } = event.data;
      return {
        ...state,
        savedMethod: { provider, id: methodId, customerId, label: methodLabel },
        autoRenew: true,
        cancelledAt: null,
      };
    }
    case 'RenewalChargeFailed': {
      const renewal = state.renewals?.[event.data.renewalId];
      if (!renewal?.automatic) return state;
      const automatic: AutomaticCharge = {
        ...renewal.automatic,
        declined: { ...renewal.automatic.declined, [event.data.sessionId]: true },
        firstDeclinedAt: renewal.automatic.firstDeclinedAt ?? event.data.failedAt,
        nextAttemptAt: event.data.nextAttemptAt,
      };
      return { ...state, renewals: { ...state.renewals, [event.data.renewalId]: { ...renewal, automatic } } };
    }
    case 'SubscriptionRenewed': {
      const renewal = state.renewals?.[event.data.renewalId];
      if (!renewal) return state;
      const paid = {
        paymentReference: event.data.paymentReference,
        paidAt: event.data.paidAt,
        from: event.data.from,
        to: event.data.to,
      };
      return {
        ...state,
        status: 'active',
        expiresAt: event.data.to,
        periodStartedAt: event.data.from,
        renewals: { ...state.renewals, [event.data.renewalId]: { ...renewal, paid: { ...paid, refunded: false } } },
      };
    }
    case 'RenewalRefunded': {
      const renewal = state.renewals?.[event.data.renewalId];
      if (!renewal?.paid) return state;
      return {
        ...state,
        ...(event.data.ends ? { status: 'cancelled' as const, refunded: true, autoRenew: false } : {}),
        expiresAt: event.data.expiresAt,
        // The period it returns to began before this renewal's; when exactly is not kept.
        periodStartedAt: null,
        renewals: {
          ...state.renewals,
          [event.data.renewalId]: { ...renewal, paid: { ...renewal.paid, refunded: true } },
        },
      };
    }
    case 'OrderAbandoned':
      return { ...state, status: 'cancelled', abandoned: true };
    case 'RenewalAbandoned': {
      const renewal = state.renewals?.[event.data.renewalId];
      if (!renewal) return state;
      return { ...state, renewals: { ...state.renewals, [event.data.renewalId]: { ...renewal, abandoned: true } } };
    }
    case 'OrderRefunded':
      // As a renewal refunded: the period it returns to began before; when exactly is not kept.
      return { ...state, expiresAt: event.data.expiresAt, periodStartedAt: null };
    case 'SubscriptionCancellationRecorded':
      return { ...state, cancelledAt: event.data.cancelledAt, autoRenew: false };
    case 'RefundRequested':
      return { ...state, refundRequested: { ...state.refundRequested, [event.data.paymentReference]: true } };
    case 'PartialRefundRecorded':
    case 'RefundInitiated':
    case 'RefundSettled':
    case 'RefundFailed':
    case 'PaymentDisputed':
      return state;
    case 'ExtraPaymentRecorded':
      return {
        ...state,
        extraPayments: { ...state.extraPayments, [event.data.paymentReference]: { refunded: false } },
      };
    case 'ExtraPaymentRefunded':
      return {
        ...state,
        extraPayments: { ...state.extraPayments, [event.data.paymentReference]: { refunded: true } },
      };
    case 'PaymentSessionOpened': {
      const { renewalId, sessionId } = event.data;
      return renewalId ? { ...state, renewalSessions: { ...state.renewalSessions, [sessionId]: renewalId } } : state;
    }
    case 'PaymentMismatchRecorded':
    case 'PaymentAttemptFailed':
      return state;
    case 'PaymentRefunded':
      // Nothing paid is kept: it ends, and renews itself no more.
      return { ...state, status: 'cancelled', refunded: true, autoRenew: false };
    case 'CredentialsAssigned':
      return {
        ...state,
        credentialsId: event.data.credentialsId,
        credentialsVersion: event.data.credentialsVersion ?? null,
      };
    case 'SubscriptionStatusChanged':
      return { ...state, status: event.data.to };
    case 'SubscriptionExpired':
      return { ...state, status: 'expired' };
    case 'SubscriptionVoided':
      return { ...state, voided: true };
  }
}
