/**
 * A TEST DOUBLE for Stripe's servers, which cannot be reached from our test machines. It is
 * a small local HTTP server answering just the Stripe API calls the shop makes through the
 * real `stripe` SDK (create, retrieve and list Checkout Sessions; create Customers; retrieve a
 * PaymentMethod; create, confirm off-session and retrieve a PaymentIntent), with Stripe-shaped
 * JSON kept in memory. Tests use it to play the customer's side (pay, with a test card of their
 * choosing, expire) and to build the event objects Stripe would send; they sign those themselves
 * with `stripe.webhooks.generateTestHeaderString`. It is not Stripe: it runs no fraud rules and
 * only knows the fields the shop reads. Of cards it knows just two of Stripe's test numbers:
 * `4242 4242 4242 4242`, whose later charges succeed, and `4000 0000 0000 0341`, which attaches
 * to its customer but whose later off-session charges are declined (`card_declined`).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeLoopback, listenOnLoopback } from './loopback-server.js';

type Json = Record<string, unknown>;

export interface StandInRequest {
  method: string;
  path: string;
  params: Json;
  idempotencyKey: string | null;
}

/** Stripe's test card numbers the stand-in knows (spaces allowed). */
export const STRIPE_TEST_CARDS = {
  /** Pays, and pays again later off-session. */
  visa: '4242 4242 4242 4242',
  /** Pays at checkout and attaches to its customer; every later off-session charge is declined. */
  declineAfterAttaching: '4000 0000 0000 0341',
} as const;

export interface StripeStandIn {
  /** The API base URL to give the shop as STRIPE_API_URL. */
  url: string;
  requests: StandInRequest[];
  idempotencyKeys: string[];
  session(id: string): Json | undefined;
  /**
   * The customer pays: the session completes and a payment intent carries the checkout's metadata.
   * `card` is the number typed (Visa 4242 unless given); a session opened to keep the method
   * (`setup_future_usage`) attaches the card's payment method to the session's customer.
   */
  pay(id: string, options?: { amountTotal?: number; paymentStatus?: 'paid' | 'unpaid'; card?: string }): Json;
  customer(id: string): Json | undefined;
  paymentMethod(id: string): Json | undefined;
  paymentIntent(id: string): Json | undefined;
  /** The payment intents made for a customer, oldest first (each off-session charge makes one). */
  paymentIntentsOf(customerId: string): Json[];
  expire(id: string): Json;
  /**
   * The charge of session `id` (or of payment intent `pi_…`, an off-session charge) with its refunds
   * made through the stand-in, in full when none was, or `amountRefunded` of it so far.
   */
  refundedCharge(id: string, options?: { withoutMetadata?: boolean; amountRefunded?: number }): Json;
  /** A dispute (chargeback) of the charge of session `id` (or of payment intent `pi_…`), as the customer's bank opens it. */
  dispute(id: string): Json;
  /** An event as Stripe posts it to a webhook endpoint. */
  event(type: string, object: Json): Json & { id: string };
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`a[b][0][c]=v`) back to nested objects and arrays. */
function parseParams(encoded: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, index) => {
      const container = node as Record<string, unknown>;
      if (index === path.length - 1) {
        container[segment] = value;
        return;
      }
      container[segment] ??= /^\d+$/.test(path[index + 1]!) ? [] : {};
      node = container[segment] as Record<string, unknown>;
    });
  }
  return root;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: Json) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
  res.end(JSON.stringify(body));
}

const missing = (res: ServerResponse, kind: string, id: string) =>
  send(res, 404, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${kind}: '${id}'`,
      param: 'id',
    },
  });

export async function startStripeStandIn(options: { secretKey: string }): Promise<StripeStandIn> {
  const sessions = new Map<string, Json>();
  /** What a session's payment intent is to be made with (`payment_intent_data`). */
  const intentData = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  /** Payment methods whose off-session charges are declined (Stripe's 4000 0000 0000 0341). */
  const declinesLater = new Set<string>();
  /** What a POST answered, by idempotency key: a repeated key gets the same answer, an error included. */
  const replies = new Map<string, { status: number; body: Json }>();
  const paymentIntents = new Map<string, Json>();
  const byIdempotencyKey = new Map<string, string>();
  const refunds = new Map<string, Json>();
  const refundedOf = (intentId: string) =>
    [...refunds.values()].filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + Number(r.amount), 0);

  /** `POST /v1/refunds`: all or part of a payment intent, never more than is left of it. */
  function createRefund(params: Json): { status: number; body: Json } {
    const intentId = String(params.payment_intent ?? '');
    const intent = paymentIntents.get(intentId);
    if (!intent || intent.status !== 'succeeded') {
      return {
        status: 404,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${intentId}'`,
          },
        },
      };
    }
    const left = Number(intent.amount) - refundedOf(intentId);
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (left <= 0) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: 'Charge has already been refunded.',
          },
        },
      };
    }
    if (amount > left) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          },
        },
      };
    }
    const refund: Json = {
      id: newId('re_test'),
      object: 'refund',
      amount,
      charge: intent.latest_charge,
      currency: intent.currency,
      created: nowSeconds(),
      payment_intent: intentId,
      status: 'succeeded',
    };
    refunds.set(String(refund.id), refund);
    return { status: 200, body: refund };
  }
  const requests: StandInRequest[] = [];
  let url = '';

  function createSession(params: Json): Json {
    const lineItems = (params.line_items as Json[] | undefined) ?? [];
    const amount = lineItems.reduce((sum, item) => {
      const price = item.price_data as Json;
      return sum + Number(price.unit_amount) * Number(item.quantity ?? 1);
    }, 0);
    const currency = String((lineItems[0]?.price_data as Json | undefined)?.currency ?? 'eur');
    const id = newId('cs_test');
    const session: Json = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: nowSeconds(),
      currency,
      customer: params.customer ?? null,
      customer_details: null,
      customer_email: params.customer_email ?? null,
      expires_at: nowSeconds() + 24 * 3600,
      livemode: false,
      locale: params.locale ?? null,
      metadata: (params.metadata as Json | undefined) ?? {},
      mode: params.mode,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url ?? null,
      url: `${url}/c/pay/${id}`,
    };
    sessions.set(id, session);
    intentData.set(id, (params.payment_intent_data as Json | undefined) ?? {});
    return session;
  }

  /** `POST /v1/customers`. */
  function createCustomer(params: Json): { status: number; body: Json } {
    const customer: Json = {
      id: newId('cus_test'),
      object: 'customer',
      created: nowSeconds(),
      email: params.email ?? null,
      livemode: false,
      metadata: (params.metadata as Json | undefined) ?? {},
    };
    customers.set(String(customer.id), customer);
    return { status: 200, body: customer };
  }

  /** A card payment method as Stripe makes it from a test card number. */
  function cardPaymentMethod(number: string): Json {
    const digits = number.replace(/\D/g, '');
    const known = Object.values(STRIPE_TEST_CARDS).map((n) => n.replace(/\D/g, ''));
    if (!known.includes(digits)) throw new Error(`The stand-in does not know the test card ${number}`);
    const method: Json = {
      id: newId('pm_test'),
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: digits.slice(-4), exp_month: 12, exp_year: 2034, funding: 'credit', country: 'US' },
      created: nowSeconds(),
      customer: null,
      livemode: false,
      metadata: {},
    };
    paymentMethods.set(String(method.id), method);
    if (digits === STRIPE_TEST_CARDS.declineAfterAttaching.replace(/\D/g, '')) declinesLater.add(String(method.id));
    return method;
  }

  const invalid = (message: string, param?: string, code?: string) => ({
    status: 400,
    body: { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) } },
  });

  /** `POST /v1/payment_intents`, confirmed off-session at once with a customer's saved payment method. */
  function createPaymentIntent(params: Json): { status: number; body: Json } {
    if (params.confirm !== 'true' || params.off_session !== 'true') {
      return invalid('The stand-in only makes payment intents confirmed off-session', 'confirm');
    }
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0) return invalid('Invalid positive integer', 'amount');
    const customerId = String(params.customer ?? '');
    if (!customers.has(customerId)) return invalid(`No such customer: '${customerId}'`, 'customer', 'resource_missing');
    const methodId = String(params.payment_method ?? '');
    const method = paymentMethods.get(methodId);
    if (!method) return invalid(`No such PaymentMethod: '${methodId}'`, 'payment_method', 'resource_missing');
    if (method.customer !== customerId) {
      return invalid(
        `The provided PaymentMethod ${methodId} does not belong to the Customer ${customerId}.`,
        'payment_method',
      );
    }
    const declined = declinesLater.has(methodId);
    const intent: Json = {
      id: newId('pi_test'),
      object: 'payment_intent',
      amount,
      amount_received: declined ? 0 : amount,
      currency: String(params.currency ?? 'eur'),
      created: nowSeconds(),
      customer: customerId,
      description: params.description ?? null,
      latest_charge: newId('ch_test'),
      livemode: false,
      metadata: (params.metadata as Json | undefined) ?? {},
      payment_method: declined ? null : methodId,
      setup_future_usage: null,
      status: declined ? 'requires_payment_method' : 'succeeded',
      last_payment_error: declined
        ? { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', payment_method: method }
        : null,
    };
    paymentIntents.set(String(intent.id), intent);
    if (!declined) return { status: 200, body: intent };
    return {
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          charge: intent.latest_charge,
          message: 'Your card was declined.',
          payment_intent: intent,
          payment_method: method,
        },
      },
    };
  }

  /** A POST whose answer a repeated idempotency key gets again. */
  function once(idempotencyKey: string | null, make: () => { status: number; body: Json }) {
    const earlier = idempotencyKey ? replies.get(idempotencyKey) : undefined;
    if (earlier) return earlier;
    const answer = make();
    if (idempotencyKey) replies.set(idempotencyKey, answer);
    return answer;
  }

  /** An object with the ids `expand` names replaced by the objects (`payment_intent`, `payment_intent.payment_method`, `payment_method`). */
  function expanded(object: Json, expand: unknown): Json {
    const paths = Array.isArray(expand) ? expand.map(String) : [];
    const copy: Json = { ...object };
    for (const path of paths) {
      const [first, second] = path.split('.');
      const value = copy[first!];
      let inner = typeof value === 'string' ? lookUp(first!, value) : (value as Json | null | undefined);
      if (inner && second) {
        const nested = inner[second];
        inner = { ...inner, [second]: typeof nested === 'string' ? (lookUp(second, nested) ?? nested) : nested };
      }
      if (inner) copy[first!] = inner;
    }
    return copy;
  }
  const lookUp = (field: string, id: string): Json | undefined =>
    field === 'payment_intent'
      ? paymentIntents.get(id)
      : field === 'payment_method'
        ? paymentMethods.get(id)
        : field === 'customer'
          ? customers.get(id)
          : undefined;

  function listSessions(params: Json): Json {
    const email = (params.customer_details as Json | undefined)?.email;
    let matching = [...sessions.values()]
      .filter((s) => email === undefined || (s.customer_details as Json | null)?.email === email)
      .filter((s) => params.status === undefined || s.status === params.status)
      .filter((s) => params.payment_intent === undefined || s.payment_intent === params.payment_intent)
      .reverse(); // newest first, as Stripe lists
    if (typeof params.starting_after === 'string') {
      matching = matching.slice(matching.findIndex((s) => s.id === params.starting_after) + 1);
    }
    const limit = Number(params.limit ?? 10);
    return {
      object: 'list',
      data: matching.slice(0, limit),
      has_more: matching.length > limit,
      url: '/v1/checkout/sessions',
    };
  }

  const server = createServer((req, res) => {
    void (async () => {
      const target = new URL(req.url ?? '/', 'http://stand-in');
      if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
        return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      const body = await readBody(req);
      const params = parseParams(req.method === 'GET' ? target.search.slice(1) : body);
      const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      requests.push({ method: req.method ?? 'GET', path: target.pathname, params, idempotencyKey });

      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(target.pathname);
      const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(target.pathname);
      const methodMatch = /^\/v1\/payment_methods\/([^/]+)$/.exec(target.pathname);
      const customerMatch = /^\/v1\/customers\/([^/]+)$/.exec(target.pathname);
      if (req.method === 'POST' && target.pathname === '/v1/customers') {
        const answer = once(idempotencyKey, () => createCustomer(params));
        return send(res, answer.status, answer.body);
      }
      if (req.method === 'POST' && target.pathname === '/v1/payment_intents') {
        const answer = once(idempotencyKey, () => createPaymentIntent(params));
        return send(res, answer.status, answer.body);
      }
      if (req.method === 'GET' && methodMatch) {
        const method = paymentMethods.get(decodeURIComponent(methodMatch[1]!));
        return method ? send(res, 200, method) : missing(res, 'payment_method', methodMatch[1]!);
      }
      if (req.method === 'GET' && customerMatch) {
        const customer = customers.get(decodeURIComponent(customerMatch[1]!));
        return customer ? send(res, 200, customer) : missing(res, 'customer', customerMatch[1]!);
      }
      if (req.method === 'POST' && target.pathname === '/v1/checkout/sessions') {
        // Stripe answers a repeated idempotency key with the first request's result.
        const earlier = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (earlier) return send(res, 200, sessions.get(earlier)!);
        const session = createSession(params);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, String(session.id));
        return send(res, 200, session);
      }
      if (req.method === 'POST' && target.pathname === '/v1/refunds') {
        const earlier = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (earlier) return send(res, 200, refunds.get(earlier)!);
        const answer = createRefund(params);
        if (idempotencyKey && answer.status === 200) byIdempotencyKey.set(idempotencyKey, String(answer.body.id));
        return send(res, answer.status, answer.body);
      }
      if (req.method === 'GET' && target.pathname === '/v1/checkout/sessions')
        return send(res, 200, listSessions(params));
      if (req.method === 'GET' && sessionMatch) {
        const session = sessions.get(decodeURIComponent(sessionMatch[1]!));
        return session
          ? send(res, 200, expanded(session, params.expand))
          : missing(res, 'checkout.session', sessionMatch[1]!);
      }
      if (req.method === 'GET' && intentMatch) {
        const intent = paymentIntents.get(decodeURIComponent(intentMatch[1]!));
        return intent
          ? send(res, 200, expanded(intent, params.expand))
          : missing(res, 'payment_intent', intentMatch[1]!);
      }
      send(res, 404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${target.pathname})`,
        },
      });
    })().catch((error: unknown) => send(res, 500, { error: { type: 'api_error', message: String(error) } }));
  });
  url = await listenOnLoopback(server);

  const requireSession = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`The stand-in has no session ${id}`);
    return session;
  };
  /** The succeeded payment intent of session `id`, or payment intent `id` itself. */
  const paidIntent = (id: string) => {
    const intent = id.startsWith('pi_')
      ? paymentIntents.get(id)
      : paymentIntents.get(String(requireSession(id).payment_intent));
    if (!intent || intent.status !== 'succeeded') throw new Error(`${id} was not paid`);
    return intent;
  };

  return {
    url,
    requests,
    get idempotencyKeys() {
      return requests.flatMap((r) => (r.idempotencyKey ? [r.idempotencyKey] : []));
    },
    session: (id) => sessions.get(id),
    pay(id, payOptions = {}) {
      const session = requireSession(id);
      const amount = payOptions.amountTotal ?? Number(session.amount_total);
      const data = intentData.get(id) ?? {};
      const customerId = typeof session.customer === 'string' ? session.customer : null;
      const setupFutureUsage = typeof data.setup_future_usage === 'string' ? data.setup_future_usage : null;
      const method = cardPaymentMethod(payOptions.card ?? STRIPE_TEST_CARDS.visa);
      // Kept for later: Stripe attaches the method to the customer once the payment is confirmed.
      if (setupFutureUsage && customerId) method.customer = customerId;
      const intent: Json = {
        id: newId('pi_test'),
        object: 'payment_intent',
        amount,
        amount_received: amount,
        currency: session.currency,
        created: nowSeconds(),
        customer: customerId,
        latest_charge: newId('ch_test'),
        livemode: false,
        metadata: (data.metadata as Json | undefined) ?? {},
        payment_method: method.id,
        setup_future_usage: setupFutureUsage,
        status: 'succeeded',
      };
      paymentIntents.set(String(intent.id), intent);
      const email = customerId ? (customers.get(customerId)?.email ?? null) : session.customer_email;
      Object.assign(session, {
        status: 'complete',
        payment_status: payOptions.paymentStatus ?? 'paid',
        amount_total: amount,
        payment_intent: intent.id,
        customer_details: { email, name: null },
      });
      return { ...session };
    },
    expire(id) {
      return { ...Object.assign(requireSession(id), { status: 'expired' }) };
    },
    customer: (id) => customers.get(id),
    paymentMethod: (id) => paymentMethods.get(id),
    paymentIntent: (id) => paymentIntents.get(id),
    paymentIntentsOf: (customerId) => [...paymentIntents.values()].filter((i) => i.customer === customerId),
    refundedCharge(id, chargeOptions = {}) {
      const intent = paidIntent(id);
      return {
        id: intent.latest_charge,
        object: 'charge',
        amount: intent.amount,
        amount_captured: intent.amount,
        amount_refunded: chargeOptions.amountRefunded ?? (refundedOf(String(intent.id)) || intent.amount),
        currency: intent.currency,
        // Stripe copies the payment intent's metadata onto the charge when it is confirmed.
        metadata: chargeOptions.withoutMetadata ? {} : intent.metadata,
        paid: true,
        payment_intent: intent.id,
        refunded:
          Number(chargeOptions.amountRefunded ?? (refundedOf(String(intent.id)) || intent.amount)) >=
          Number(intent.amount),
        status: 'succeeded',
      };
    },
    dispute(id) {
      const intent = paidIntent(id);
      return {
        id: newId('dp'),
        object: 'dispute',
        amount: intent.amount,
        charge: intent.latest_charge,
        currency: intent.currency,
        created: nowSeconds(),
        payment_intent: intent.id,
        reason: 'fraudulent',
        status: 'needs_response',
      };
    },
    event(type, object) {
      return {
        id: newId('evt_test'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: nowSeconds(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    close: () => closeLoopback(server),
  };
}
