/**
 * A TEST DOUBLE for Mollie's API servers, which cannot be reached from our test machines. It
 * is a small local HTTPS server answering just the calls the shop makes through the real
 * `@mollie/api-client` SDK (create, get and update a payment; create a customer, a first payment
 * that leaves a mandate once paid, and recurring payments on that mandate; get a mandate), with
 * Mollie-shaped JSON kept in memory. Tests use it to play the customer's and Mollie's side (pay,
 * with a test card of their choosing, fail, cancel, expire, refund, or change the amount paid). It
 * is not Mollie: it takes no money and only writes the fields the shop reads. Of cards it knows
 * two test numbers: `4242 4242 4242 4242`, whose recurring payments are paid, and
 * `4000 0000 0000 0341`, whose mandate is made but whose recurring payments fail (`card_declined`).
 *
 * It speaks HTTPS because the SDK refuses plain HTTP (it sends every request through its own
 * `https.Agent`), with a throwaway self-signed certificate. The SDK also pins its own bundle of
 * root certificates and takes no other, so a test that uses this stand-in must turn certificate
 * checks off for its own process (`NODE_TLS_REJECT_UNAUTHORIZED=0`); see mollie.int.spec.ts.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { selfSignedCertificate } from './self-signed-certificate.js';
import { closeLoopback, listenOnLoopback } from './loopback-server.js';

type Json = Record<string, unknown>;

export type MolliePaymentStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface MollieStandInRequest {
  method: string;
  path: string;
  body: Json | null;
  idempotencyKey: string | null;
}

/** The test card numbers the stand-in knows (spaces allowed). */
export const MOLLIE_TEST_CARDS = {
  /** Pays, and its recurring payments are paid. */
  visa: '4242 4242 4242 4242',
  /** Pays the first payment and leaves a valid mandate; every recurring payment on it fails. */
  declineAfterAttaching: '4000 0000 0000 0341',
} as const;

export interface MollieStandIn {
  /** The API base URL to give the shop as MOLLIE_API_URL. */
  url: string;
  /** The only API key it accepts. */
  apiKey: string;
  requests: MollieStandInRequest[];
  payment(id: string): Json | undefined;
  /** The checkout page link Mollie gives for a payment. */
  checkoutUrl(id: string): string;
  /**
   * The payment's new status. Paid with `card` (Visa 4242 unless given), a first payment
   * (`sequenceType: first`) leaves a valid mandate on its customer. A recurring payment left
   * pending (`settleRecurringLater`) settles as its mandate's card does when `status` is omitted
   * from `settle`.
   */
  setStatus(id: string, status: MolliePaymentStatus, options?: { card?: string }): Json;
  /** A pending recurring payment settles: paid, or failed when its mandate's card declines. */
  settle(id: string): Json;
  /** Recurring payments are created pending, to settle later (`settle`), instead of at once. */
  settleRecurringLater(later: boolean): void;
  customer(id: string): Json | undefined;
  mandate(id: string): Json | undefined;
  /** The payments made for a customer, oldest first. */
  paymentsOf(customerId: string): Json[];
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
  const customers = new Map<string, Json>();
  const mandates = new Map<string, Json>();
  /** Mandates whose recurring payments fail (the 4000 0000 0000 0341 card). */
  const declinesLater = new Set<string>();
  let recurringLater = false;
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

  const newId = (prefix: string) =>
    `${prefix}_${[...randomBytes(10)].map((b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('')}`;

  /** What Mollie writes of a card: its last four digits, never the number. */
  function cardDetails(number: string): Json {
    const digits = number.replace(/\D/g, '');
    const known = Object.values(MOLLIE_TEST_CARDS).map((n) => n.replace(/\D/g, ''));
    if (!known.includes(digits)) throw new Error(`The Mollie stand-in does not know the test card ${number}`);
    return {
      cardHolder: 'T. Tester',
      cardNumber: digits.slice(-4),
      cardLabel: 'Visa',
      cardFingerprint: `fp${digits.slice(-4)}`,
      cardExpiryDate: '2034-12-31',
    };
  }

  const customerView = (customer: Json): Json => ({
    ...customer,
    _links: { self: { href: `${baseUrl}/v2/customers/${String(customer.id)}`, type: 'application/hal+json' } },
  });
  const mandateView = (mandate: Json): Json => ({
    ...mandate,
    _links: {
      self: {
        href: `${baseUrl}/v2/customers/${String(mandate.customerId)}/mandates/${String(mandate.id)}`,
        type: 'application/hal+json',
      },
      customer: { href: `${baseUrl}/v2/customers/${String(mandate.customerId)}`, type: 'application/hal+json' },
    },
  });

  function createCustomer(body: Json): Json {
    const customer: Json = {
      resource: 'customer',
      id: newId('cst'),
      mode: 'test',
      name: typeof body.name === 'string' ? body.name : null,
      email: typeof body.email === 'string' ? body.email : null,
      locale: typeof body.locale === 'string' ? body.locale : null,
      metadata: body.metadata ?? null,
      createdAt: new Date().toISOString(),
    };
    customers.set(String(customer.id), customer);
    return customer;
  }

  /** The mandate a recurring payment of `customerId` is charged on: the one named, or the customer's newest valid one. */
  function mandateFor(customerId: string, mandateId: unknown): Json {
    const mandate =
      typeof mandateId === 'string'
        ? mandates.get(mandateId)
        : [...mandates.values()].reverse().find((m) => m.customerId === customerId && m.status === 'valid');
    if (!mandate || mandate.customerId !== customerId || mandate.status !== 'valid') {
      throw Object.assign(new Error('The customer has no valid mandate for this payment'), { field: 'mandateId' });
    }
    return mandate;
  }

  /** A recurring payment ends as its mandate's card does. */
  function settleRecurring(payment: Json): Json {
    const declined = declinesLater.has(String(payment.mandateId));
    payment.status = declined ? 'failed' : 'paid';
    payment[declined ? 'failedAt' : 'paidAt'] = new Date().toISOString();
    if (declined) payment.details = { ...(payment.details as Json), failureReason: 'card_declined' };
    else {
      payment.amountRefunded = { value: '0.00', currency: (payment.amount as Json).currency };
      payment.amountRemaining = { ...(payment.amount as Json) };
    }
    return payment;
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
    const sequenceType = typeof body.sequenceType === 'string' ? body.sequenceType : 'oneoff';
    if (!['oneoff', 'first', 'recurring'].includes(sequenceType)) {
      throw Object.assign(new Error('The sequence type is invalid'), { field: 'sequenceType' });
    }
    // A recurring payment is made without the customer: it goes nowhere afterwards.
    const required =
      sequenceType === 'recurring' ? (['description'] as const) : (['description', 'redirectUrl'] as const);
    for (const field of required) {
      if (typeof body[field] !== 'string' || body[field] === '') {
        throw Object.assign(new Error(`The ${field} is missing`), { field });
      }
    }
    const customerId = typeof body.customerId === 'string' ? body.customerId : null;
    if (customerId && !customers.has(customerId)) {
      throw Object.assign(new Error(`No customer exists with token ${customerId}.`), { field: 'customerId' });
    }
    if (sequenceType !== 'oneoff' && !customerId) {
      throw Object.assign(new Error(`A ${sequenceType} payment needs a customer`), { field: 'customerId' });
    }
    const mandate = sequenceType === 'recurring' ? mandateFor(customerId!, body.mandateId) : null;
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
      sequenceType,
      ...(customerId ? { customerId } : {}),
      ...(mandate
        ? {
            mandateId: mandate.id,
            method: mandate.method,
            details: { ...(mandate.details as Json) },
            status: 'pending',
          }
        : {}),
      ...(typeof body.redirectUrl === 'string' ? { redirectUrl: body.redirectUrl } : {}),
      ...(typeof body.cancelUrl === 'string' ? { cancelUrl: body.cancelUrl } : {}),
      ...(typeof body.webhookUrl === 'string' ? { webhookUrl: body.webhookUrl } : {}),
      ...(typeof body.locale === 'string' ? { locale: body.locale } : {}),
    };
    payments.set(String(payment.id), payment);
    if (mandate && !recurringLater) settleRecurring(payment);
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
      const replayKey = req.method === 'POST' && idempotencyKey ? `POST ${url.pathname} ${idempotencyKey}` : null;
      if (req.method === 'POST' && url.pathname === '/v2/customers') {
        const replay = replayKey ? replies.get(replayKey) : undefined;
        if (replay) return send(res, replay.status, replay.body);
        const reply = { status: 201, body: customerView(createCustomer(body ?? {})) };
        if (replayKey) replies.set(replayKey, reply);
        return send(res, reply.status, reply.body);
      }
      const customerMatch = /^\/v2\/customers\/([^/]+)(?:\/(payments|mandates)(?:\/([^/]+))?)?$/.exec(url.pathname);
      if (customerMatch) {
        const [, customerId, collection, itemId] = customerMatch;
        const customer = customers.get(customerId!);
        if (!customer) return problem(res, 404, 'Not Found', `No customer exists with token ${customerId!}.`);
        if (req.method === 'GET' && !collection) return send(res, 200, customerView(customer));
        if (req.method === 'GET' && collection === 'mandates' && itemId) {
          const mandate = mandates.get(itemId);
          if (!mandate || mandate.customerId !== customerId) {
            return problem(res, 404, 'Not Found', `No mandate exists with token ${itemId}.`);
          }
          return send(res, 200, mandateView(mandate));
        }
        if (req.method === 'POST' && collection === 'payments' && !itemId) {
          const replay = replayKey ? replies.get(replayKey) : undefined;
          if (replay) return send(res, replay.status, replay.body);
          let reply: { status: number; body: Json };
          try {
            reply = { status: 201, body: view(create({ ...(body ?? {}), customerId })) };
          } catch (error) {
            const field = (error as { field?: string }).field;
            return problem(res, 422, 'Unprocessable Entity', (error as Error).message, field);
          }
          if (replayKey) replies.set(replayKey, reply);
          return send(res, reply.status, reply.body);
        }
        return problem(res, 404, 'Not Found', 'The resource does not exist');
      }
      const refundMatch = /^\/v2\/payments\/([^/]+)\/refunds$/.exec(url.pathname);
      if (req.method === 'POST' && refundMatch) {
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
  baseUrl = await listenOnLoopback(server, 'https');

  return {
    url: `${baseUrl}/v2/`,
    apiKey,
    requests,
    payment: (id) => payments.get(id),
    checkoutUrl: (id) => `${baseUrl}/checkout/${id}`,
    setStatus(id, status, statusOptions = {}) {
      const payment = existing(id);
      payment.status = status;
      const timeField = STATUS_TIMES[status];
      if (timeField) payment[timeField] = new Date().toISOString();
      if (status === 'paid') {
        payment.amountRefunded = { value: '0.00', currency: (payment.amount as Json).currency };
        payment.amountRemaining = { ...(payment.amount as Json) };
        if (statusOptions.card !== undefined || payment.sequenceType === 'first') {
          const card = statusOptions.card ?? MOLLIE_TEST_CARDS.visa;
          payment.method = 'creditcard';
          payment.details = { ...cardDetails(card), cardCountryCode: 'NL', cardSecurity: 'normal' };
          if (payment.sequenceType === 'first' && !payment.mandateId) {
            // The customer's consent to later charges, made by the paid first payment.
            const mandate: Json = {
              resource: 'mandate',
              id: newId('mdt'),
              mode: 'test',
              status: 'valid',
              method: 'creditcard',
              details: cardDetails(card),
              mandateReference: null,
              signatureDate: new Date().toISOString().slice(0, 10),
              createdAt: new Date().toISOString(),
              customerId: payment.customerId,
            };
            mandates.set(String(mandate.id), mandate);
            if (card.replace(/\D/g, '') === MOLLIE_TEST_CARDS.declineAfterAttaching.replace(/\D/g, '')) {
              declinesLater.add(String(mandate.id));
            }
            payment.mandateId = mandate.id;
          }
        }
      }
      return view(payment);
    },
    settle(id) {
      const payment = existing(id);
      if (payment.sequenceType !== 'recurring' || !['open', 'pending'].includes(String(payment.status))) {
        throw new Error(`Payment ${id} is not a recurring payment waiting to settle`);
      }
      return view(settleRecurring(payment));
    },
    settleRecurringLater(later) {
      recurringLater = later;
    },
    customer: (id) => customers.get(id),
    mandate: (id) => mandates.get(id),
    paymentsOf: (customerId) => [...payments.values()].filter((p) => p.customerId === customerId),
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
    close: () => closeLoopback(server),
  };
}
