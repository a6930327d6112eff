import Stripe from 'stripe';
import { idOf, stripeSessionFacts, stripeSessionOutcome } from './payment-observations.js';
import type * as Payments from './payment-provider.js';
import { WebhookSignatureError } from './payment-provider.js';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
/** How old a signed notification may be (seconds): Stripe's own default, stated so it cannot drift. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

/** The notifications the shop subscribes to; any other type is stored and ignored. */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
  'charge.dispute.created',
] as const;

const SESSION_EVENTS: ReadonlySet<string> = new Set(STRIPE_WEBHOOK_EVENTS.filter((t) => t.startsWith('checkout.')));

/** Stripe's checkout replaces this in the success URL with the session id. */
const STRIPE_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API base URL; a local stand-in in tests. */
  apiUrl?: string;
  clock: () => Date;
}

/** Stripe fills `{CHECKOUT_SESSION_ID}` in the success URL only: the cancel URL goes without it. */
function withoutSessionPlaceholder(cancelUrl: string): string {
  const url = new URL(cancelUrl);
  for (const [name, value] of [...url.searchParams]) {
    if (value.includes('{SESSION_ID}')) url.searchParams.delete(name);
  }
  return url.toString();
}

/** Where Stripe's API is: the SDK takes host, port and protocol rather than a URL. */
function connection(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** How a card brand Stripe names (`visa`, `amex`, ...) is written for the customer. */
const CARD_BRANDS: Readonly<Record<string, string>> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  eftpos_au: 'EFTPOS Australia',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** "Visa •••• 4242": what the customer recognises a saved card by; "Card" when Stripe says nothing of it. */
export function stripeCardLabel(method: Stripe.PaymentMethod): string {
  const card = method.card;
  if (!card) return 'Card';
  const brand =
    card.brand && card.brand !== 'unknown'
      ? (CARD_BRANDS[card.brand] ?? `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)}`)
      : 'Card';
  return card.last4 ? `${brand} •••• ${card.last4}` : brand;
}

/**
 * Stripe Checkout Sessions through the official SDK. Webhooks carry the whole session, so
 * they are interpreted without asking Stripe again, except a refund, whose charge is traced
 * back to the order through the payment intent's metadata, and a paid checkout that kept the
 * payment method (`saveMethod`), whose method is read from its payment intent.
 *
 * Automatic renewals charge the kept method off-session (`chargeSavedMethod`): a payment intent
 * confirmed at once with the customer's method, whose id is the renewal's checkout.
 */
export class StripeProvider implements Payments.PaymentProvider {
  readonly name = 'stripe' as const;
  readonly client: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.client = new Stripe(options.secretKey, {
      ...connection(options.apiUrl),
      // A retried create carries the same idempotency key, so Stripe answers the first session.
      maxNetworkRetries: 2,
      timeout: 20_000,
    });
  }

  async createCheckout(request: Payments.CheckoutRequest): Promise<Payments.CheckoutSession> {
    const metadata = { subscriptionId: request.subscriptionId };
    // Keeping the method needs a customer to attach it to; the key makes a retried checkout the same customer.
    const customer = request.saveMethod
      ? await this.client.customers.create(
          { ...(request.customerEmail ? { email: request.customerEmail } : {}), metadata },
          { idempotencyKey: `${request.idempotencyKey}-customer` },
        )
      : null;
    const session = await this.client.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountCents,
              product_data: { name: request.description },
            },
          },
        ],
        client_reference_id: request.subscriptionId,
        metadata,
        // On the payment intent too, so a refund (which names only the charge) leads back to the order.
        payment_intent_data: customer ? { metadata, setup_future_usage: 'off_session' } : { metadata },
        ...(customer
          ? { customer: customer.id }
          : request.customerEmail
            ? { customer_email: request.customerEmail }
            : {}),
        locale: request.language,
        success_url: request.successUrl.replaceAll('{SESSION_ID}', STRIPE_SESSION_PLACEHOLDER),
        cancel_url: withoutSessionPlaceholder(request.cancelUrl),
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
    return { sessionId: session.id, redirectUrl: session.url };
  }

  async retrieveSession(sessionId: string): Promise<Stripe.Checkout.Session> {
    return this.client.checkout.sessions.retrieve(sessionId);
  }

  /** What a session says now; `paidAt` is when the shop learns of it (a session has no payment time). */
  sessionOutcome(session: Stripe.Checkout.Session): Payments.PaymentOutcome {
    return stripeSessionOutcome(stripeSessionFacts(session), this.options.clock());
  }

  async checkSession(sessionId: string): Promise<Payments.PaymentOutcome> {
    const session = await this.client.checkout.sessions.retrieve(sessionId, {
      expand: ['payment_intent.payment_method'],
    });
    const outcome = this.sessionOutcome(session);
    if (outcome.kind !== 'paid') return outcome;
    const savedMethod = await this.savedMethodOfCheckout(session);
    return savedMethod ? { ...outcome, savedMethod } : outcome;
  }

  /**
   * The method a paid Checkout Session kept for automatic renewals, read from its payment intent
   * (expanded with its method, or asked of Stripe when the session has a customer to keep it for):
   * null for an ordinary checkout. The one reading for the notification, the success page's check
   * and the operator's sync.
   */
  async savedMethodOfCheckout(
    session: Pick<Stripe.Checkout.Session, 'customer' | 'payment_intent'>,
  ): Promise<Payments.SavedMethod | null> {
    const paymentIntent = session.payment_intent;
    if (!paymentIntent) return null;
    if (typeof paymentIntent !== 'string') return this.savedMethodOf(paymentIntent);
    // Only a checkout with a customer can have kept the method: an ordinary one costs no call.
    if (!idOf(session.customer)) return null;
    return this.savedMethodOf(await this.client.paymentIntents.retrieve(paymentIntent, { expand: ['payment_method'] }));
  }

  /**
   * The method a payment intent kept for later charges: only one made to keep it
   * (`setup_future_usage: off_session`, a saving checkout) and attached to a customer.
   */
  private async savedMethodOf(intent: Stripe.PaymentIntent): Promise<Payments.SavedMethod | null> {
    if (intent.setup_future_usage !== 'off_session' || !intent.payment_method) return null;
    const method =
      typeof intent.payment_method === 'string'
        ? await this.client.paymentMethods.retrieve(intent.payment_method)
        : intent.payment_method;
    const customerId = idOf(intent.customer) ?? idOf(method.customer);
    if (!customerId) return null;
    return { id: method.id, customerId, label: stripeCardLabel(method) };
  }

  /** A completed session's kept method, from the ids its notification carries (see savedMethodOfCheckout). */
  private async savedMethodOfSession(payload: Record<string, unknown>): Promise<Payments.SavedMethod | null> {
    if (typeof payload.customer !== 'string' || typeof payload.paymentIntent !== 'string') return null;
    return this.savedMethodOfCheckout({ customer: payload.customer, payment_intent: payload.paymentIntent });
  }

  async chargeSavedMethod(charge: Payments.RenewalCharge): Promise<Payments.ChargeAnswer> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.client.paymentIntents.create(
        {
          amount: charge.amountCents,
          currency: charge.currency.toLowerCase(),
          ...(charge.method.customerId ? { customer: charge.method.customerId } : {}),
          payment_method: charge.method.id,
          off_session: true,
          confirm: true,
          description: charge.description,
          // The renewal is traced back from a refund or dispute of this payment intent by its metadata.
          metadata: { subscriptionId: charge.subscriptionId, renewalId: charge.renewalId },
        },
        { idempotencyKey: charge.idempotencyKey },
      );
    } catch (error) {
      // The bank said no (declined, or it wants the customer to authenticate): an answer, not an outage.
      if (error instanceof Stripe.errors.StripeCardError) {
        return {
          sessionId: error.payment_intent?.id ?? declinedChargeId(charge.idempotencyKey),
          outcome: { kind: 'declined', reason: error.decline_code || error.code || 'card_declined' },
        };
      }
      // Stripe refused the request itself (the method was detached, the customer deleted): no retry helps.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        return {
          sessionId: error.payment_intent?.id ?? declinedChargeId(charge.idempotencyKey),
          outcome: { kind: 'declined', reason: error.code ?? 'invalid_request' },
        };
      }
      throw error;
    }
    return { sessionId: intent.id, outcome: this.chargeOutcome(intent) };
  }

  /** How an automatic charge stands now, asked again (its answer may have been "processing"). */
  async checkCharge(sessionId: string): Promise<Payments.ChargeAnswer['outcome']> {
    return this.chargeOutcome(await this.client.paymentIntents.retrieve(sessionId));
  }

  private chargeOutcome(intent: Stripe.PaymentIntent): Payments.ChargeAnswer['outcome'] {
    switch (intent.status) {
      case 'succeeded':
        return {
          kind: 'paid',
          paymentReference: intent.id,
          amountCents: intent.amount_received || intent.amount,
          currency: intent.currency.toUpperCase(),
          paidAt: this.options.clock(),
        };
      case 'processing':
        return { kind: 'pending' };
      default: {
        const failure = intent.last_payment_error;
        return { kind: 'declined', reason: failure?.decline_code || failure?.code || intent.status };
      }
    }
  }

  async verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<Payments.VerifiedWebhook> {
    const signature = headers[STRIPE_SIGNATURE_HEADER];
    let event: Stripe.Event;
    try {
      if (typeof signature !== 'string') throw new Error('No Stripe-Signature header');
      event = this.client.webhooks.constructEvent(
        rawBody,
        signature,
        this.options.webhookSecret,
        STRIPE_WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      throw new WebhookSignatureError(
        `The Stripe signature does not match: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return { providerEventId: event.id, payload: minimalPayload(event) };
  }

  async interpretWebhook(payload: Record<string, unknown>): Promise<Payments.PaymentOutcome[]> {
    const type = String(payload.type);
    if (SESSION_EVENTS.has(type)) {
      const outcome = this.sessionEventOutcome(type, payload);
      if (outcome.kind !== 'paid') return [outcome];
      const savedMethod = await this.savedMethodOfSession(payload);
      return [savedMethod ? { ...outcome, savedMethod } : outcome];
    }
    if (type === 'charge.refunded') return [await this.refundOutcome(payload)];
    if (type === 'charge.dispute.created') return [await this.disputeOutcome(payload)];
    return [{ kind: 'ignored', reason: `unhandled ${type}` }];
  }

  private sessionEventOutcome(type: string, payload: Record<string, unknown>): Payments.PaymentOutcome {
    const sessionId = String(payload.sessionId);
    const subscriptionId = typeof payload.subscriptionId === 'string' ? payload.subscriptionId : null;
    if (!subscriptionId) return { kind: 'ignored', reason: `session ${sessionId} names no order` };
    const paid = (): Payments.PaymentOutcome => ({
      kind: 'paid',
      subscriptionId,
      sessionId,
      paymentReference: typeof payload.paymentIntent === 'string' ? payload.paymentIntent : sessionId,
      amountCents: Number(payload.amountTotal ?? 0),
      currency: String(payload.currency ?? '').toUpperCase(),
      paidAt: new Date(Number(payload.created) * 1000),
    });
    switch (type) {
      case 'checkout.session.completed':
        // A delayed method (SEPA debit, ...) completes the session unpaid; async_payment_* follows.
        return payload.paymentStatus === 'unpaid' ? { kind: 'pending', subscriptionId } : paid();
      case 'checkout.session.async_payment_succeeded':
        return paid();
      case 'checkout.session.async_payment_failed':
        return { kind: 'failed', subscriptionId, sessionId };
      default:
        return { kind: 'expired', subscriptionId, sessionId };
    }
  }

  async refund(request: Payments.RefundRequest): Promise<Payments.RefundAnswer> {
    try {
      const refund = await this.client.refunds.create(
        { payment_intent: request.paymentReference, amount: request.amountCents },
        { idempotencyKey: request.idempotencyKey },
      );
      return refund.status === 'failed' || refund.status === 'canceled'
        ? { failure: refund.failure_reason ?? refund.status }
        : { providerRefundId: refund.id };
    } catch (error) {
      // Stripe refused (already refunded, amount too large, unknown payment): an answer, not an outage.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return { failure: error.code ?? error.message };
      throw error;
    }
  }

  private async refundOutcome(payload: Record<string, unknown>): Promise<Payments.PaymentOutcome> {
    const chargeId = String(payload.chargeId);
    // The charge's refunded total so far, partial or full: the subscription's decision tells them apart.
    if (!(Number(payload.amountRefunded) > 0))
      return { kind: 'ignored', reason: `charge ${chargeId} has nothing refunded` };
    const payment = await this.paymentOfCharge(payload);
    if (!payment) return { kind: 'ignored', reason: `charge ${chargeId} names no order` };
    return {
      kind: 'refunded',
      ...payment,
      amountCents: Number(payload.amountRefunded ?? 0),
      currency: String(payload.currency ?? '').toUpperCase(),
      refundedAt: new Date(Number(payload.created) * 1000),
    };
  }

  private async disputeOutcome(payload: Record<string, unknown>): Promise<Payments.PaymentOutcome> {
    const payment = await this.paymentOfCharge(payload);
    if (!payment) return { kind: 'ignored', reason: `dispute ${String(payload.disputeId)} names no order` };
    return {
      kind: 'disputed',
      ...payment,
      disputeId: String(payload.disputeId),
      amountCents: Number(payload.amount ?? 0),
      currency: String(payload.currency ?? '').toUpperCase(),
      reason: typeof payload.reason === 'string' ? payload.reason : null,
    };
  }

  /**
   * The order and checkout a charge's money came through (the shop applies an outcome only to a
   * session it opened), and the payment it is: its payment intent, or the charge itself.
   */
  private async paymentOfCharge(payload: Record<string, unknown>) {
    const paymentIntent = typeof payload.paymentIntent === 'string' ? payload.paymentIntent : null;
    const session = paymentIntent ? await this.sessionOfPaymentIntent(paymentIntent) : null;
    const subscriptionId =
      (typeof payload.subscriptionId === 'string' ? payload.subscriptionId : null) ??
      (paymentIntent ? await this.subscriptionOfPaymentIntent(paymentIntent, session) : null);
    if (!subscriptionId) return null;
    return {
      subscriptionId,
      // A renewal charged off-session has no checkout session: its payment intent is the renewal's checkout.
      sessionId: session?.id ?? paymentIntent,
      paymentReference: paymentIntent ?? String(payload.chargeId),
    };
  }

  /** The Checkout Session that created a payment intent, if one did. */
  private async sessionOfPaymentIntent(paymentIntentId: string): Promise<Stripe.Checkout.Session | null> {
    const sessions = await this.client.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 });
    return sessions.data[0] ?? null;
  }

  /** The order behind a payment intent: its metadata, or else that of the checkout session that created it. */
  private async subscriptionOfPaymentIntent(
    paymentIntentId: string,
    session: Stripe.Checkout.Session | null,
  ): Promise<string | null> {
    const intent = await this.client.paymentIntents.retrieve(paymentIntentId);
    if (intent.metadata?.subscriptionId) return intent.metadata.subscriptionId;
    return session ? (session.client_reference_id ?? session.metadata?.subscriptionId ?? null) : null;
  }
}

/** What is kept of a notification in the log: ids, amounts and states; never the customer's e-mail or name. */
function minimalPayload(event: Stripe.Event): Record<string, unknown> {
  const base = { type: event.type, created: event.created };
  if (SESSION_EVENTS.has(event.type)) {
    const session = event.data.object as Stripe.Checkout.Session;
    return {
      ...base,
      sessionId: session.id,
      subscriptionId: session.client_reference_id ?? session.metadata?.subscriptionId ?? null,
      amountTotal: session.amount_total,
      currency: session.currency,
      paymentStatus: session.payment_status,
      paymentIntent: idOf(session.payment_intent),
      // Set when the checkout kept the payment method (`saveMethod`): an id, never the customer's details.
      customer: idOf(session.customer),
    };
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    return {
      ...base,
      chargeId: charge.id,
      paymentIntent: idOf(charge.payment_intent),
      subscriptionId: charge.metadata?.subscriptionId ?? null,
      amountRefunded: charge.amount_refunded,
      currency: charge.currency,
      refunded: charge.refunded,
    };
  }
  if (event.type === 'charge.dispute.created') {
    const dispute = event.data.object;
    return {
      ...base,
      disputeId: dispute.id,
      chargeId: idOf(dispute.charge),
      paymentIntent: idOf(dispute.payment_intent),
      amount: dispute.amount,
      currency: dispute.currency,
      reason: dispute.reason,
    };
  }
  return base;
}

/** The id of a declined charge Stripe made no payment intent for: the same for every retry of the same charge. */
const declinedChargeId = (idempotencyKey: string) => `declined-${idempotencyKey}`;
