import type { Billing, SavedMethod, SubscriptionStatus } from './events.js';

/** A new subscription: whose, which plan at its catalogue price, and for how many months. */
interface NewSubscription {
  subscriptionId: string;
  userId: string;
  plan: { id: string; name: string; monthlyPriceCents: number; currency: string };
  months: number;
}

/**
 * A customer's checkout, an order or a renewal alike: months of a plan at its price now, a
 * promotion taken off, paid with `provider` at `now`.
 */
export interface Checkout<Provider extends string | null = string> {
  plan: { monthlyPriceCents: number; currency: string };
  months: number;
  promotion: { code: string; percentOff: number } | null;
  provider: Provider;
  /** Keep this checkout's payment method and renew automatically from now on. */
  autoRenew?: boolean;
  /** The customer asked for access to start before the withdrawal period ends (see `OrderPlaced`). */
  immediateAccess?: boolean;
  billing?: Billing;
  now: Date;
}

export type PlaceOrder = {
  type: 'PlaceOrder';
  data: NewSubscription & Checkout<string | null>;
};

/** A payment a provider reports for a subscription: its reference, the amount and the currency. */
interface ProviderPayment {
  subscriptionId: string;
  provider: string;
  paymentReference: string;
  amountCents: number;
  currency: string;
}

export type ConfirmPayment = {
  type: 'ConfirmPayment';
  data: ProviderPayment & {
    /** The checkout it was paid through, when the provider names it: it tells a renewal's payment from the order's. */
    sessionId?: string | null;
    /** The method the provider kept, when the checkout asked it to (automatic renewal). */
    savedMethod?: SavedMethod | null;
    paidAt: Date;
    now: Date;
  };
};

export type AssignCredentials = {
  type: 'AssignCredentials';
  /**
   * credentialsPlanId: the plan the credentials were stored for; it must be the subscription's.
   * credentialsVersion: the set's version at assignment, recorded with it.
   */
  data: {
    subscriptionId: string;
    credentialsId: string;
    credentialsPlanId: string;
    credentialsVersion?: number;
    now: Date;
  };
};

export type ChangeSubscriptionStatus = {
  type: 'ChangeSubscriptionStatus';
  data: { subscriptionId: string; to: SubscriptionStatus; reason: string | null; now: Date };
};

export type ExpireSubscription = {
  type: 'ExpireSubscription';
  data: { subscriptionId: string; now: Date };
};

/**
 * An order still waiting for its payment `pendingHours` after it was placed is given up: the
 * checkout was abandoned (the sweep of pending orders sends it; early or twice, it changes nothing).
 */
export type AbandonOrder = {
  type: 'AbandonOrder';
  data: { subscriptionId: string; pendingHours: number; now: Date };
};

/**
 * A renewal the customer ordered, still waiting for its payment `pendingHours` after, is given up
 * (the sweep of pending orders sends it; early, twice, or for a renewal paid or automatic, nothing).
 */
export type AbandonRenewal = {
  type: 'AbandonRenewal';
  data: { subscriptionId: string; renewalId: string; pendingHours: number; now: Date };
};

export type OpenPaymentSession = {
  type: 'OpenPaymentSession';
  /** renewalId: the checkout pays that renewal (ordered and not paid yet) instead of the order. */
  data: { subscriptionId: string; provider: string; sessionId: string; renewalId?: string; now: Date };
};

export type RecordPaymentFailure = {
  type: 'RecordPaymentFailure';
  data: {
    subscriptionId: string;
    provider: string;
    sessionId: string | null;
    reason: 'expired' | 'failed' | 'canceled';
    /** The provider's word for it (a decline code), when it gives one. */
    detail?: string;
    now: Date;
  };
};

/**
 * A provider reports money given back on a payment. `amountCents` is what that payment has had
 * refunded in all so far (Stripe's and Mollie's figure), so a report read twice adds nothing.
 */
export type RefundPayment = {
  type: 'RefundPayment';
  data: ProviderPayment & {
    now: Date;
  };
};

/** A provider reports a chargeback: the customer disputed a payment with their bank. */
export type RecordDispute = {
  type: 'RecordDispute';
  data: ProviderPayment & { disputeId: string; reason: string | null; now: Date };
};

/** The operator gives back part or all of a payment (the latest one when none is named), through its provider. */
export type InitiateRefund = {
  type: 'InitiateRefund';
  data: {
    subscriptionId: string;
    refundId: string;
    paymentReference: string | null;
    amountCents: number;
    reason: string;
    now: Date;
  };
};

/** The provider answered the operator's refund: made (with its id), or refused (why). */
export type SettleRefund = {
  type: 'SettleRefund';
  data: {
    subscriptionId: string;
    refundId: string;
    outcome: { providerRefundId: string } | { failure: string };
    now: Date;
  };
};

/**
 * The operator gives a customer an active subscription (paid outside the shop, a gesture, a
 * replacement): the same events as an order paid at once, with `operator` as the provider.
 */
export type GrantSubscription = {
  type: 'GrantSubscription';
  data: NewSubscription & {
    /** The price agreed with the customer; null for the catalogue price of those months. */
    customPriceCents: number | null;
    /** Who gives it: the operator (the default) or the free offer, recorded as the provider. */
    grantedBy?: 'operator' | 'free_offer';
    now: Date;
  };
};

/**
 * A subscription recorded by mistake leaves lists and figures; its history stays in the log. One
 * that holds money the shop kept is refunded instead, unless the operator `insist`s.
 */
export type VoidSubscription = {
  type: 'VoidSubscription';
  data: { subscriptionId: string; reason: string; insist?: boolean; now: Date };
};

/** The operator takes back a cancellation before the expiry: the subscription is active again. */
export type ReactivateSubscription = {
  type: 'ReactivateSubscription';
  data: { subscriptionId: string; reason: string; now: Date };
};

/** The customer `userId` is being erased: whatever of theirs is still live ends now. */
export type EndForErasedCustomer = {
  type: 'EndForErasedCustomer';
  data: { subscriptionId: string; userId: string; now: Date };
};

/**
 * The customer extends their subscription by `months` at the plan's price now (a promotion taken
 * off); paid through a checkout opened for `renewalId`.
 */
export type OrderRenewal = {
  type: 'OrderRenewal';
  data: Checkout & { subscriptionId: string; renewalId: string; userId: string };
};

/**
 * The shop renews a subscription that renews itself: once its charge is due (`leadHours` before
 * the expiry `forExpiry`, never before the paid period has begun), a renewal of the same duration
 * at the plan's price now, to charge to the kept method. Anything else (renewal off, not due, one
 * ordered already for that expiry) orders nothing.
 */
export type OrderAutomaticRenewal = {
  type: 'OrderAutomaticRenewal';
  data: {
    subscriptionId: string;
    renewalId: string;
    forExpiry: string;
    plan: { monthlyPriceCents: number; currency: string };
    leadHours: number;
    retryHours: readonly number[];
    now: Date;
  };
};

/** What the provider answered to a charge of the kept method for an automatic renewal (`sessionId`: its id for the charge). */
export type RecordRenewalCharge = {
  type: 'RecordRenewalCharge';
  data: {
    subscriptionId: string;
    renewalId: string;
    provider: string;
    sessionId: string;
    outcome:
      | { kind: 'paid'; paymentReference: string; amountCents: number; currency: string; paidAt: Date }
      | { kind: 'declined'; reason: string }
      | { kind: 'pending' };
    now: Date;
  };
};

/** The customer turns automatic renewal back on (after cancelling), with the method kept before. */
export type ResumeAutoRenewal = {
  type: 'ResumeAutoRenewal';
  data: { subscriptionId: string; userId: string; now: Date };
};

/** The customer cancels: nothing renews any more, access lasts until the expiry. */
export type CancelSubscription = {
  type: 'CancelSubscription';
  data: { subscriptionId: string; userId: string; reason: string | null; now: Date };
};

/** The customer asks for a refund of their latest payment under the 7-day guarantee. */
export type RequestRefund = {
  type: 'RequestRefund';
  data: { subscriptionId: string; userId: string; reason: string; now: Date };
};

export type SubscriptionCommand =
  | PlaceOrder
  | OpenPaymentSession
  | ConfirmPayment
  | RecordPaymentFailure
  | RefundPayment
  | AssignCredentials
  | ChangeSubscriptionStatus
  | GrantSubscription
  | VoidSubscription
  | ReactivateSubscription
  | EndForErasedCustomer
  | ExpireSubscription
  | AbandonOrder
  | AbandonRenewal
  | OrderRenewal
  | CancelSubscription
  | RequestRefund
  | InitiateRefund
  | SettleRefund
  | RecordDispute
  | OrderAutomaticRenewal
  | RecordRenewalCharge
  | ResumeAutoRenewal;
