import type { DomainEvent } from '../shared/decider.js';
import type { OrderPrice } from '../shared/money.js';

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'suspended', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const subscriptionStreamId = (subscriptionId: string) => `subscription-${subscriptionId}`;

/**
 * A payment method a provider keeps for later charges: its id there (Stripe payment method,
 * Mollie mandate, sandbox card), the provider's customer it belongs to where it has one, and what
 * the customer recognises it by ("Visa •••• 4242"). Ids, never card numbers.
 */
export interface SavedMethod {
  id: string;
  customerId: string | null;
  label: string;
}

/** Who pays, as the invoice names them: their country of residence, and for a business its name and VAT number. */
export interface Billing {
  country: string;
  companyName: string | null;
  vatNumber: string | null;
}

export type OrderPlaced = DomainEvent<
  'OrderPlaced',
  {
    subscriptionId: string;
    userId: string;
    planId: string;
    planName: string;
    months: number;
    monthlyPriceCents: number;
    subtotalCents: number;
    discountPercent: number;
    discountCents: number;
    totalCents: number;
    currency: string;
    promoCode: string | null;
    provider: string | null;
    placedAt: string;
    /** The customer asked to keep the payment method and renew automatically (absent: renewed by hand). */
    autoRenew?: true;
    /**
     * The customer's express request, when ordering, for access to start at once, before the
     * 14-day withdrawal period ends, knowing they lose the right to withdraw once the month is
     * provided (Consumer Rights Directive, art. 16; French Code de la consommation, L221-28).
     * Absent: no such request was made (orders through the API without it, and those before it
     * was asked); the customer then keeps the right to withdraw.
     */
    immediateAccess?: true;
    /** Who pays, for the invoice; absent from orders placed before invoices (and from grants). */
    billing?: Billing;
  }
>;

/** The one way an `OrderPlaced` is made, from what was ordered and its price, for the shop and the operator alike. */
export function orderPlaced(order: {
  subscriptionId: string;
  userId: string;
  plan: { id: string; name: string };
  price: OrderPrice;
  promoCode: string | null;
  provider: string | null;
  at: Date;
  autoRenew?: boolean;
  immediateAccess?: boolean;
  billing?: Billing;
}): OrderPlaced {
  const { price } = order;
  return {
    type: 'OrderPlaced',
    data: {
      subscriptionId: order.subscriptionId,
      userId: order.userId,
      planId: order.plan.id,
      planName: order.plan.name,
      months: price.months,
      monthlyPriceCents: price.monthlyPriceCents,
      subtotalCents: price.subtotalCents,
      discountPercent: price.discountPercent,
      discountCents: price.discountCents,
      totalCents: price.totalCents,
      currency: price.currency,
      promoCode: order.promoCode,
      provider: order.provider,
      placedAt: order.at.toISOString(),
      ...(order.autoRenew ? { autoRenew: true as const } : {}),
      ...(order.immediateAccess ? { immediateAccess: true as const } : {}),
      ...(order.billing ? { billing: order.billing } : {}),
    },
  };
}

export type PaymentConfirmed = DomainEvent<
  'PaymentConfirmed',
  {
    subscriptionId: string;
    provider: string;
    paymentReference: string;
    amountCents: number;
    currency: string;
    paidAt: string;
    expiresAt: string;
    /** Paid after it was abandoned: it takes back the use of this promo code that the abandonment gave back. */
    retakesPromoCode?: string;
  }
>;

/**
 * A second, distinct payment of an order already paid (two checkouts of one order paid, or a
 * checkout paid again after the subscription ended): the customer was charged twice. Recorded for
 * the operator to refund; the subscription is not changed.
 */
export type ExtraPaymentRecorded = DomainEvent<
  'ExtraPaymentRecorded',
  {
    subscriptionId: string;
    provider: string;
    paymentReference: string;
    amountCents: number;
    currency: string;
    /** The payment the subscription stands on. */
    firstPaymentReference: string;
    recordedAt: string;
  }
>;

/** What a provider's refund records: which payment, how much went back and when. */
export interface RefundData {
  subscriptionId: string;
  provider: string;
  paymentReference: string;
  amountCents: number;
  currency: string;
  refundedAt: string;
}

/** The refund of an extra payment: the money went back, the subscription stays as it is. */
export type ExtraPaymentRefunded = DomainEvent<'ExtraPaymentRefunded', RefundData>;

/** A payment arrived that does not cover the order: recorded, and the order stays pending. */
export type PaymentMismatchRecorded = DomainEvent<
  'PaymentMismatchRecorded',
  {
    subscriptionId: string;
    provider: string;
    paymentReference: string;
    amountCents: number;
    currency: string;
    expectedAmountCents: number;
    expectedCurrency: string;
    recordedAt: string;
  }
>;

/**
 * The credentials themselves live encrypted outside the log; the log records which set was assigned
 * and, since sets have versions (`credential-set-<id>`), which version it stood at. Absent from
 * assignments recorded before sets had versions (ADR 0008).
 */
export type CredentialsAssigned = DomainEvent<
  'CredentialsAssigned',
  { subscriptionId: string; credentialsId: string; credentialsVersion?: number; assignedAt: string }
>;

export type SubscriptionStatusChanged = DomainEvent<
  'SubscriptionStatusChanged',
  {
    subscriptionId: string;
    from: SubscriptionStatus;
    to: SubscriptionStatus;
    reason: string | null;
    changedAt: string;
  }
>;

export type SubscriptionExpired = DomainEvent<
  'SubscriptionExpired',
  { subscriptionId: string; expiresAt: string; expiredAt: string }
>;

/** A checkout was opened at a provider for this order (the first, or a new one to finalise it). */
export type PaymentSessionOpened = DomainEvent<
  'PaymentSessionOpened',
  {
    subscriptionId: string;
    /** Whose checkout it is; absent from sessions opened before it was recorded (the order says). */
    userId?: string;
    provider: string;
    sessionId: string;
    /** The renewal this checkout pays, when it pays one rather than the order. */
    renewalId?: string;
    openedAt: string;
  }
>;

/**
 * The one way a `PaymentSessionOpened` is made, from the command that opens the checkout (for the
 * order, or for `renewalId` when it pays a renewal) and whose checkout it is.
 */
export function paymentSessionOpened(
  session: { subscriptionId: string; provider: string; sessionId: string; renewalId?: string; now: Date },
  userId: string | undefined,
): PaymentSessionOpened {
  return {
    type: 'PaymentSessionOpened',
    data: {
      subscriptionId: session.subscriptionId,
      userId,
      provider: session.provider,
      sessionId: session.sessionId,
      ...(session.renewalId ? { renewalId: session.renewalId } : {}),
      openedAt: session.now.toISOString(),
    },
  };
}

/** A payment attempt ended without money: the order stays pending and can be paid again. */
export type PaymentAttemptFailed = DomainEvent<
  'PaymentAttemptFailed',
  {
    subscriptionId: string;
    provider: string;
    sessionId: string | null;
    reason: 'expired' | 'failed' | 'canceled';
    at: string;
  }
>;

/**
 * What went back of a payment before it was refunded in full (partial refunds), when some did: the
 * last refund gave back `amountCents` less that.
 */
interface RefundedBefore {
  refundedBeforeCents?: number;
}

/** What a refund in full gave back itself: the payment's amount, less what partial refunds gave back before. */
export const givenBackByRefundInFull = (refund: { amountCents: number } & RefundedBefore): number =>
  refund.amountCents - (refund.refundedBeforeCents ?? 0);

/** The money was given back: the subscription ends (see `OrderRefunded` when renewals paid after it keep it). */
export type PaymentRefunded = DomainEvent<'PaymentRefunded', RefundData & RefundedBefore>;

/** Gone from lists and figures (an order recorded by mistake); the events before it stay readable. */
export type SubscriptionVoided = DomainEvent<
  'SubscriptionVoided',
  { subscriptionId: string; statusBefore: SubscriptionStatus; reason: string; voidedAt: string }
>;

/**
 * The customer asked to extend this subscription by `months`, priced from the catalogue at that
 * moment; nothing changes until it is paid (`SubscriptionRenewed`). `automatic`: the shop ordered
 * it itself, to charge the payment method kept for the subscription, for the period that ends at
 * `forExpiry`; a declined charge is tried again `retryHours` after the first decline.
 */
export type RenewalOrdered = DomainEvent<
  'RenewalOrdered',
  OrderPrice & {
    subscriptionId: string;
    renewalId: string;
    promoCode: string | null;
    provider: string;
    orderedAt: string;
    /** The customer asked to keep the payment method of this renewal's checkout for the next ones. */
    autoRenew?: true;
    /** As `OrderPlaced`'s: the customer asked for the renewed months to start before the withdrawal period ends. */
    immediateAccess?: true;
    automatic?: { forExpiry: string; retryHours: number[] };
    /** Who pays this renewal, for its invoice (an automatic one: as the subscription was billed last). */
    billing?: Billing;
  }
>;

/** The one way a `RenewalOrdered` is made, from what was ordered and its price, by the customer or automatically. */
export function renewalOrdered(renewal: {
  subscriptionId: string;
  renewalId: string;
  price: OrderPrice;
  promoCode: string | null;
  provider: string;
  at: Date;
  autoRenew?: boolean;
  immediateAccess?: boolean;
  automatic?: { forExpiry: string; retryHours: readonly number[] };
  billing?: Billing;
}): RenewalOrdered {
  const { automatic, billing } = renewal;
  return {
    type: 'RenewalOrdered',
    data: {
      subscriptionId: renewal.subscriptionId,
      renewalId: renewal.renewalId,
      ...renewal.price,
      promoCode: renewal.promoCode,
      provider: renewal.provider,
      orderedAt: renewal.at.toISOString(),
      ...(renewal.autoRenew ? { autoRenew: true as const } : {}),
      ...(renewal.immediateAccess ? { immediateAccess: true as const } : {}),
      ...(automatic ? { automatic: { forExpiry: automatic.forExpiry, retryHours: [...automatic.retryHours] } } : {}),
      ...(billing ? { billing } : {}),
    },
  };
}

/**
 * The subscription renews itself from now on: the provider keeps a payment method for it
 * (`methodId` at `provider`, of its customer `customerId`), charged before each expiry. Recorded
 * when a checkout that asked for it is paid, or when the customer turns renewal back on.
 */
export type AutoRenewalEnabled = DomainEvent<
  'AutoRenewalEnabled',
  {
    subscriptionId: string;
    provider: string;
    methodId: string;
    customerId: string | null;
    /** What the customer recognises it by ("Visa •••• 4242"). */
    methodLabel: string;
    enabledAt: string;
  }
>;

/** The kept method as the log records it when renewal is turned on. */
export function autoRenewalEnabled(
  subscriptionId: string,
  provider: string,
  method: SavedMethod,
  at: Date,
): AutoRenewalEnabled {
  return {
    type: 'AutoRenewalEnabled',
    data: {
      subscriptionId,
      provider,
      methodId: method.id,
      customerId: method.customerId,
      methodLabel: method.label,
      enabledAt: at.toISOString(),
    },
  };
}

/**
 * An automatic renewal's charge was declined (`attempt` 1 is the first try). `nextAttemptAt`: when
 * it is tried again; null when no try is left, and the subscription ends at its expiry.
 */
export type RenewalChargeFailed = DomainEvent<
  'RenewalChargeFailed',
  {
    subscriptionId: string;
    renewalId: string;
    provider: string;
    sessionId: string;
    attempt: number;
    /** What the charge asked for. */
    amountCents: number;
    currency: string;
    reason: string;
    nextAttemptAt: string | null;
    failedAt: string;
  }
>;

/**
 * A renewal was paid: the subscription keeps its id and its expiry moves from `from` (the expiry
 * it had, or the payment time when it had already expired) to `to`, exactly `months` later.
 */
export type SubscriptionRenewed = DomainEvent<
  'SubscriptionRenewed',
  {
    subscriptionId: string;
    renewalId: string;
    months: number;
    from: string;
    to: string;
    amountCents: number;
    currency: string;
    provider: string;
    paymentReference: string;
    paidAt: string;
    /** Paid after it was given up: it takes back the use of this promo code that `RenewalAbandoned` gave back. */
    retakesPromoCode?: string;
  }
>;

/**
 * A renewal's payment went back: the months it added are taken off again (`expiresAt` is the
 * expiry from now on); the subscription otherwise stays as it is. `ends`: it was the last money
 * kept (the order's went back before, `OrderRefunded`): the subscription ends as refunded, as a
 * payment refunded in full ends it.
 */
export type RenewalRefunded = DomainEvent<
  'RenewalRefunded',
  RefundData & RefundedBefore & { renewalId: string; expiresAt: string; ends?: true }
>;

/**
 * The order's payment was given back in full while renewals paid after it keep the subscription:
 * the order's `months` come off the expiry (`expiresAt`), and it runs on what the renewals paid.
 * With no renewal paid and kept after it, a full refund of the order ends it (`PaymentRefunded`).
 */
export type OrderRefunded = DomainEvent<
  'OrderRefunded',
  RefundData & RefundedBefore & { months: number; expiresAt: string }
>;

/**
 * The order waited `pendingHours` for a payment and none came: it is cancelled as abandoned, and
 * leaves the operator's payments to watch. A payment that still comes for it pays it all the same
 * (the customer paid); no new checkout is opened for it.
 */
/**
 * A renewal the customer ordered waited `pendingHours` for its payment and none came: it is given
 * up (the subscription runs on as it was). A payment that still comes for it renews all the same;
 * no new checkout is opened for it.
 */
export type RenewalAbandoned = DomainEvent<
  'RenewalAbandoned',
  {
    subscriptionId: string;
    renewalId: string;
    pendingHours: number;
    abandonedAt: string;
    /** The promo code the renewal had taken a use of: the use is given back, for others. */
    promoCode?: string;
  }
>;

export type OrderAbandoned = DomainEvent<
  'OrderAbandoned',
  {
    subscriptionId: string;
    pendingHours: number;
    abandonedAt: string;
    /** The promo code the order had taken a use of: the use is given back, for others. */
    promoCode?: string;
  }
>;

/**
 * The customer cancelled: nothing renews any more and the subscription ends at its expiry
 * (`accessEndsAt`); until then it stays active.
 */
export type SubscriptionCancellationRecorded = DomainEvent<
  'SubscriptionCancellationRecorded',
  { subscriptionId: string; reason: string | null; accessEndsAt: string; cancelledAt: string }
>;

/**
 * The customer asks for their money back under the 7-day guarantee, for one payment (the order's
 * or a renewal's); the operator decides.
 */
export type RefundRequested = DomainEvent<
  'RefundRequested',
  {
    subscriptionId: string;
    paymentReference: string;
    amountCents: number;
    currency: string;
    reason: string;
    requestedAt: string;
  }
>;

/**
 * Part of a payment went back (a gesture, a partial refund from the shop or the provider's
 * dashboard): `amountCents` this time, `refundedTotalCents` of that payment so far. The
 * subscription stays as it is. `kind` says whose payment it was: the order's, a renewal's, an extra one.
 */
export type PartialRefundRecorded = DomainEvent<
  'PartialRefundRecorded',
  RefundData & { kind: 'order' | 'renewal' | 'extra'; refundedTotalCents: number; refundId?: string }
>;

/** The operator asked the provider to give back `amountCents` of a payment, and why. */
export type RefundInitiated = DomainEvent<
  'RefundInitiated',
  {
    subscriptionId: string;
    refundId: string;
    paymentReference: string;
    provider: string;
    amountCents: number;
    currency: string;
    reason: string;
    /** What the payment had refunded before this one: with `amountCents`, its total once it is made. */
    refundedBeforeCents: number;
    initiatedAt: string;
  }
>;

/** The provider made the operator's refund (its own id for it); the money events say what it changed. */
export type RefundSettled = DomainEvent<
  'RefundSettled',
  { subscriptionId: string; refundId: string; providerRefundId: string; settledAt: string }
>;

/** The provider refused the operator's refund: nothing went back. */
export type RefundFailed = DomainEvent<
  'RefundFailed',
  { subscriptionId: string; refundId: string; reason: string; failedAt: string }
>;

/** The customer disputed a payment with their bank (a chargeback): the subscription is suspended meanwhile. */
export type PaymentDisputed = DomainEvent<
  'PaymentDisputed',
  {
    subscriptionId: string;
    provider: string;
    paymentReference: string;
    /** The provider's id for the dispute: the same dispute reported again adds nothing. */
    disputeId: string;
    amountCents: number;
    currency: string;
    reason: string | null;
    disputedAt: string;
  }
>;

/** The provider of a subscription the operator granted: no payment went through the shop. */
export const OPERATOR_PROVIDER = 'operator';

export type SubscriptionEvent =
  | OrderPlaced
  | PaymentSessionOpened
  | PaymentAttemptFailed
  | PaymentRefunded
  | PaymentConfirmed
  | PaymentMismatchRecorded
  | ExtraPaymentRecorded
  | ExtraPaymentRefunded
  | CredentialsAssigned
  | SubscriptionStatusChanged
  | SubscriptionExpired
  | SubscriptionVoided
  | RenewalOrdered
  | AutoRenewalEnabled
  | RenewalChargeFailed
  | SubscriptionRenewed
  | RenewalRefunded
  | OrderRefunded
  | OrderAbandoned
  | RenewalAbandoned
  | SubscriptionCancellationRecorded
  | RefundRequested
  | PartialRefundRecorded
  | RefundInitiated
  | RefundSettled
  | RefundFailed
  | PaymentDisputed;

export const SUBSCRIPTION_EVENT_TYPES: ReadonlyArray<SubscriptionEvent['type']> = [
  'OrderPlaced',
  'PaymentSessionOpened',
  'PaymentAttemptFailed',
  'PaymentRefunded',
  'PaymentConfirmed',
  'PaymentMismatchRecorded',
  'ExtraPaymentRecorded',
  'ExtraPaymentRefunded',
  'CredentialsAssigned',
  'SubscriptionStatusChanged',
  'SubscriptionExpired',
  'SubscriptionVoided',
  'RenewalOrdered',
  'AutoRenewalEnabled',
  'RenewalChargeFailed',
  'SubscriptionRenewed',
  'RenewalRefunded',
  'OrderRefunded',
  'OrderAbandoned',
  'RenewalAbandoned',
  'SubscriptionCancellationRecorded',
  'RefundRequested',
  'PartialRefundRecorded',
  'RefundInitiated',
  'RefundSettled',
  'RefundFailed',
  'PaymentDisputed',
];
