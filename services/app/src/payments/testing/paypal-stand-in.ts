/**
 * A TEST DOUBLE for PayPal's REST API servers, which cannot be reached from our test machines.
 * It is a small local HTTP server answering just the calls the shop makes (OAuth client
 * credentials, create / get / capture an Orders v2 order, get a capture, refund a capture in part
 * or in full and get the refund, verify a webhook signature), with PayPal-shaped JSON kept in
 * memory. Like PayPal it answers a repeated PayPal-Request-Id with the first result and refuses to
 * refund more than is left of a capture. Tests use it to play the payer (approve), to make PayPal
 * misbehave (lose a capture's or a refund's answer, decline it), to refund from PayPal's
 * dashboard, and to build signed notifications. It is not PayPal: its "signature" is an HMAC of its own, checked only by its
 * own verification endpoint, it moves no money and it only writes the fields the shop reads.
 * (Over 300 lines because it plays every PayPal call the shop makes, in one place the tests share.)
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fromDecimalAmount, toDecimalAmount } from '../decimal-amount.js';
import { closeLoopback, listenOnLoopback } from './loopback-server.js';

type Json = Record<string, unknown>;

export interface PayPalStandInRequest {
  method: string;
  path: string;
  body: unknown;
  requestId: string | null;
}

export interface SignedNotification {
  body: string;
  headers: Record<string, string>;
}

export interface PayPalStandIn {
  /** The API base URL to give the shop as PAYPAL_API_URL. */
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** The settings that point a shop at this stand-in. */
  shopEnv: Record<string, string>;
  requests: PayPalStandInRequest[];
  /** How many access tokens were handed out. */
  tokensIssued(): number;
  order(id: string): Json | undefined;
  /** The payer approves the order on PayPal's pages. */
  approve(orderId: string): Json;
  /** The next capture is carried out but its answer is lost (a 500), as after a network fault. */
  loseNextCaptureAnswer(): void;
  /** The status the next capture ends in (COMPLETED unless told otherwise). */
  nextCaptureStatus(status: 'COMPLETED' | 'DECLINED' | 'PENDING'): void;
  /** The capture of a captured order, as PAYMENT.CAPTURE.* notifications carry it. */
  captureOf(orderId: string): Json;
  /** The next refund is made but its answer is lost (a 500), as after a network fault. */
  loseNextRefundAnswer(): void;
  /** Every refund made of a capture, oldest first. */
  refundsOf(captureId: string): Json[];
  /**
   * Refunds `value` (a decimal string; what is left when absent) of an order's capture from PayPal's
   * dashboard; returns the refund, as PAYMENT.CAPTURE.REFUNDED carries it.
   */
  refund(orderId: string, value?: string): Json;
  /** A notification as PayPal posts it, with transmission headers its verification endpoint accepts. */
  notification(eventType: string, resource: Json): SignedNotification & { id: string };
  close(): Promise<void>;
}

const ORDER_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const newPayPalId = (length = 17) =>
  [...randomBytes(length)].map((b) => ORDER_ID_CHARS[b % ORDER_ID_CHARS.length]).join('');

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Paypal-Debug-Id': randomBytes(6).toString('hex') });
  res.end(JSON.stringify(body));
}

/** PayPal's error shape. */
const failure = (res: ServerResponse, status: number, name: string, issue?: string) =>
  send(res, status, {
    name,
    message: issue ? `The requested action could not be performed (${issue}).` : name,
    debug_id: randomBytes(6).toString('hex'),
    ...(issue ? { details: [{ issue, description: issue }] } : {}),
  });

export async function startPayPalStandIn(): Promise<PayPalStandIn> {
  const clientId = `standin-client-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(16).toString('hex');
  const webhookId = `WH-STANDIN-${newPayPalId(12)}`;
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const orders = new Map<string, Json>();
  const captures = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const requests: PayPalStandInRequest[] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  let loseCaptureAnswer = false;
  let loseRefundAnswer = false;
  let captureStatus: 'COMPLETED' | 'DECLINED' | 'PENDING' = 'COMPLETED';
  let baseUrl = '';

  const existing = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`The PayPal stand-in has no order ${orderId}`);
    return order;
  };
  const unitOf = (order: Json) => (order.purchase_units as Json[])[0]!;
  const captureOfOrder = (order: Json) => {
    const found = ((unitOf(order).payments as Json | undefined)?.captures as Json[] | undefined)?.[0];
    if (!found) throw new Error(`Order ${String(order.id)} was not captured`);
    return found;
  };
  const sign = (transmissionId: string, time: string, forWebhookId: string, event: string) =>
    createHmac('sha256', signingKey)
      .update(`${transmissionId}|${time}|${forWebhookId}|${createHash('sha256').update(event).digest('hex')}`)
      .digest('base64');

  function createOrder(body: Json): Json {
    const unit = (body.purchase_units as Json[] | undefined)?.[0];
    const amount = unit?.amount as { currency_code?: unknown; value?: unknown } | undefined;
    if (body.intent !== 'CAPTURE' || typeof amount?.value !== 'string' || typeof amount.currency_code !== 'string') {
      throw new Error('INVALID_PARAMETER_VALUE');
    }
    const id = newPayPalId();
    const order: Json = {
      id,
      intent: 'CAPTURE',
      status: 'PAYER_ACTION_REQUIRED',
      create_time: new Date().toISOString(),
      payment_source: body.payment_source ?? { paypal: {} },
      purchase_units: [
        {
          reference_id: unit!.reference_id ?? 'default',
          custom_id: unit!.custom_id,
          description: unit!.description,
          amount: { currency_code: amount.currency_code, value: amount.value },
          payee: { merchant_id: 'STANDINMERCHANT' },
        },
      ],
      links: [
        { href: `${baseUrl}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
        { href: `${baseUrl}/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
      ],
    };
    orders.set(id, order);
    return order;
  }

  function capture(order: Json): Json {
    const unit = unitOf(order);
    const id = newPayPalId();
    const now = new Date().toISOString();
    const captured: Json = {
      id,
      status: captureStatus,
      amount: unit.amount,
      final_capture: true,
      custom_id: unit.custom_id,
      create_time: now,
      update_time: now,
      supplementary_data: { related_ids: { order_id: order.id } },
      links: [
        { href: `${baseUrl}/v2/payments/captures/${id}`, rel: 'self', method: 'GET' },
        { href: `${baseUrl}/v2/payments/captures/${id}/refund`, rel: 'refund', method: 'POST' },
        { href: `${baseUrl}/v2/checkout/orders/${String(order.id)}`, rel: 'up', method: 'GET' },
      ],
    };
    captureStatus = 'COMPLETED';
    captures.set(id, captured);
    unit.payments = { captures: [captured] };
    order.status = 'COMPLETED';
    return order;
  }

  /** A refused refund: PayPal's status, error name and issue. */
  class Refusal extends Error {
    constructor(
      readonly status: number,
      readonly errorName: string,
      readonly issue: string,
    ) {
      super(issue);
    }
  }

  const refundsOfCapture = (captureId: string) =>
    [...refunds.values()].filter((r) => r.capture_id === captureId && r.status !== 'FAILED');
  const refundedCents = (captured: Json) =>
    refundsOfCapture(String(captured.id)).reduce((sum, r) => {
      const amount = r.amount as { value: string; currency_code: string };
      return sum + fromDecimalAmount(amount.value, amount.currency_code);
    }, 0);

  /** Refunds part (`amount`) or the rest of a capture, as PayPal does; throws a Refusal as PayPal answers one. */
  function refundCapture(captured: Json, amount?: { value?: unknown; currency_code?: unknown }): Json {
    const paid = captured.amount as { value: string; currency_code: string };
    if (captured.status === 'REFUNDED') throw new Refusal(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
    if (captured.status !== 'COMPLETED' && captured.status !== 'PARTIALLY_REFUNDED') {
      throw new Refusal(422, 'UNPROCESSABLE_ENTITY', 'REFUND_NOT_ALLOWED');
    }
    const paidCents = fromDecimalAmount(paid.value, paid.currency_code);
    const left = paidCents - refundedCents(captured);
    let cents = left;
    if (amount !== undefined) {
      if (typeof amount.value !== 'string' || typeof amount.currency_code !== 'string') {
        throw new Refusal(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
      }
      if (amount.currency_code !== paid.currency_code) {
        throw new Refusal(422, 'UNPROCESSABLE_ENTITY', 'REFUND_CAPTURE_CURRENCY_MISMATCH');
      }
      try {
        cents = fromDecimalAmount(amount.value, paid.currency_code);
      } catch {
        throw new Refusal(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
      }
      if (cents <= 0) throw new Refusal(422, 'UNPROCESSABLE_ENTITY', 'INVALID_REFUND_AMOUNT');
      if (cents > left) throw new Refusal(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
    }
    const id = newPayPalId();
    const now = new Date().toISOString();
    const currency = paid.currency_code;
    const total = paidCents - left + cents;
    const refund: Json = {
      id,
      status: 'COMPLETED',
      amount: { value: toDecimalAmount(cents, currency), currency_code: currency },
      seller_payable_breakdown: {
        gross_amount: { value: toDecimalAmount(cents, currency), currency_code: currency },
        total_refunded_amount: { value: toDecimalAmount(total, currency), currency_code: currency },
      },
      create_time: now,
      update_time: now,
      links: [
        { href: `${baseUrl}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${baseUrl}/v2/payments/captures/${String(captured.id)}`, rel: 'up', method: 'GET' },
      ],
    };
    refunds.set(id, { ...refund, capture_id: captured.id });
    captured.status = total >= paidCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    captured.update_time = now;
    const orderId = (captured.supplementary_data as { related_ids?: { order_id?: string } } | undefined)?.related_ids
      ?.order_id;
    const payments = orderId ? (unitOf(existing(orderId)).payments as Json | undefined) : undefined;
    if (payments) payments.refunds = [...((payments.refunds as Json[] | undefined) ?? []), refund];
    return refund;
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const text = await readBody(req);
      let body: unknown = null;
      if (text && req.headers['content-type']?.includes('json')) {
        try {
          body = JSON.parse(text);
        } catch {
          return failure(res, 400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
        }
      }
      const requestId = (req.headers['paypal-request-id'] as string | undefined) ?? null;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body: body ?? text, requestId });

      if (req.method === 'POST' && url.pathname === '/v1/oauth2/token') {
        const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
        if (
          req.headers.authorization !== expected ||
          new URLSearchParams(text).get('grant_type') !== 'client_credentials'
        ) {
          return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        }
        const token = `A21AA${randomBytes(24).toString('hex')}`;
        tokens.add(token);
        return send(res, 200, {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-STANDIN',
          expires_in: 32400,
          nonce: randomUUID(),
        });
      }
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!tokens.has(bearer)) {
        return send(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
      }
      // Like PayPal: the same request id on the same call answers the first result again.
      const replayKey = req.method === 'POST' && requestId ? `${url.pathname} ${requestId}` : null;
      const replay = replayKey ? replies.get(replayKey) : undefined;
      if (replay) return send(res, replay.status, replay.body);
      const answer = (status: number, reply: unknown) => {
        if (replayKey) replies.set(replayKey, { status, body: reply });
        return send(res, status, reply);
      };

      if (req.method === 'POST' && url.pathname === '/v2/checkout/orders') {
        try {
          return answer(201, createOrder((body ?? {}) as Json));
        } catch (error) {
          return failure(res, 422, 'UNPROCESSABLE_ENTITY', (error as Error).message);
        }
      }
      const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(url.pathname);
      if (orderMatch) {
        const order = orders.get(decodeURIComponent(orderMatch[1]!));
        if (!order) return failure(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        if (req.method === 'GET' && !orderMatch[2]) return send(res, 200, order);
        if (req.method === 'POST' && orderMatch[2]) {
          if (order.status === 'COMPLETED') return failure(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
          if (order.status !== 'APPROVED') return failure(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
          const captured = structuredClone(capture(order));
          if (replayKey) replies.set(replayKey, { status: 201, body: captured });
          if (loseCaptureAnswer) {
            loseCaptureAnswer = false;
            return failure(res, 500, 'INTERNAL_SERVER_ERROR');
          }
          return send(res, 201, captured);
        }
      }
      const captureMatch = /^\/v2\/payments\/captures\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && captureMatch) {
        const found = captures.get(decodeURIComponent(captureMatch[1]!));
        return found ? send(res, 200, found) : failure(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      }
      const refundCaptureMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(url.pathname);
      if (req.method === 'POST' && refundCaptureMatch) {
        const captured = captures.get(decodeURIComponent(refundCaptureMatch[1]!));
        if (!captured) return failure(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        let refund: Json;
        try {
          refund = refundCapture(captured, (body as { amount?: Json } | null)?.amount);
        } catch (error) {
          if (!(error instanceof Refusal)) throw error;
          failure(res, error.status, error.errorName, error.issue);
          return;
        }
        if (loseRefundAnswer) {
          // Made, and kept for the same request id, but the answer never arrives.
          loseRefundAnswer = false;
          if (replayKey) replies.set(replayKey, { status: 201, body: refund });
          return failure(res, 500, 'INTERNAL_SERVER_ERROR');
        }
        return answer(201, refund);
      }
      const refundMatch = /^\/v2\/payments\/refunds\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && refundMatch) {
        const found = refunds.get(decodeURIComponent(refundMatch[1]!));
        if (!found) return failure(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        const { capture_id: _captureId, ...refund } = found;
        return send(res, 200, refund);
      }
      if (req.method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature') {
        const check = (body ?? {}) as Record<string, unknown>;
        for (const field of ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time']) {
          if (typeof check[field] !== 'string')
            return failure(res, 400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER');
        }
        if (!String(check.cert_url).startsWith(`${baseUrl}/`)) {
          return failure(res, 400, 'VALIDATION_ERROR', 'INVALID_CERT_URL');
        }
        const expected = Buffer.from(
          sign(
            String(check.transmission_id),
            String(check.transmission_time),
            String(check.webhook_id),
            JSON.stringify(check.webhook_event),
          ),
        );
        const given = Buffer.from(String(check.transmission_sig));
        const valid =
          check.webhook_id === webhookId && given.length === expected.length && timingSafeEqual(given, expected);
        return send(res, 200, { verification_status: valid ? 'SUCCESS' : 'FAILURE' });
      }
      return failure(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    } catch (error) {
      failure(res, 500, 'INTERNAL_SERVER_ERROR', (error as Error).message);
    }
  });
  baseUrl = await listenOnLoopback(server);

  return {
    url: baseUrl,
    clientId,
    clientSecret,
    webhookId,
    shopEnv: {
      PAYPAL_CLIENT_ID: clientId,
      PAYPAL_CLIENT_SECRET: clientSecret,
      PAYPAL_WEBHOOK_ID: webhookId,
      PAYPAL_API_URL: baseUrl,
    },
    requests,
    tokensIssued: () => tokens.size,
    order: (id) => orders.get(id),
    approve(orderId) {
      const order = existing(orderId);
      order.status = 'APPROVED';
      order.payer = {
        name: { given_name: 'Camille', surname: 'Martin' },
        email_address: 'camille@example.com',
        payer_id: 'STANDINPAYER',
      };
      return order;
    },
    loseNextCaptureAnswer: () => {
      loseCaptureAnswer = true;
    },
    nextCaptureStatus: (status) => {
      captureStatus = status;
    },
    captureOf: (orderId) => captureOfOrder(existing(orderId)),
    loseNextRefundAnswer: () => {
      loseRefundAnswer = true;
    },
    refundsOf: (captureId) => refundsOfCapture(captureId).map(({ capture_id: _captureId, ...refund }) => refund),
    refund(orderId, value) {
      const captured = captureOfOrder(existing(orderId));
      const paid = captured.amount as { currency_code: string };
      return refundCapture(captured, value === undefined ? undefined : { value, currency_code: paid.currency_code });
    },
    notification(eventType, resource) {
      const id = `WH-${newPayPalId(8)}-${newPayPalId(17)}`;
      const body = JSON.stringify({
        id,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: eventType.startsWith('CHECKOUT.ORDER.')
          ? 'checkout-order'
          : eventType === 'PAYMENT.CAPTURE.REFUNDED'
            ? 'refund'
            : 'capture',
        event_type: eventType,
        summary: `${eventType} (stand-in)`,
        resource,
      });
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      return {
        id,
        body,
        headers: {
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': time,
          'paypal-transmission-sig': sign(transmissionId, time, webhookId, body),
          'paypal-cert-url': `${baseUrl}/v1/notifications/certs/CERT-STANDIN`,
          'paypal-auth-algo': 'SHA256withRSA',
        },
      };
    },
    close: () => closeLoopback(server),
  };
}
