import type { SubscriptionStatus } from './events.js';

export type PlaceOrder = {
  type: 'PlaceOrder';
  data: {
    subscriptionId: string;
    userId: string;
    plan: { id: string; name: string; monthlyPriceCents: number; currency: string };
    months: number;
    promotion: { code: string; percentOff: number } | null;
    provider: string | null;
    now: Date;
  };
};

export type ConfirmPayment = {
  type: 'ConfirmPayment';
  data: {
    subscriptionId: string;
    provider: string;
    paymentReference: string;
    amountCents: number;
    currency: string;
    paidAt: Date;
    now: Date;
  };
};

export type AssignCredentials = {
  type: 'AssignCredentials';
  /** credentialsPlanId: the plan the credentials were stored for; it must be the subscription's. */
  data: { subscriptionId: string; credentialsId: string; credentialsPlanId: string; now: Date };
};

export type ChangeSubscriptionStatus = {
  type: 'ChangeSubscriptionStatus';
  data: { subscriptionId: string; to: SubscriptionStatus; reason: string | null; now: Date };
};

export type ExpireSubscription = {
  type: 'ExpireSubscription';
  data: { subscriptionId: string; now: Date };
};

export type OpenPaymentSession = {
  type: 'OpenPaymentSession';
  data: { subscriptionId: string; provider: string; sessionId: string; now: Date };
};

export type RecordPaymentFailure = {
  type: 'RecordPaymentFailure';
  data: {
    subscriptionId: string;
    provider: string;
    sessionId: string | null;
    reason: 'expired' | 'failed' | 'canceled';
    now: Date;
  };
};

export type RefundPayment = {
  type: 'RefundPayment';
  data: {
    subscriptionId: string;
    provider: string;
    paymentReference: string;
    amountCents: number;
    currency: string;
    now: Date;
  };
};

export type SubscriptionCommand =
  | PlaceOrder
  | OpenPaymentSession
  | ConfirmPayment
  | RecordPaymentFailure
  | RefundPayment
  | AssignCredentials
  | ChangeSubscriptionStatus
  | ExpireSubscription;
