import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import type * as Payments from './payment-provider.js';
import { WebhookSignatureError } from './payment-provider.js';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export interface SandboxSession {
  id: string;
  subscription_id: string;
  description: string;
  amount_cents: number;
  currency: string;
  /** `failed`: a charge of a saved card that the card declined. */
  status: 'open' | 'paid' | 'canceled' | 'failed';
  success_url: string;
  cancel_url: string;
  language: 'fr' | 'en';
  /** The checkout keeps the card it is paid with, for automatic renewals. */
  save_method: boolean;
  /** The test card paid with (a checkout) or charged (a charge). */
  card: string | null;
  kind: 'checkout' | 'charge';
  created_at: Date;
}

/**
 * The sandbox's test cards, as Stripe's: both pay at the checkout; kept for automatic renewals,
 * the first is charged again without trouble and the second is declined every time (Stripe's
 * 4000 0000 0000 0341 behaves so).
 */
export const SANDBOX_TEST_CARDS = {
  '4242424242424242': { label: 'Visa •••• 4242', laterCharges: 'succeed' },
  '4000000000000341': { label: 'Visa •••• 0341', laterCharges: 'decline' },
} as const;
export type SandboxTestCard = keyof typeof SANDBOX_TEST_CARDS;
export const DEFAULT_SANDBOX_CARD: SandboxTestCard = '4242424242424242';

export const isSandboxTestCard = (card: unknown): card is SandboxTestCard =>
  typeof card === 'string' && Object.hasOwn(SANDBOX_TEST_CARDS, card);

/** The kept card's id: the checkout that kept it. */
const METHOD_PREFIX = 'sbxpm_';

/**
 * The built-in provider: a checkout page served by the shop itself, whose pay and cancel
 * buttons notify our own webhook with an HMAC signature, so the whole journey works offline
 * through the same path as a real provider.
 */
export class SandboxProvider implements Payments.PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly deps: { knex: Knex; publicUrl: string; signingKey: Buffer; clock: () => Date }) {}

  async createCheckout(request: Payments.CheckoutRequest): Promise<Payments.CheckoutSession> {
    const id = `sbx_${randomBytes(12).toString('hex')}`;
    const inserted = await this.deps
      .knex('sandbox_sessions')
      .insert({
        id,
        subscription_id: request.subscriptionId,
        description: request.description,
        amount_cents: request.amountCents,
        currency: request.currency,
        success_url: this.onTheShop(request.successUrl.replace('{SESSION_ID}', id)),
        cancel_url: this.onTheShop(request.cancelUrl.replace('{SESSION_ID}', id)),
        language: request.language,
        idempotency_key: request.idempotencyKey,
        save_method: request.saveMethod === true,
      })
      .onConflict('idempotency_key')
      .ignore()
      .returning('id');
    const sessionId =
      inserted[0]?.id ??
      (await this.deps.knex('sandbox_sessions').where({ idempotency_key: request.idempotencyKey }).first()).id;
    // A path: the page is the shop's own, so the browser stays on the host it is on (a loopback
    // name other than PUBLIC_URL's keeps its session's cookies there).
    return { sessionId, redirectUrl: `/sandbox/checkout/${sessionId}` };
  }

  /**
   * The shop's own pages as paths (the sandbox's way back to them), so the browser returns to the
   * host it paid on; a page elsewhere stays absolute.
   */
  private onTheShop(url: string): string {
    const shop = this.deps.publicUrl.replace(/\/$/, '');
    return url.startsWith(`${shop}/`) ? url.slice(shop.length) : url;
  }

  async session(sessionId: string): Promise<SandboxSession | null> {
    return (await this.deps.knex('sandbox_sessions').where({ id: sessionId }).first()) ?? null;
  }

  /**
   * The page's buttons: the session changes state once (paid with the test card chosen), and a
   * signed notification describes it.
   */
  async complete(
    sessionId: string,
    action: 'pay' | 'cancel',
    card: SandboxTestCard = DEFAULT_SANDBOX_CARD,
  ): Promise<{ session: SandboxSession; notification: { body: Buffer; signature: string } } | null> {
    const status = action === 'pay' ? 'paid' : 'canceled';
    const updated = await this.deps
      .knex('sandbox_sessions')
      .where({ id: sessionId, status: 'open', kind: 'checkout' })
      .update({ status, ...(action === 'pay' ? { card } : {}) })
      .returning('*');
    const session = (updated[0] as SandboxSession | undefined) ?? (await this.session(sessionId));
    if (!session) return null;
    const body = Buffer.from(
      JSON.stringify({
        id: `sbxevt_${sessionId}_${session.status}`,
        type: session.status === 'paid' ? 'payment.succeeded' : 'payment.canceled',
        sessionId,
        subscriptionId: session.subscription_id,
        amountCents: session.amount_cents,
        currency: session.currency,
        occurredAt: this.deps.clock().toISOString(),
        ...(session.status === 'paid' && session.save_method ? { savedMethod: savedMethodOf(session) } : {}),
      }),
    );
    return { session, notification: { body, signature: this.sign(body) } };
  }

  sign(body: Buffer): string {
    return createHmac('sha256', this.deps.signingKey).update(body).digest('hex');
  }

  async checkSession(sessionId: string): Promise<Payments.PaymentOutcome> {
    const session = await this.session(sessionId);
    if (!session) return { kind: 'ignored', reason: 'unknown session' };
    if (session.status === 'paid') {
      return {
        kind: 'paid',
        subscriptionId: session.subscription_id,
        sessionId,
        paymentReference: sessionId,
        amountCents: session.amount_cents,
        currency: session.currency,
        paidAt: this.deps.clock(),
        ...(session.save_method ? { savedMethod: savedMethodOf(session) } : {}),
      };
    }
    if (session.status === 'canceled') return { kind: 'canceled', subscriptionId: session.subscription_id, sessionId };
    return { kind: 'pending', subscriptionId: session.subscription_id };
  }

  /** The sandbox gives back what a paid session took (the subscription's decision keeps the amount within it). */
  async refund(request: Payments.RefundRequest): Promise<Payments.RefundAnswer> {
    const session = await this.session(request.paymentReference);
    if (!session || session.status !== 'paid') return { failure: 'payment_not_found' };
    if (request.amountCents > session.amount_cents) return { failure: 'amount_too_large' };
    const id = createHmac('sha256', this.deps.signingKey).update(request.idempotencyKey).digest('hex').slice(0, 24);
    return { providerRefundId: `sbxre_${id}` };
  }

  /**
   * Charges a kept test card: paid, or declined as the card is meant to be (`card_declined`), in a
   * session of its own. The same key answers the same charge.
   */
  async chargeSavedMethod(charge: Payments.RenewalCharge): Promise<Payments.ChargeAnswer> {
    const kept = charge.method.id.startsWith(METHOD_PREFIX)
      ? await this.session(charge.method.id.slice(METHOD_PREFIX.length))
      : null;
    const card = kept?.save_method && kept.status === 'paid' && isSandboxTestCard(kept.card) ? kept.card : null;
    const declines = card === null || SANDBOX_TEST_CARDS[card].laterCharges === 'decline';
    const id = `sbx_${createHmac('sha256', this.deps.signingKey).update(charge.idempotencyKey).digest('hex').slice(0, 24)}`;
    await this.deps
      .knex('sandbox_sessions')
      .insert({
        id,
        kind: 'charge',
        subscription_id: charge.subscriptionId,
        description: charge.description,
        amount_cents: charge.amountCents,
        currency: charge.currency,
        status: declines ? 'failed' : 'paid',
        card,
        success_url: '',
        cancel_url: '',
        language: kept?.language ?? 'fr',
        idempotency_key: charge.idempotencyKey,
        created_at: this.deps.clock(),
      })
      .onConflict('idempotency_key')
      .ignore();
    const session = (await this.deps
      .knex('sandbox_sessions')
      .where({ idempotency_key: charge.idempotencyKey })
      .first()) as SandboxSession | undefined;
    if (!session) throw new Error(`sandbox charge ${charge.idempotencyKey} was not recorded`);
    return { sessionId: session.id, outcome: chargeOutcome(session) };
  }

  /** How a charge of a kept card stands (the sandbox answers at once: paid or declined). */
  async checkCharge(sessionId: string): Promise<Payments.ChargeAnswer['outcome']> {
    const session = await this.session(sessionId);
    if (!session || session.kind !== 'charge') throw new Error(`no sandbox charge ${sessionId}`);
    return chargeOutcome(session);
  }

  async verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<Payments.VerifiedWebhook> {
    const given = headers[SANDBOX_SIGNATURE_HEADER];
    const expected = Buffer.from(this.sign(rawBody), 'hex');
    const actual = Buffer.from(typeof given === 'string' ? given : '', 'hex');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
      throw new WebhookSignatureError('The sandbox signature does not match');
    }
    const event = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
    if (typeof event.id !== 'string') throw new WebhookSignatureError('No event id');
    return { providerEventId: event.id, payload: event };
  }

  async interpretWebhook(payload: Record<string, unknown>): Promise<Payments.PaymentOutcome[]> {
    const subscriptionId = String(payload.subscriptionId);
    const sessionId = String(payload.sessionId);
    if (payload.type === 'payment.succeeded') {
      return [
        {
          kind: 'paid',
          subscriptionId,
          sessionId,
          paymentReference: sessionId,
          amountCents: Number(payload.amountCents),
          currency: String(payload.currency),
          paidAt: new Date(String(payload.occurredAt)),
          ...(isSavedMethod(payload.savedMethod) ? { savedMethod: payload.savedMethod } : {}),
        },
      ];
    }
    if (payload.type === 'payment.canceled') return [{ kind: 'canceled', subscriptionId, sessionId }];
    return [{ kind: 'ignored', reason: `unhandled ${String(payload.type)}` }];
  }
}

/** The card a paid checkout kept, as the shop records it. */
function savedMethodOf(session: SandboxSession): Payments.SavedMethod {
  const card = isSandboxTestCard(session.card) ? session.card : DEFAULT_SANDBOX_CARD;
  return { id: `${METHOD_PREFIX}${session.id}`, customerId: null, label: SANDBOX_TEST_CARDS[card].label };
}

function isSavedMethod(value: unknown): value is Payments.SavedMethod {
  const method = value as Payments.SavedMethod | null;
  return (
    typeof method === 'object' &&
    method !== null &&
    typeof method.id === 'string' &&
    typeof method.label === 'string' &&
    (method.customerId === null || typeof method.customerId === 'string')
  );
}

function chargeOutcome(session: SandboxSession): Payments.ChargeAnswer['outcome'] {
  if (session.status !== 'paid') return { kind: 'declined', reason: 'card_declined' };
  return {
    kind: 'paid',
    paymentReference: session.id,
    amountCents: session.amount_cents,
    currency: session.currency,
    paidAt: new Date(session.created_at),
  };
}
