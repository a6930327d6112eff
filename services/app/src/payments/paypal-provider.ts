import { setTimeout as sleep } from 'node:timers/promises';
import { fromDecimalAmount, toDecimalAmount } from './decimal-amount.js';
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentOutcome,
  type PaymentProvider,
  type VerifiedWebhook,
} from './payment-provider.js';

export const PAYPAL_DEFAULT_API_URL = 'https://api-m.sandbox.paypal.com';

/** The headers PayPal signs a notification with; all five go to its verification endpoint. */
export const PAYPAL_TRANSMISSION_HEADERS = {
  authAlgo: 'paypal-auth-algo',
  certUrl: 'paypal-cert-url',
  transmissionId: 'paypal-transmission-id',
  transmissionSig: 'paypal-transmission-sig',
  transmissionTime: 'paypal-transmission-time',
} as const;

/** The notifications the shop subscribes to; any other type is stored and ignored. */
export const PAYPAL_WEBHOOK_EVENTS = [
  'CHECKOUT.ORDER.APPROVED',
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.REFUNDED',
] as const;

/** The capture of an order is keyed by the order: whoever captures it (return page, webhook, retry) sends the same id. */
export const captureRequestId = (orderId: string) => `capture-${orderId}`;

const SESSION_PLACEHOLDER = '{SESSION_ID}';
const ATTEMPTS = 3;
const TOKEN_MARGIN_MS = 60_000;
const REQUEST_TIMEOUT_MS = 20_000;

export interface PayPalProviderOptions {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** PayPal's API base URL; a local stand-in in tests. */
  apiUrl?: string;
  publicUrl: string;
  clock: () => Date;
  /**
   * Whether the shop opened this PayPal order at checkout. An approved order is captured only
   * then: money is never taken for an order someone else created, whatever it names.
   */
  openedByShop: (orderId: string) => Promise<boolean>;
  /** Pause between two attempts of a request that is safe to repeat. */
  retryDelayMs?: number;
}

export class PayPalApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }

  /** PayPal's reason, e.g. ORDER_ALREADY_CAPTURED. */
  get issue(): string | undefined {
    const details = (this.body as { details?: Array<{ issue?: unknown }> } | null)?.details;
    const issue = Array.isArray(details) ? details[0]?.issue : undefined;
    return typeof issue === 'string' ? issue : undefined;
  }
}

interface Money {
  currency_code: string;
  value: string;
}

interface Link {
  href: string;
  rel: string;
}

interface Capture {
  id: string;
  status: string;
  amount?: Money;
  custom_id?: string;
  create_time?: string;
  update_time?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}

interface Order {
  id: string;
  status: string;
  links?: Link[];
  purchase_units?: Array<{ reference_id?: string; custom_id?: string; payments?: { captures?: Capture[] } }>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * PayPal Orders v2 over its REST API (no SDK: plain fetch against a configurable base URL).
 *
 * An order is created with intent CAPTURE and must be captured once the payer approved it:
 * on the return page (`checkSession`) or, if the payer never comes back, on the
 * CHECKOUT.ORDER.APPROVED notification. Every creating request carries a PayPal-Request-Id,
 * so a retry (ours after a lost answer, or the other path racing) is answered with the first
 * result instead of acting twice. Notifications are checked by PayPal's own verification
 * endpoint against the webhook id.
 *
 * PayPal cannot put the order id into the return URL; it appends `token=<order id>` to it. The
 * return URL is therefore the success page with `provider=paypal`, and the page reads `token`
 * as the session id.
 */
export class PayPalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  private readonly baseUrl: string;
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;

  constructor(private readonly options: PayPalProviderOptions) {
    this.baseUrl = (options.apiUrl ?? PAYPAL_DEFAULT_API_URL).replace(/\/+$/, '');
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const currency = request.currency.toUpperCase();
    const order = await this.call<Order>('POST', '/v2/checkout/orders', {
      requestId: request.idempotencyKey,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: request.subscriptionId,
            custom_id: request.subscriptionId,
            description: request.description.slice(0, 127),
            amount: { currency_code: currency, value: toDecimalAmount(request.amountCents, currency) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: returnUrl(request.successUrl),
              cancel_url: returnUrl(request.cancelUrl),
              locale: request.language === 'en' ? 'en-US' : 'fr-FR',
              shipping_preference: 'NO_SHIPPING',
              user_action: 'PAY_NOW',
            },
          },
        },
      },
    });
    const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
    if (!approve) throw new Error(`PayPal returned order ${order.id} without an approval link`);
    return { sessionId: order.id, redirectUrl: approve.href };
  }

  /** The return page: captures an approved order ("capture on return"), or reports where it stands. */
  async checkSession(sessionId: string): Promise<PaymentOutcome> {
    const order = await this.order(sessionId);
    if (!order) return { kind: 'ignored', reason: `unknown PayPal order ${sessionId}` };
    return this.settle(order);
  }

  async verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<VerifiedWebhook> {
    const transmission = Object.fromEntries(
      Object.entries(PAYPAL_TRANSMISSION_HEADERS).map(([key, header]) => {
        const value = headers[header];
        return [key, Array.isArray(value) ? value[0] : value];
      }),
    ) as Record<keyof typeof PAYPAL_TRANSMISSION_HEADERS, string | undefined>;
    const missing = Object.entries(PAYPAL_TRANSMISSION_HEADERS)
      .filter(([key]) => !transmission[key as keyof typeof transmission])
      .map(([, header]) => header);
    if (missing.length > 0) throw new WebhookSignatureError(`Missing PayPal headers: ${missing.join(', ')}`);
    const raw = rawBody.toString('utf8');
    let event: unknown;
    try {
      event = JSON.parse(raw);
    } catch {
      throw new WebhookSignatureError('A PayPal notification is JSON');
    }
    if (!isRecord(event) || !text(event.id) || !text(event.event_type)) {
      throw new WebhookSignatureError('A PayPal notification has an id and an event type');
    }
    // PayPal checks the signature over the exact bytes it sent, so the event goes back verbatim
    // (it parsed above, so splicing it in is safe) rather than re-serialised.
    const verification = `{"auth_algo":${JSON.stringify(transmission.authAlgo)},"cert_url":${JSON.stringify(
      transmission.certUrl,
    )},"transmission_id":${JSON.stringify(transmission.transmissionId)},"transmission_sig":${JSON.stringify(
      transmission.transmissionSig,
    )},"transmission_time":${JSON.stringify(transmission.transmissionTime)},"webhook_id":${JSON.stringify(
      this.options.webhookId,
    )},"webhook_event":${raw}}`;
    let status: unknown;
    try {
      ({ verification_status: status } = await this.call<{ verification_status?: unknown }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        { body: verification },
      ));
    } catch (error) {
      // PayPal refusing the request itself (a forged certificate URL, say) is a failed check;
      // PayPal being unreachable is not, and the notification is retried by PayPal later.
      if (error instanceof PayPalApiError && error.status >= 400 && error.status < 500) {
        throw new WebhookSignatureError(`PayPal refused to verify this notification (${error.status})`);
      }
      throw error;
    }
    if (status !== 'SUCCESS') throw new WebhookSignatureError('PayPal did not verify this notification');
    return { providerEventId: String(event.id), payload: minimalPayload(event) };
  }

  async interpretWebhook(payload: Record<string, unknown>): Promise<PaymentOutcome[]> {
    const eventType = text(payload.eventType);
    const resourceId = text(payload.resourceId);
    switch (eventType) {
      case 'CHECKOUT.ORDER.APPROVED': {
        // The payer approved but may never come back: the order is captured here.
        const order = resourceId ? await this.order(resourceId) : null;
        return [order ? await this.settle(order) : { kind: 'ignored', reason: `unknown PayPal order ${resourceId}` }];
      }
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.DENIED': {
        const capture: Capture | null = resourceId ? await this.capture(resourceId) : null;
        if (!capture) return [{ kind: 'ignored', reason: `unknown PayPal capture ${resourceId}` }];
        return [this.captureOutcome(capture, text(payload.orderId))];
      }
      case 'PAYMENT.CAPTURE.REFUNDED': {
        // The resource is the refund; the capture it belongs to says whether all of it went back.
        const captureId = text(payload.captureId);
        const capture = captureId ? await this.capture(captureId) : null;
        if (!capture) return [{ kind: 'ignored', reason: `refund of an unknown PayPal capture ${captureId}` }];
        return [this.captureOutcome(capture, text(payload.orderId))];
      }
      default:
        return [{ kind: 'ignored', reason: `unhandled PayPal event ${String(eventType)}` }];
    }
  }

  /** Captures an approved order, or reports the state of one already past approval. */
  private async settle(order: Order): Promise<PaymentOutcome> {
    const subscriptionId = subscriptionOf(order);
    if (!subscriptionId) return { kind: 'ignored', reason: `PayPal order ${order.id} is not one of our orders` };
    switch (order.status) {
      case 'APPROVED': {
        if (!(await this.options.openedByShop(order.id))) {
          return { kind: 'ignored', reason: `PayPal order ${order.id} was not opened by the shop: not captured` };
        }
        let captured: Order;
        try {
          captured = await this.call<Order>('POST', `/v2/checkout/orders/${encodeURIComponent(order.id)}/capture`, {
            requestId: captureRequestId(order.id),
            body: {},
          });
        } catch (error) {
          if (!(error instanceof PayPalApiError)) throw error;
          if (error.issue === 'ORDER_ALREADY_CAPTURED') {
            const current = await this.order(order.id);
            return current ? this.settle(current) : { kind: 'ignored', reason: `unknown PayPal order ${order.id}` };
          }
          if (error.issue === 'INSTRUMENT_DECLINED' || error.issue === 'PAYER_ACTION_REQUIRED') {
            return { kind: 'failed', subscriptionId, sessionId: order.id };
          }
          throw error;
        }
        return this.orderOutcome(captured, subscriptionId);
      }
      case 'COMPLETED':
        return this.orderOutcome(order, subscriptionId);
      case 'VOIDED':
        return { kind: 'canceled', subscriptionId, sessionId: order.id };
      default:
        // CREATED, SAVED, PAYER_ACTION_REQUIRED: the payer has not approved yet.
        return { kind: 'pending', subscriptionId };
    }
  }

  private orderOutcome(order: Order, subscriptionId: string): PaymentOutcome {
    const captures = order.purchase_units?.[0]?.payments?.captures ?? [];
    const capture = captures.find((c) => c.status !== 'DECLINED' && c.status !== 'FAILED') ?? captures.at(-1);
    if (!capture) return { kind: 'pending', subscriptionId };
    return this.captureOutcome({ ...capture, custom_id: capture.custom_id ?? subscriptionId }, order.id);
  }

  private captureOutcome(capture: Capture, notifiedOrderId: string | null): PaymentOutcome {
    const subscriptionId = text(capture.custom_id);
    if (!subscriptionId) return { kind: 'ignored', reason: `PayPal capture ${capture.id} is not one of our orders` };
    // The PayPal order is the checkout the shop recorded; a capture names it among its related ids.
    const orderId = notifiedOrderId ?? text(capture.supplementary_data?.related_ids?.order_id);
    const money = capture.amount;
    const currency = money?.currency_code.toUpperCase() ?? '';
    const amountCents = money ? fromDecimalAmount(money.value, currency) : 0;
    switch (capture.status) {
      case 'COMPLETED':
      case 'PARTIALLY_REFUNDED':
        // A partial refund is a gesture, not the end of the subscription; the operator decides.
        return {
          kind: 'paid',
          subscriptionId,
          sessionId: orderId,
          paymentReference: capture.id,
          amountCents,
          currency,
          paidAt: capture.create_time ? new Date(capture.create_time) : this.options.clock(),
        };
      case 'REFUNDED':
        return {
          kind: 'refunded',
          subscriptionId,
          sessionId: orderId,
          paymentReference: capture.id,
          amountCents,
          currency,
          refundedAt: capture.update_time ? new Date(capture.update_time) : this.options.clock(),
        };
      case 'DECLINED':
      case 'FAILED':
        return { kind: 'failed', subscriptionId, sessionId: orderId };
      default:
        // PENDING: PayPal is still deciding (an eCheck, a review); PAYMENT.CAPTURE.COMPLETED follows.
        return { kind: 'pending', subscriptionId };
    }
  }

  private async order(orderId: string): Promise<Order | null> {
    return this.getOrNull<Order>(`/v2/checkout/orders/${encodeURIComponent(orderId)}`);
  }

  private async capture(captureId: string): Promise<Capture | null> {
    return this.getOrNull<Capture>(`/v2/payments/captures/${encodeURIComponent(captureId)}`);
  }

  private async getOrNull<T>(path: string): Promise<T | null> {
    try {
      return await this.call<T>('GET', path);
    } catch (error) {
      if (error instanceof PayPalApiError && error.status === 404) return null;
      throw error;
    }
  }

  /** An OAuth client-credentials token, kept until shortly before it expires; one request at a time. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.tokenRequest ??= (async () => {
      try {
        const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
        const response = await fetch(`${this.baseUrl}/v1/oauth2/token`, {
          method: 'POST',
          headers: {
            Authorization: `Basic ${basic}`,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: 'grant_type=client_credentials',
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const body = (await response.json().catch(() => null)) as {
          access_token?: unknown;
          expires_in?: unknown;
        } | null;
        if (!response.ok || typeof body?.access_token !== 'string') {
          throw new PayPalApiError(`PayPal refused the client credentials (${response.status})`, response.status, body);
        }
        const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 0) * 1000;
        this.token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, lifetimeMs - TOKEN_MARGIN_MS) };
        return body.access_token;
      } finally {
        this.tokenRequest = null;
      }
    })();
    return this.tokenRequest;
  }

  /**
   * One API call. Reads, and writes that carry a PayPal-Request-Id, are repeated after a lost
   * answer or a 5xx: PayPal answers a repeated request id with the first result.
   */
  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; requestId?: string } = {},
  ): Promise<T> {
    const attempts = method === 'GET' || options.requestId ? ATTEMPTS : 1;
    const body =
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body);
    let renewedToken = false;
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${this.baseUrl}${path}`, {
          method,
          headers: {
            Authorization: `Bearer ${await this.accessToken()}`,
            Accept: 'application/json',
            ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
            ...(options.requestId ? { 'PayPal-Request-Id': options.requestId } : {}),
            ...(method === 'POST' ? { Prefer: 'return=representation' } : {}),
          },
          body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        if (attempt >= attempts || error instanceof PayPalApiError) throw error;
        await sleep(this.retryDelay(attempt));
        continue;
      }
      const parsed: unknown = await response.json().catch(() => null);
      if (response.ok) return parsed as T;
      if (response.status === 401 && !renewedToken) {
        // The token was revoked or expired early: one new token, one more try.
        renewedToken = true;
        this.token = null;
        attempt--;
        continue;
      }
      if (response.status >= 500 && attempt < attempts) {
        await sleep(this.retryDelay(attempt));
        continue;
      }
      const name = isRecord(parsed) && typeof parsed.name === 'string' ? parsed.name : response.statusText;
      throw new PayPalApiError(
        `PayPal ${method} ${path.split('?')[0]}: ${response.status} ${name}`,
        response.status,
        parsed,
      );
    }
  }

  private retryDelay(attempt: number): number {
    return (this.options.retryDelayMs ?? 500) * attempt;
  }
}

/** PayPal appends `token=<order id>` itself; the success page reads it as the session id. */
function returnUrl(template: string): string {
  const url = new URL(template);
  for (const [key, value] of [...url.searchParams]) if (value === SESSION_PLACEHOLDER) url.searchParams.delete(key);
  url.searchParams.set('provider', 'paypal');
  return url.toString();
}

function subscriptionOf(order: Order): string | null {
  const unit = order.purchase_units?.[0];
  return text(unit?.custom_id) ?? text(unit?.reference_id);
}

/** What the job needs later, and nothing of the payer (an approved order's resource names them). */
function minimalPayload(event: Record<string, unknown>): Record<string, unknown> {
  const resource = isRecord(event.resource) ? event.resource : {};
  const eventType = String(event.event_type);
  const related = isRecord(resource.supplementary_data) ? resource.supplementary_data.related_ids : undefined;
  const links = Array.isArray(resource.links) ? (resource.links as unknown[]).filter(isRecord) : [];
  const up = links.find((link) => link.rel === 'up' && typeof link.href === 'string');
  return {
    eventType,
    resourceId: text(resource.id),
    status: text(resource.status),
    orderId: eventType.startsWith('CHECKOUT.ORDER.')
      ? text(resource.id)
      : isRecord(related)
        ? text(related.order_id)
        : null,
    // A refund links "up" to the capture it refunds.
    captureId:
      eventType === 'PAYMENT.CAPTURE.REFUNDED' && up
        ? (String(up.href).split('/').filter(Boolean).at(-1) ?? null)
        : null,
  };
}
