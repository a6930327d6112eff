import {
  createMollieClient,
  Locale,
  MollieApiError,
  SequenceType,
  type Mandate,
  type MollieClient,
  type Payment,
} from '@mollie/api-client';
import { fromDecimalAmount, toDecimalAmount } from './decimal-amount.js';
import type * as Payments from './payment-provider.js';
import { WebhookSignatureError } from './payment-provider.js';

export const MOLLIE_DEFAULT_API_URL = 'https://api.mollie.com/v2/';

/** A Mollie payment id as Mollie writes it; a notification naming anything else is refused unread. */
export const MOLLIE_PAYMENT_ID = /^tr_[A-Za-z0-9]{1,64}$/;

const SESSION_PLACEHOLDER = '{SESSION_ID}';

export interface MollieProviderOptions {
  apiKey: string;
  /** Mollie's API base URL; a local stand-in in tests. */
  apiUrl?: string;
  publicUrl: string;
  clock: () => Date;
}

/**
 * Mollie payments through the official SDK (`@mollie/api-client`).
 *
 * Mollie does not sign its notifications: it posts only `id=tr_…` to the webhook, and the truth
 * is whatever Mollie answers when asked about that id with our API key. So a notification is
 * accepted only when the id is well formed and Mollie knows the payment; its event id is the
 * payment id with the state Mollie reports, which makes a re-delivery of the same state a
 * duplicate while a later change (paid, then refunded) is a new event. The job asks Mollie
 * again before acting, so a stale notification never overrides the current state.
 *
 * Automatic renewals: a checkout that keeps the method (`saveMethod`) is a first payment of a
 * Mollie customer, which leaves a mandate once paid; a renewal is a recurring payment on that
 * mandate (`chargeSavedMethod`), whose id is the renewal's checkout. Mollie may answer it at once
 * or later, through the same notification as any payment.
 */
export class MollieProvider implements Payments.PaymentProvider {
  readonly name = 'mollie' as const;
  readonly client: MollieClient;

  constructor(private readonly options: MollieProviderOptions) {
    this.client = createMollieClient({
      apiKey: options.apiKey,
      ...(options.apiUrl ? { apiEndpoint: options.apiUrl } : {}),
    });
  }

  async createCheckout(request: Payments.CheckoutRequest): Promise<Payments.CheckoutSession> {
    const currency = request.currency.toUpperCase();
    // Keeping the method needs a Mollie customer for the mandate; the key makes a retry the same customer.
    const customer = request.saveMethod
      ? await this.client.customers.create({
          ...(request.customerEmail ? { email: request.customerEmail } : {}),
          idempotencyKey: `${request.idempotencyKey}-customer`,
        })
      : null;
    const created = await this.client.payments.create({
      amount: { currency, value: toDecimalAmount(request.amountCents, currency) },
      description: request.description.slice(0, 255),
      // Mollie has no placeholder for its own id: the redirect is set again below, once the id is known.
      redirectUrl: request.successUrl.replace(SESSION_PLACEHOLDER, ''),
      cancelUrl: request.cancelUrl.replace(SESSION_PLACEHOLDER, ''),
      webhookUrl: `${this.options.publicUrl}/webhooks/mollie`,
      metadata: { subscriptionId: request.subscriptionId },
      locale: request.language === 'en' ? Locale.en_US : Locale.fr_FR,
      // The first payment of the customer: once paid, Mollie keeps a mandate for recurring payments.
      ...(customer ? { customerId: customer.id, sequenceType: SequenceType.first } : {}),
      // A retried create answers the first payment instead of opening a second one.
      idempotencyKey: request.idempotencyKey,
    });
    if (request.successUrl.includes(SESSION_PLACEHOLDER) || request.cancelUrl.includes(SESSION_PLACEHOLDER)) {
      // The success page verifies by session id, so the shopper must come back with the payment id.
      await this.client.payments.update(created.id, {
        redirectUrl: request.successUrl.replace(SESSION_PLACEHOLDER, created.id),
        cancelUrl: request.cancelUrl.replace(SESSION_PLACEHOLDER, created.id),
      });
    }
    const checkoutUrl = created.getCheckoutUrl();
    if (!checkoutUrl) throw new Error(`Mollie returned payment ${created.id} without a checkout link`);
    return { sessionId: created.id, redirectUrl: checkoutUrl };
  }

  async refund(request: Payments.RefundRequest): Promise<Payments.RefundAnswer> {
    const currency = request.currency.toUpperCase();
    try {
      const refund = await this.client.paymentRefunds.create({
        paymentId: request.paymentReference,
        amount: { currency, value: toDecimalAmount(request.amountCents, currency) },
        idempotencyKey: request.idempotencyKey,
      });
      return { providerRefundId: refund.id };
    } catch (error) {
      // Mollie refused (nothing left to refund, payment not paid): an answer, not an outage.
      if (error instanceof MollieApiError && (error.statusCode ?? 500) < 500) return { failure: error.message };
      throw error;
    }
  }

  async checkSession(sessionId: string): Promise<Payments.PaymentOutcome> {
    if (!MOLLIE_PAYMENT_ID.test(sessionId)) return { kind: 'ignored', reason: 'not a Mollie payment id' };
    const payment = await this.payment(sessionId);
    if (!payment) return { kind: 'ignored', reason: `unknown Mollie payment ${sessionId}` };
    // The latest fact wins on the success page: a payment refunded since is reported as refunded.
    return (await this.outcomesOf(payment)).at(-1)!;
  }

  async chargeSavedMethod(charge: Payments.RenewalCharge): Promise<Payments.ChargeAnswer> {
    const declined = (reason: string): Payments.ChargeAnswer => ({
      sessionId: declinedChargeId(charge.idempotencyKey),
      outcome: { kind: 'declined', reason },
    });
    // A mandate belongs to a Mollie customer; a method kept without one cannot be charged.
    if (!charge.method.customerId) return declined('mandate_without_customer');
    const currency = charge.currency.toUpperCase();
    let payment: Payment;
    try {
      payment = await this.client.customerPayments.create({
        customerId: charge.method.customerId,
        sequenceType: SequenceType.recurring,
        mandateId: charge.method.id,
        amount: { currency, value: toDecimalAmount(charge.amountCents, currency) },
        description: charge.description.slice(0, 255),
        // Mollie may settle it later: the notification then finds the renewal by this payment's id.
        webhookUrl: `${this.options.publicUrl}/webhooks/mollie`,
        metadata: { subscriptionId: charge.subscriptionId, renewalId: charge.renewalId },
        // A retried charge answers the first payment instead of charging twice.
        idempotencyKey: charge.idempotencyKey,
      });
    } catch (error) {
      // Mollie refused it (the mandate was revoked, the customer deleted): an answer, not an outage.
      if (error instanceof MollieApiError && error.statusCode !== undefined && error.statusCode < 500) {
        return declined(error.field ? `${error.field}: ${error.message}` : error.message);
      }
      throw error;
    }
    return { sessionId: payment.id, outcome: this.chargeOutcome(payment) };
  }

  /** How an automatic charge stands now, asked again (Mollie may settle a recurring payment later). */
  async checkCharge(sessionId: string): Promise<Payments.ChargeAnswer['outcome']> {
    const payment = await this.payment(sessionId);
    if (!payment) throw new Error(`Mollie does not know the renewal charge ${sessionId}`);
    return this.chargeOutcome(payment);
  }

  private chargeOutcome(payment: Payment): Payments.ChargeAnswer['outcome'] {
    switch (payment.status) {
      case 'paid': {
        const currency = payment.amount.currency.toUpperCase();
        return {
          kind: 'paid',
          paymentReference: payment.id,
          amountCents: fromDecimalAmount(payment.amount.value, currency),
          currency,
          paidAt: payment.paidAt ? new Date(payment.paidAt) : this.options.clock(),
        };
      }
      case 'failed':
      case 'canceled':
      case 'expired':
        return { kind: 'declined', reason: failureReasonOf(payment) ?? payment.status };
      default:
        // open, pending, authorized: Mollie notifies the outcome later.
        return { kind: 'pending' };
    }
  }

  async verifyWebhook(rawBody: Buffer): Promise<Payments.VerifiedWebhook> {
    const id = new URLSearchParams(rawBody.toString('utf8')).get('id');
    if (!id || !MOLLIE_PAYMENT_ID.test(id)) {
      throw new WebhookSignatureError('A Mollie notification carries one payment id (id=tr_…)');
    }
    const payment = await this.payment(id);
    if (!payment) throw new WebhookSignatureError('Mollie does not know this payment');
    const state = stateOf(payment);
    return { providerEventId: `${id}:${state}`, payload: { id, state } };
  }

  async interpretWebhook(payload: Record<string, unknown>): Promise<Payments.PaymentOutcome[]> {
    const id = typeof payload.id === 'string' ? payload.id : '';
    if (!MOLLIE_PAYMENT_ID.test(id)) return [{ kind: 'ignored', reason: 'no Mollie payment id' }];
    const payment = await this.payment(id);
    if (!payment) return [{ kind: 'ignored', reason: `unknown Mollie payment ${id}` }];
    return this.outcomesOf(payment);
  }

  /** Everything the payment says now, with the method a paid first payment kept. */
  private async outcomesOf(payment: Payment): Promise<Payments.PaymentOutcome[]> {
    const outcomes = this.outcomes(payment);
    const savedMethod = outcomes.some((o) => o.kind === 'paid') ? await this.savedMethodOf(payment) : null;
    if (!savedMethod) return outcomes;
    return outcomes.map((o) => (o.kind === 'paid' ? { ...o, savedMethod } : o));
  }

  /** The mandate a paid first payment (`saveMethod`) left, as the customer recognises it. */
  private async savedMethodOf(payment: Payment): Promise<Payments.SavedMethod | null> {
    if (payment.sequenceType !== SequenceType.first || !payment.mandateId || !payment.customerId) return null;
    let mandate: Mandate | null = null;
    try {
      mandate = await this.client.customerMandates.get(payment.mandateId, { customerId: payment.customerId });
    } catch (error) {
      if (!(error instanceof MollieApiError && (error.statusCode === 404 || error.statusCode === 410))) throw error;
    }
    return {
      id: payment.mandateId,
      customerId: payment.customerId,
      label:
        methodLabel(mandate?.method, mandate?.details as Loose | undefined) ??
        methodLabel(payment.method, payment.details as Loose | undefined) ??
        String(mandate?.method ?? payment.method ?? 'Mollie'),
    };
  }

  /** The payment as Mollie reports it now; null when Mollie does not know it. */
  private async payment(id: string): Promise<Payment | null> {
    try {
      return await this.client.payments.get(id);
    } catch (error) {
      if (error instanceof MollieApiError && (error.statusCode === 404 || error.statusCode === 410)) return null;
      throw error;
    }
  }

  /** Everything the payment says now, oldest first; applying it again changes nothing. */
  private outcomes(payment: Payment): Payments.PaymentOutcome[] {
    const metadata = payment.metadata as { subscriptionId?: unknown } | null;
    const subscriptionId = typeof metadata?.subscriptionId === 'string' ? metadata.subscriptionId : null;
    if (!subscriptionId) return [{ kind: 'ignored', reason: `Mollie payment ${payment.id} is not one of our orders` }];
    const currency = payment.amount.currency.toUpperCase();
    const amountCents = fromDecimalAmount(payment.amount.value, currency);
    switch (payment.status) {
      case 'paid': {
        const paid: Payments.PaymentOutcome = {
          kind: 'paid',
          subscriptionId,
          sessionId: payment.id,
          paymentReference: payment.id,
          amountCents,
          currency,
          paidAt: payment.paidAt ? new Date(payment.paidAt) : this.options.clock(),
        };
        const outcomes: Payments.PaymentOutcome[] = [paid];
        // Mollie's refunded total so far, partial or full: the subscription's decision tells them apart.
        const refundedCents = refundedCentsOf(payment);
        if (refundedCents > 0) {
          const refundedAt = this.options.clock();
          const money = { subscriptionId, sessionId: payment.id, paymentReference: payment.id, currency };
          outcomes.push({ kind: 'refunded', ...money, amountCents: refundedCents, refundedAt });
        }
        // A chargeback: Mollie reports the amount the bank took back on the payment.
        const chargedBackCents = chargedBackCentsOf(payment);
        if (chargedBackCents > 0) {
          outcomes.push({
            kind: 'disputed',
            subscriptionId,
            sessionId: payment.id,
            paymentReference: payment.id,
            disputeId: `${payment.id}:chargeback`,
            amountCents: chargedBackCents,
            currency,
            reason: null,
          });
        }
        return outcomes;
      }
      case 'failed':
      case 'canceled':
      case 'expired': {
        const detail = failureReasonOf(payment);
        return [{ kind: payment.status, subscriptionId, sessionId: payment.id, ...(detail ? { detail } : {}) }];
      }
      default:
        // open, pending, authorized: nothing decided yet.
        return [{ kind: 'pending', subscriptionId }];
    }
  }
}

type Loose = Record<string, unknown>;

/** The id of a charge Mollie refused to make: the same for every retry of the same charge. */
const declinedChargeId = (idempotencyKey: string) => `declined-${idempotencyKey}`;

/** Mollie's word for a failure, where the payment method gives one (`card_declined`, ...). */
function failureReasonOf(payment: Payment): string | null {
  const reason = (payment.details as Loose | null | undefined)?.failureReason;
  return typeof reason === 'string' && reason !== '' ? reason : null;
}

const lastFour = (value: unknown) => (typeof value === 'string' ? value.replace(/\s/g, '').slice(-4) : '');

/** "Visa •••• 4242", "SEPA Direct Debit •••• 4300", "PayPal": from a mandate's or payment's details; null when they say nothing. */
function methodLabel(method: unknown, details: Loose | null | undefined): string | null {
  if (!details) return method === 'paypal' ? 'PayPal' : null;
  if (method === 'creditcard' || 'cardNumber' in details) {
    const brand = typeof details.cardLabel === 'string' && details.cardLabel ? details.cardLabel : 'Card';
    const last4 = lastFour(details.cardNumber);
    return last4 ? `${brand} •••• ${last4}` : brand;
  }
  if (method === 'directdebit' || 'consumerAccount' in details) {
    const last4 = lastFour(details.consumerAccount);
    return last4 ? `SEPA Direct Debit •••• ${last4}` : 'SEPA Direct Debit';
  }
  if (method === 'paypal') return 'PayPal';
  return null;
}

function refundedCentsOf(payment: Payment): number {
  const refunded = payment.amountRefunded;
  return refunded ? fromDecimalAmount(refunded.value, refunded.currency) : 0;
}

function chargedBackCentsOf(payment: Payment): number {
  const chargedBack = payment.amountChargedBack;
  return chargedBack ? fromDecimalAmount(chargedBack.value, chargedBack.currency) : 0;
}

/** What distinguishes one notification-worthy state of a payment from another. */
function stateOf(payment: Payment): string {
  if (payment.status !== 'paid') return payment.status;
  const refundedCents = refundedCentsOf(payment);
  const chargedBackCents = chargedBackCentsOf(payment);
  const parts = [
    ...(refundedCents > 0 ? [`refunded-${refundedCents}`] : []),
    ...(chargedBackCents > 0 ? [`chargedback-${chargedBackCents}`] : []),
  ];
  return parts.length > 0 ? parts.join('-') : payment.status;
}
