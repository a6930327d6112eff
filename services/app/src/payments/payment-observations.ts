import { createHash } from 'node:crypto';
import type { EventMetadata } from '@shop/event-store';
import type Stripe from 'stripe';
import type { PaymentOutcome, SavedMethod } from './payment-provider.js';

/**
 * What a provider answered when the shop asked it, recorded before the shop acts on it (ADR 0016):
 * the operator's sync runs and the success page's check. An outcome applied from such an answer
 * names the recorded observation as its cause (`causationId`, `causationStreamId`).
 */

export const PAYMENT_SYNC_REQUESTED = 'PaymentSyncRequested';
export const PAYMENT_OBSERVED = 'PaymentObserved';
export const PAYMENT_SYNC_COMPLETED = 'PaymentSyncCompleted';
export const PAYMENT_SYNC_FAILED = 'PaymentSyncFailed';
export const PAYMENT_VERIFICATION_OBSERVED = 'PaymentVerificationObserved';

/** One operator's sync run: requested, one observation per provider payment, completed (or failed). */
export const paymentSyncStreamId = (runId: string) => `payment-sync-${runId}`;
/** The success page's checks of one checkout: one observation per distinct answer of the provider. */
export const paymentCheckStreamId = (provider: string, sessionId: string) => `payment-check-${provider}-${sessionId}`;

export interface PaymentSyncRequestedData {
  runId: string;
  provider: 'stripe';
  /** The customer whose payments were asked for. */
  userId: string;
  /** The e-mail the operator typed (normalized), sealed with the customer's key: unreadable once they are erased. */
  email: string;
  requestedAt: string;
}

/** One payment (a Stripe Checkout Session) as the provider described it, ids and amounts only. */
export interface PaymentObservation {
  runId: string;
  provider: 'stripe';
  sessionId: string;
  /** Session status (`complete`, `open`, `expired`) and payment status (`paid`, `unpaid`, ...). */
  status: string | null;
  paymentStatus: string | null;
  /** The payment intent, when there is one. */
  paymentReference: string | null;
  amountCents: number | null;
  currency: string | null;
  /** When the session was opened at the provider. */
  createdAt: string;
  /** The order the session's reference or metadata names: a claim, checked before anything is applied. */
  claimedSubscriptionId: string | null;
  /**
   * The method a paid checkout kept for automatic renewals (Stripe's ids and "Visa •••• 4242"),
   * as its payment intent said: absent when it kept none, and in observations recorded before it was read.
   */
  savedMethod?: SavedMethod;
  observedAt: string;
}

export interface PaymentSyncCompletedData {
  runId: string;
  observed: number;
  /** Payments that activated an order in this run. */
  applied: number;
  unmatched: number;
  mismatches: number;
  completedAt: string;
}

export interface PaymentSyncFailedData {
  runId: string;
  reason: string;
  failedAt: string;
}

/** The id of a Stripe object Stripe sent as its id or expanded. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** What the shop reads of a Checkout Session, live or recorded: never the customer's e-mail, name or address. */
export type StripeSessionFacts = Pick<
  PaymentObservation,
  | 'sessionId'
  | 'status'
  | 'paymentStatus'
  | 'paymentReference'
  | 'amountCents'
  | 'currency'
  | 'claimedSubscriptionId'
  | 'savedMethod'
>;

export function stripeSessionFacts(session: Stripe.Checkout.Session): StripeSessionFacts {
  return {
    sessionId: session.id,
    status: session.status ?? null,
    paymentStatus: session.payment_status ?? null,
    paymentReference: idOf(session.payment_intent),
    amountCents: session.amount_total ?? null,
    currency: session.currency ? session.currency.toUpperCase() : null,
    claimedSubscriptionId: session.client_reference_id ?? session.metadata?.subscriptionId ?? null,
  };
}

/**
 * What is kept of a Checkout Session: its facts, the method it kept (`StripeProvider.savedMethodOfCheckout`),
 * when it was opened and when the shop observed it.
 */
export function observeStripeSession(
  runId: string,
  session: Stripe.Checkout.Session,
  observedAt: Date,
  savedMethod: SavedMethod | null = null,
): PaymentObservation {
  return {
    runId,
    provider: 'stripe',
    ...stripeSessionFacts(session),
    ...(savedMethod ? { savedMethod } : {}),
    createdAt: new Date(session.created * 1000).toISOString(),
    observedAt: observedAt.toISOString(),
  };
}

/**
 * The one reading of a Checkout Session, read live (`StripeProvider.sessionOutcome`) or from its
 * observation: the payment is dated `paidAt`, when the shop learnt of it (a session has no payment time).
 */
export function stripeSessionOutcome(session: StripeSessionFacts, paidAt: Date): PaymentOutcome {
  const subscriptionId = session.claimedSubscriptionId;
  if (!subscriptionId) return { kind: 'ignored', reason: `session ${session.sessionId} names no order` };
  if (session.status === 'complete' && session.paymentStatus === 'paid') {
    return {
      kind: 'paid',
      subscriptionId,
      sessionId: session.sessionId,
      paymentReference: session.paymentReference ?? session.sessionId,
      amountCents: session.amountCents ?? 0,
      currency: session.currency ?? '',
      // A saving checkout's method: its order then renews itself with it, however the payment was learnt of.
      ...(session.savedMethod ? { savedMethod: session.savedMethod } : {}),
      paidAt,
    };
  }
  if (session.status === 'expired') return { kind: 'expired', subscriptionId, sessionId: session.sessionId };
  return { kind: 'pending', subscriptionId };
}

/** The one reading of an observation, for the sync and for its replay alike: dated when the shop observed it. */
export const outcomeOfObservation = (observation: PaymentObservation): PaymentOutcome =>
  stripeSessionOutcome(observation, new Date(observation.observedAt));

/** A provider's outcome as JSON: dates as ISO strings. */
export type RecordedOutcome =
  | (Omit<Extract<PaymentOutcome, { kind: 'paid' }>, 'paidAt'> & { paidAt: string })
  | (Omit<Extract<PaymentOutcome, { kind: 'refunded' }>, 'refundedAt'> & { refundedAt: string })
  | Exclude<PaymentOutcome, { kind: 'paid' | 'refunded' }>;

export interface PaymentVerificationObservation {
  provider: string;
  sessionId: string;
  /** The order the shop opened this checkout for. */
  subscriptionId: string;
  /** What the provider said, in the shop's words. */
  outcome: RecordedOutcome;
  observedAt: string;
}

export function recordOutcome(outcome: PaymentOutcome): RecordedOutcome {
  switch (outcome.kind) {
    case 'paid':
      return { ...outcome, paidAt: outcome.paidAt.toISOString() };
    case 'refunded':
      return { ...outcome, refundedAt: outcome.refundedAt.toISOString() };
    default:
      return { ...outcome };
  }
}

export function outcomeOfRecord(recorded: RecordedOutcome): PaymentOutcome {
  switch (recorded.kind) {
    case 'paid':
      return { ...recorded, paidAt: new Date(recorded.paidAt) };
    case 'refunded':
      return { ...recorded, refundedAt: new Date(recorded.refundedAt) };
    default:
      return { ...recorded };
  }
}

/**
 * The id of a check's observation: the same answer about the same checkout is one event (a
 * reloaded success page adds nothing); the time the shop learnt of it does not count.
 */
export function verificationObservationId(provider: string, sessionId: string, outcome: RecordedOutcome): string {
  const {
    paidAt: _paid,
    refundedAt: _refunded,
    ...answer
  } = outcome as RecordedOutcome & {
    paidAt?: string;
    refundedAt?: string;
  };
  const keys = Object.keys(answer).sort();
  const digest = createHash('sha256').update(JSON.stringify(answer, keys)).digest('hex').slice(0, 24);
  return `check:${provider}:${sessionId}:${digest}`;
}

/** Metadata of an outcome applied from a recorded observation: its cause, and the stream to find it on. */
export const causedBy = (metadata: EventMetadata, event: { id: string; streamId: string }): EventMetadata => ({
  ...metadata,
  causationId: event.id,
  causationStreamId: event.streamId,
});
