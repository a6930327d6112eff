import type { DomainEvent } from '../shared/decider.js';

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'suspended', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const subscriptionStreamId = (subscriptionId: string) => `subscription-${subscriptionId}`;

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
  }
>;

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
  }
>;

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

/** The credentials themselves live encrypted outside the log; the log records which set was assigned. */
export type CredentialsAssigned = DomainEvent<
  'CredentialsAssigned',
  { subscriptionId: string; credentialsId: string; assignedAt: string }
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
  { subscriptionId: string; provider: string; sessionId: string; openedAt: string }
>;

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

/** The money was given back: the subscription ends. */
export type PaymentRefunded = DomainEvent<
  'PaymentRefunded',
  {
    subscriptionId: string;
    provider: string;
    paymentReference: string;
    amountCents: number;
    currency: string;
    refundedAt: string;
  }
>;

export type SubscriptionEvent =
  | OrderPlaced
  | PaymentSessionOpened
  | PaymentAttemptFailed
  | PaymentRefunded
  | PaymentConfirmed
  | PaymentMismatchRecorded
  | CredentialsAssigned
  | SubscriptionStatusChanged
  | SubscriptionExpired;

export const SUBSCRIPTION_EVENT_TYPES: ReadonlyArray<SubscriptionEvent['type']> = [
  'OrderPlaced',
  'PaymentSessionOpened',
  'PaymentAttemptFailed',
  'PaymentRefunded',
  'PaymentConfirmed',
  'PaymentMismatchRecorded',
  'CredentialsAssigned',
  'SubscriptionStatusChanged',
  'SubscriptionExpired',
];
