import { PAYMENT_PROVIDERS, type PaymentProviderName } from '@shop/contracts';
import type { SavedMethod } from '@shop/domain';

export const PROVIDERS = PAYMENT_PROVIDERS;
export type ProviderName = PaymentProviderName;

export interface CheckoutRequest {
  subscriptionId: string;
  description: string;
  amountCents: number;
  currency: string;
  customerEmail: string;
  language: 'fr' | 'en';
  /** Where the provider sends the browser back; `{SESSION_ID}` is replaced by the session id where the provider can. */
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  /**
   * Ask the provider to keep the payment method for later charges without the customer
   * (automatic renewal): Stripe's `setup_future_usage: 'off_session'` with a customer, Mollie's
   * first payment that creates a mandate, the sandbox's saved test card. Only asked of a provider
   * with `chargeSavedMethod`.
   */
  saveMethod?: boolean;
}

export interface CheckoutSession {
  sessionId: string;
  redirectUrl: string;
}

/**
 * What a provider says happened to a payment, in the shop's words. `subscriptionId` is the order
 * the provider's metadata names; `sessionId` is the provider's checkout (session, payment or
 * order id) the payment belongs to. An outcome is applied only when that checkout is one the shop
 * opened for that order (`PaymentSessionOpened`); a paid or refunded one that is not is recorded
 * as unmatched.
 */
export type PaymentOutcome =
  | {
      kind: 'paid';
      subscriptionId: string;
      sessionId: string | null;
      paymentReference: string;
      amountCents: number;
      currency: string;
      paidAt: Date;
      /** The payment method the provider kept for later charges, when the checkout asked it to (`saveMethod`). */
      savedMethod?: SavedMethod;
    }
  | {
      kind: 'failed' | 'expired' | 'canceled';
      subscriptionId: string;
      sessionId: string | null;
      /** The provider's word for a failure, when it gives one (a decline code). */
      detail?: string;
    }
  | {
      kind: 'refunded';
      subscriptionId: string;
      sessionId: string | null;
      paymentReference: string;
      amountCents: number;
      currency: string;
      refundedAt: Date;
    }
  | {
      /** A chargeback: the customer disputed the payment with their bank. */
      kind: 'disputed';
      subscriptionId: string;
      sessionId: string | null;
      paymentReference: string;
      disputeId: string;
      amountCents: number;
      currency: string;
      reason: string | null;
    }
  | { kind: 'pending'; subscriptionId: string }
  | { kind: 'ignored'; reason: string };

/** A notification whose signature was checked; `payload` is the minimum needed later (no personal data). */
export interface VerifiedWebhook {
  providerEventId: string;
  payload: Record<string, unknown>;
}

export class WebhookSignatureError extends Error {
  readonly code = 'webhook.invalid_signature';
}

/** The operator gives back `amountCents` of a payment; the key makes a retry the same refund. */
export interface RefundRequest {
  paymentReference: string;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
}

/** The provider made the refund (its id for it), or refused it (why, in its words). */
export type RefundAnswer = { providerRefundId: string } | { failure: string };

/** A payment method a provider keeps for later charges (ids and a label, never card numbers). */
export type { SavedMethod };

/** An automatic renewal charged to a saved method; the key makes a retry the same charge. */
export interface RenewalCharge {
  subscriptionId: string;
  renewalId: string;
  description: string;
  amountCents: number;
  currency: string;
  method: SavedMethod;
  idempotencyKey: string;
}

/**
 * What a charge of a saved method became. `sessionId` is the provider's id for the charge (Stripe
 * payment intent, Mollie payment, sandbox session): the shop records it as the renewal's checkout,
 * so a later notification about it (paid, failed, refunded, disputed) finds the renewal.
 * `pending`: the provider answers later, by notification (Mollie's recurring payments may).
 */
export interface ChargeAnswer {
  sessionId: string;
  outcome:
    | { kind: 'paid'; paymentReference: string; amountCents: number; currency: string; paidAt: Date }
    | { kind: 'declined'; reason: string }
    | { kind: 'pending' };
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Asks the provider now (the success page's check). */
  checkSession(sessionId: string): Promise<PaymentOutcome>;
  /** Checks the signature of a raw notification; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<VerifiedWebhook>;
  /** Turns a stored notification into outcomes; may ask the provider (Mollie sends only an id). */
  interpretWebhook(payload: Record<string, unknown>): Promise<PaymentOutcome[]>;
  /**
   * Gives money back on a payment it took; absent where the shop cannot refund through this
   * provider (the operator then refunds from the provider's own dashboard). Throws when the
   * provider could not be asked (the job retries with the same key).
   */
  refund?(request: RefundRequest): Promise<RefundAnswer>;
  /**
   * Charges a method kept at checkout (`saveMethod`), without the customer: an automatic renewal.
   * Absent where the provider cannot (`payment.renewal_unsupported`). A decline is an answer;
   * throws only when the provider could not be asked (the job retries with the same key).
   */
  chargeSavedMethod?(charge: RenewalCharge): Promise<ChargeAnswer>;
  /** How a charge of a kept method (its `sessionId`) stands now: asked again while it was pending. */
  checkCharge?(sessionId: string): Promise<ChargeAnswer['outcome']>;
}
