/**
 * A TEST DOUBLE for Mollie's API servers, which cannot be reached from our test machines. It
 * is a small local HTTPS server answering just the calls the shop makes through the real
 * `@mollie/api-client` SDK (create, get and update a payment), with Mollie-shaped JSON kept in
 * memory. Tests use it to play the customer's and Mollie's side (pay, fail, cancel, expire,
 * refund, or change the amount paid). It is not Mollie: it takes no money, knows no payment
 * method and only writes the fields the shop reads.
 *
 * It speaks HTTPS because the SDK refuses plain HTTP (it sends every request through its own
 * `https.Agent`), with a throwaway self-signed certificate. The SDK also pins its own bundle of
 * root certificates and takes no other, so a test that uses this stand-in must turn certificate
 * checks off for its own process (`NODE_TLS_REJECT_UNAUTHORIZED=0`); see mollie.int.spec.ts.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from './self-signed-certificate.js';

type Json = Record<string, unknown>;

export type MolliePaymentStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface MollieStandInRequest {
  method: string;
  path: string;
  body: Json | null;
  idempotencyKey: string | null;
}

export interface MollieStandIn {
  /** The API base URL to give the shop as MOLLIE_API_URL. */
  url: string;
  /** The only API key it accepts. */
  apiKey: string;
  requests: MollieStandInRequest[];
  payment(id: string): Json | undefined;
  /** The checkout page link Mollie gives for a payment. */
  checkoutUrl(id: string): string;
  setStatus(id: string, status: MolliePaymentStatus): Json;
  /** As if the customer had paid another amount than the one asked (the shop must notice). */
  setAmount(id: string, value: string, currency?: string): Json;
  /** Refunds the payment from the dashboard, all of it unless a value is given (the API's `POST /v2/payments/:id/refunds` is served too). */
  refund(id: string, value?: string): Json;
  /** The customer's bank takes the whole payment back (a chargeback). */
  chargeBack(id: string): Json;
  close(): Promise<void>;
}

const STATUS_TIMES: Partial<Record<MolliePaymentStatus, string>> = {
  paid: 'paidAt',
  failed: 'failedAt',
  canceled: 'canceledAt',
  expired: 'expiredAt',
  authorized: 'authorizedAt',
};

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const newPaymentId = () => `tr_${[...randomBytes(10)].map((b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('')}`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: Json) {
  res.writeHead(status, { 'Content-Type': 'application/hal+json' });
  res.end(JSON.stringify(body));
}

/** Mollie's error shape. */
const problem = (res: ServerResponse, status: number, title: string, detail: string, field?: string) =>
  send(res, status, {
    status,
    title,
    detail,
    ...(field ? { field } : {}),
    _links: { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } },
  });

const cents = (value: string) => Math.round(Number(value) * 100);
const decimal = (amountCents: number) => (amountCents / 100).toFixed(2);

export async function startMollieStandIn(options: { apiKey?: string } = {}): Promise<MollieStandIn> {
  const apiKey = options.apiKey ?? 'test_standInKey0123456789';
  const payments = new Map<string, Json>();
  const requests: MollieStandInRequest[] = [];
  const replies = new Map<string, { status: number; body: Json }>();
  let baseUrl = '';

  const links = (payment: Json) => ({
    self: { href: `${baseUrl}/v2/payments/${String(payment.id)}`, type: 'application/hal+json' },
    ...(payment.status === 'open'
      ? { checkout: { href: `${baseUrl}/checkout/${String(payment.id)}`, type: 'text/html' } }
      : {}),
    dashboard: { href: `${baseUrl}/dashboard/payments/${String(payment.id)}`, type: 'text/html' },
  });
  const view = (payment: Json): Json => ({ ...payment, _links: links(payment) });
  const existing = (id: string) => {
    const payment = payments.get(id);
    if (!payment) throw new Error(`The Mollie stand-in has no payment ${id}`);
    return payment;
  };

  const refundedCents = (payment: Json) =>
    cents((payment.amountRefunded as { value?: string } | undefined)?.value ?? '0');
  /** `amountCents` more of the payment given back, as the dashboard or the refunds API does. */
  function giveBack(payment: Json, amountCents: number) {
    const amount = payment.amount as { value: string; currency: string };
    const refunded = refundedCents(payment) + amountCents;
    payment.amountRefunded = { value: decimal(refunded), currency: amount.currency };
    payment.amountRemaining = { value: decimal(cents(amount.value) - refunded), currency: amount.currency };
  }

  function create(body: Json): Json {
    const amount = body.amount as { currency?: unknown; value?: unknown } | undefined;
    if (
      typeof amount?.value !== 'string' ||
      !/^\d+\.\d{2}$/.test(amount.value) ||
      typeof amount.currency !== 'string'
    ) {
      throw Object.assign(new Error('The amount is invalid'), { field: 'amount' });
    }
    for (const field of ['description', 'redirectUrl'] as const) {
      if (typeof body[field] !== 'string' || body[field] === '') {
        throw Object.assign(new Error(`The ${field} is missing`), { field });
      }
    }
    const createdAt = new Date();
    const payment: Json = {
      resource: 'payment',
      id: newPaymentId(),
      mode: 'test',
      createdAt: createdAt.toISOString(),
      amount: { value: amount.value, currency: amount.currency },
      description: body.description,
      method: null,
      metadata: body.metadata ?? null,
      status: 'open',
      isCancelable: false,
      expiresAt: new Date(createdAt.getTime() + 15 * 60_000).toISOString(),
      profileId: 'pfl_standIn',
      sequenceType: 'oneoff',
      redirectUrl: body.redirectUrl,
      ...(typeof body.cancelUrl === 'string' ? { cancelUrl: body.cancelUrl } : {}),
      ...(typeof body.webhookUrl === 'string' ? { webhookUrl: body.webhookUrl } : {}),
      ...(typeof body.locale === 'string' ? { locale: body.locale } : {}),
    };
    payments.set(String(payment.id), payment);
    return payment;
  }

  const server: Server = createServer(selfSignedCertificate(), async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'https://stand-in');
      const text = await readBody(req);
      let body: Json | null = null;
      if (text) {
        try {
          body = JSON.parse(text) as Json;
        } catch {
          return problem(res, 400, 'Bad Request', 'The request body is not JSON');
        }
      }
      const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body, idempotencyKey });
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return problem(res, 401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
      }
      const refundMatch = /^\/v2\/payments\/([^/]+)\/refunds$/.exec(url.pathname);
      if (req.method === 'POST' && refundMatch) {
        const replayKey = idempotencyKey ? `POST ${url.pathname} ${idempotencyKey}` : null;
        const replay = replayKey ? replies.get(replayKey) : undefined;
        if (replay) return send(res, replay.status, replay.body);
        const refunded = payments.get(refundMatch[1]!);
        if (!refunded) return problem(res, 404, 'Not Found', `No payment exists with token ${refundMatch[1]!}.`);
        if (refunded.status !== 'paid') return problem(res, 422, 'Unprocessable Entity', 'The payment is not paid');
        const amount = (body?.amount ?? {}) as { value?: string; currency?: string };
        const paidCents = cents(String((refunded.amount as Json).value));
        const before = refundedCents(refunded);
        const asked = cents(String(amount.value ?? '0'));
        if (asked <= 0 || asked > paidCents - before) {
          return problem(
            res,
            422,
            'Unprocessable Entity',
            'The amount is higher than the amount that can be refunded',
            'amount',
          );
        }
        const currency = String((refunded.amount as Json).currency);
        giveBack(refunded, asked);
        const reply = {
          status: 201,
          body: {
            resource: 'refund',
            id: `re_${randomBytes(5).toString('hex')}`,
            amount: { value: decimal(asked), currency },
            status: 'pending',
            createdAt: new Date().toISOString(),
            paymentId: refunded.id,
            _links: { self: { href: `${baseUrl}${url.pathname}`, type: 'application/hal+json' } },
          } as Json,
        };
        if (replayKey) replies.set(replayKey, reply);
        return send(res, reply.status, reply.body);
      }
      const match = /^\/v2\/payments(?:\/([^/]+))?$/.exec(url.pathname);
      if (!match) return problem(res, 404, 'Not Found', 'The resource does not exist');
      const id = match[1];

      if (req.method === 'POST' && !id) {
        const replayKey = idempotencyKey ? `POST ${url.pathname} ${idempotencyKey}` : null;
        const replay = replayKey ? replies.get(replayKey) : undefined;
        if (replay) return send(res, replay.status, replay.body);
        let reply: { status: number; body: Json };
        try {
          reply = { status: 201, body: view(create(body ?? {})) };
        } catch (error) {
          const field = (error as { field?: string }).field;
          return problem(res, 422, 'Unprocessable Entity', (error as Error).message, field);
        }
        if (replayKey) replies.set(replayKey, reply);
        return send(res, reply.status, reply.body);
      }
      const payment = id ? payments.get(id) : undefined;
      if (!id || !payment) return problem(res, 404, 'Not Found', `No payment exists with token ${id ?? ''}.`);
      if (req.method === 'GET') return send(res, 200, view(payment));
      if (req.method === 'PATCH') {
        if (payment.status !== 'open') {
          return problem(res, 422, 'Unprocessable Entity', 'The payment cannot be updated any more');
        }
        for (const field of ['description', 'redirectUrl', 'cancelUrl', 'webhookUrl', 'metadata', 'locale']) {
          if (body && field in body) payment[field] = body[field];
        }
        return send(res, 200, view(payment));
      }
      return problem(res, 405, 'Method Not Allowed', `${req.method} is not allowed here`);
    } catch (error) {
      problem(res, 500, 'Internal Server Error', (error as Error).message);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${baseUrl}/v2/`,
    apiKey,
    requests,
    payment: (id) => payments.get(id),
    checkoutUrl: (id) => `${baseUrl}/checkout/${id}`,
    setStatus(id, status) {
      const payment = existing(id);
      payment.status = status;
      const timeField = STATUS_TIMES[status];
      if (timeField) payment[timeField] = new Date().toISOString();
      if (status === 'paid') {
        payment.amountRefunded = { value: '0.00', currency: (payment.amount as Json).currency };
        payment.amountRemaining = { ...(payment.amount as Json) };
      }
      return view(payment);
    },
    setAmount(id, value, currency) {
      const payment = existing(id);
      payment.amount = { value, currency: currency ?? (payment.amount as Json).currency };
      return view(payment);
    },
    refund(id, value) {
      const payment = existing(id);
      if (payment.status !== 'paid') throw new Error(`Payment ${id} is ${String(payment.status)}, not paid`);
      const amount = payment.amount as { value: string; currency: string };
      giveBack(payment, value ? cents(value) : cents(amount.value) - refundedCents(payment));
      return view(payment);
    },
    chargeBack(id) {
      const payment = existing(id);
      if (payment.status !== 'paid') throw new Error(`Payment ${id} is ${String(payment.status)}, not paid`);
      payment.amountChargedBack = { ...(payment.amount as Json) };
      return view(payment);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
