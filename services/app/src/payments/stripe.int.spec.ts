import { subscriptionStreamId } from '@shop/domain';
import type { RecordedEvent } from '@shop/event-store';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { refundMade } from '../testing/back-office-refunds.js';
import { randomIp, requestJson, signUpAndSignIn, type JsonRequest } from '../testing/http-customer.js';
import { grantAdmin, eventually } from '../testing/test-shop.js';
import { deliveredAtOnce, notificationsProcessed, placeStripeOrder } from '../testing/provider-checkout.js';
import { checkoutRequest, renewalCharge } from '../testing/provider-requests.js';
import { automaticRenewalInTheShop } from '../testing/renewal-in-the-shop.js';
import { keptMethod, savedMethodChargingContract } from '../testing/saved-method-charging.js';
import { useStripeShop } from '../testing/shop-under-test.js';
import type { PaymentOutcome } from './payment-provider.js';
import { UNMATCHED_PAYMENT_EVENT_TYPE, unmatchedPaymentStreamId, webhookStreamId } from './payment-service.js';
import { StripeProvider } from './stripe-provider.js';
import { STRIPE_TEST_CARDS } from './testing/stripe-stand-in.js';

const SECRET_KEY = 'sk_test_shop_integration';
const WEBHOOK_SECRET = 'whsec_shop_integration_secret';
const PASSWORD = 'correct horse battery';

const { shop, standIn } = useStripeShop('stripe', { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });

type Body = Record<string, unknown>;

const call = (method: string, path: string, options: JsonRequest = {}) =>
  requestJson(shop.url, method, path, { ...options, ip: options.ip ?? '10.9.0.1' });

// Each customer speaks from its own address, so per-address sign-up limits never meet.
const customer = () =>
  signUpAndSignIn(shop.url, { label: 'stripe', password: PASSWORD, fullName: 'Camille Martin', ip: randomIp('10') });

/** Netflix, 3 months, launch code: 1359 - 136 = 1223 cents, paid with Stripe. */
const placeOrder = (token: string) => placeStripeOrder(call, token);

async function postWebhook(event: Body, options: { signature?: string; raw?: string } = {}) {
  const payload = options.raw ?? JSON.stringify(event);
  const signature = options.signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return call('POST', '/webhooks/stripe', { raw: payload, headers: { 'Stripe-Signature': signature } });
}

const history = (subscriptionId: string) => shop.runtime.store.readStream(subscriptionStreamId(subscriptionId));
const ofType = (events: RecordedEvent[], type: string) => events.filter((e) => e.type === type);

async function mySubscription(token: string, subscriptionId: string) {
  const res = await call('GET', '/api/me/subscriptions', { token });
  return (res.body.data as Body[] | undefined)?.find((s) => s.id === subscriptionId);
}

const subscriptionWhere = (token: string, subscriptionId: string, accept: (s: Body) => boolean) =>
  eventually(
    () => mySubscription(token, subscriptionId),
    (s) => s !== undefined && accept(s),
  );

/** Waits until the stored notification has gone through the reactor and its job. */
async function processed(providerEventId: string) {
  const [stored] = await shop.runtime.store.readStream(webhookStreamId('stripe', providerEventId));
  expect(stored).toBeDefined();
  // The reactor enqueues (an immediate timer) before it saves its checkpoint, so once the
  // checkpoint is past the notification, its job has started; none running means it is done.
  expect(await notificationsProcessed(shop, stored!.globalPosition)).toBe(true);
}

/**
 * A Checkout Session the shop never opened, made through the real SDK as another integration
 * on the same Stripe account could, naming one of the shop's orders in its metadata, and paid.
 */
async function foreignPaidSession(subscriptionId: string, email: string, amount = 1223) {
  const { hostname, port } = new URL(standIn.url);
  const elsewhere = new Stripe(SECRET_KEY, { host: hostname, port: Number(port), protocol: 'http' });
  const session = await elsewhere.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      { quantity: 1, price_data: { currency: 'eur', unit_amount: amount, product_data: { name: 'Elsewhere' } } },
    ],
    client_reference_id: subscriptionId,
    metadata: { subscriptionId },
    payment_intent_data: { metadata: { subscriptionId } },
    customer_email: email,
    success_url: 'https://elsewhere.example/done',
  });
  return standIn.pay(session.id);
}

/** The call that created the subscription's Checkout Session. */
const sessionCreation = (subscriptionId: string) =>
  standIn.requests.find(
    (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.params.client_reference_id === subscriptionId,
  );

const unmatched = (sessionId: string) => shop.runtime.store.readStream(unmatchedPaymentStreamId('stripe', sessionId));

async function paidOrder() {
  const { token, email } = await customer();
  const order = await placeOrder(token);
  const session = standIn.pay(order.sessionId);
  const completed = standIn.event('checkout.session.completed', session);
  expect((await postWebhook(completed)).status).toBe(200);
  await subscriptionWhere(token, order.subscriptionId, (s) => s.status === 'active');
  return { token, email, order, session, completed };
}

describe('Stripe Checkout through the stripe SDK', () => {
  it('opens a Checkout Session for the order, with its reference, e-mail, return URLs and an idempotency key', async () => {
    const { token, email } = await customer();
    const order = await placeOrder(token);
    expect(order.body).toMatchObject({ status: 'pending', totalCents: 1223, currency: 'EUR' });
    expect(order.redirectUrl).toBe(`${standIn.url}/c/pay/${order.sessionId}`);

    const create = sessionCreation(order.subscriptionId)!;
    expect(create).toBeDefined();
    expect(create.params).toMatchObject({
      mode: 'payment',
      client_reference_id: order.subscriptionId,
      metadata: { subscriptionId: order.subscriptionId },
      payment_intent_data: { metadata: { subscriptionId: order.subscriptionId } },
      customer_email: email,
      locale: 'fr',
      line_items: [{ quantity: '1', price_data: { currency: 'eur', unit_amount: '1223' } }],
    });
    expect(String(create.params.success_url)).toContain('session_id={CHECKOUT_SESSION_ID}');
    expect(create.params.cancel_url).toMatch(/\/payment-cancelled$/);
    expect(create.idempotencyKey).toMatch(new RegExp(`^checkout-${order.subscriptionId}-`));
    expect(standIn.idempotencyKeys).toContain(create.idempotencyKey);
  });

  it('activates the order once however often Stripe delivers the same completed event', async () => {
    const { token } = await customer();
    const order = await placeOrder(token);
    const completed = standIn.event('checkout.session.completed', standIn.pay(order.sessionId));

    await deliveredAtOnce(10, () => postWebhook(completed));

    const active = await subscriptionWhere(token, order.subscriptionId, (s) => s.status === 'active');
    expect(active).toMatchObject({ status: 'active', totalCents: 1223, paymentIssue: null });
    await processed(completed.id);
    expect(ofType(await history(order.subscriptionId), 'PaymentConfirmed')).toHaveLength(1);
    expect(await shop.runtime.store.readStream(webhookStreamId('stripe', completed.id))).toHaveLength(1);
  });

  it('keeps a paid order active when the session expiry arrives after the payment', async () => {
    const { token, order, session } = await paidOrder();
    const expired = standIn.event('checkout.session.expired', { ...session, status: 'expired' });
    expect((await postWebhook(expired)).status).toBe(200);
    await processed(expired.id);

    expect(await mySubscription(token, order.subscriptionId)).toMatchObject({ status: 'active', paymentIssue: null });
    const events = await history(order.subscriptionId);
    expect(ofType(events, 'PaymentAttemptFailed')).toHaveLength(0);
    expect(ofType(events, 'PaymentConfirmed')).toHaveLength(1);
  });

  it('refuses a notification whose signature does not hold, and stores nothing', async () => {
    const { order } = await (async () => {
      const { token } = await customer();
      return { order: await placeOrder(token) };
    })();
    const event = standIn.event('checkout.session.completed', standIn.pay(order.sessionId));
    const payload = JSON.stringify(event);
    const tampered = payload.replace('"amount_total":1223', '"amount_total":1');
    const attempts = [
      postWebhook(event, { signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }) }),
      postWebhook(event, {
        raw: tampered,
        signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      }),
      postWebhook(event, {
        signature: Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
          timestamp: Math.floor(Date.now() / 1000) - 600,
        }),
      }),
      call('POST', '/webhooks/stripe', { raw: payload }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('webhook.invalid_signature');
    }
    expect(await shop.runtime.store.readStream(webhookStreamId('stripe', event.id))).toHaveLength(0);
    expect(ofType(await history(order.subscriptionId), 'PaymentConfirmed')).toHaveLength(0);
  });

  it('records a payment that does not cover the order and leaves the order pending', async () => {
    const { token } = await customer();
    const order = await placeOrder(token);
    const completed = standIn.event('checkout.session.completed', standIn.pay(order.sessionId, { amountTotal: 100 }));
    expect((await postWebhook(completed)).status).toBe(200);

    const pending = await subscriptionWhere(token, order.subscriptionId, (s) => s.paymentIssue === 'amount_mismatch');
    expect(pending).toMatchObject({ status: 'pending', paymentIssue: 'amount_mismatch' });
    const events = await history(order.subscriptionId);
    expect(ofType(events, 'PaymentMismatchRecorded')[0]?.data).toMatchObject({
      provider: 'stripe',
      amountCents: 100,
      expectedAmountCents: 1223,
      currency: 'EUR',
    });
    expect(ofType(events, 'PaymentConfirmed')).toHaveLength(0);
  });

  it('cancels the subscription when Stripe reports the charge refunded', async () => {
    const { token, order } = await paidOrder();
    const refunded = standIn.event('charge.refunded', standIn.refundedCharge(order.sessionId));
    expect((await postWebhook(refunded)).status).toBe(200);

    await subscriptionWhere(token, order.subscriptionId, (s) => s.status === 'cancelled');
    const [refund] = ofType(await history(order.subscriptionId), 'PaymentRefunded');
    expect(refund?.data).toMatchObject({ provider: 'stripe', amountCents: 1223, currency: 'EUR' });
    // The money went back: the profile does not count it as spent.
    expect((await call('GET', '/api/me/subscriptions', { token })).body.totalSpentCents).toBe(0);
  });

  it('records a refund that arrives before the payment: the order is cancelled and the late payment changes nothing', async () => {
    const { token } = await customer();
    const order = await placeOrder(token);
    // Paid and refunded at Stripe; the payment's own notification is delayed and comes last.
    const session = standIn.pay(order.sessionId);
    const refunded = standIn.event('charge.refunded', standIn.refundedCharge(order.sessionId));
    expect((await postWebhook(refunded)).status).toBe(200);
    await subscriptionWhere(token, order.subscriptionId, (s) => s.status === 'cancelled');

    const completed = standIn.event('checkout.session.completed', session);
    expect((await postWebhook(completed)).status).toBe(200);
    await processed(completed.id);
    const events = await history(order.subscriptionId);
    expect(ofType(events, 'PaymentRefunded')).toHaveLength(1);
    expect(ofType(events, 'PaymentConfirmed')).toHaveLength(0);
    expect(await mySubscription(token, order.subscriptionId)).toMatchObject({ status: 'cancelled' });
    expect((await call('GET', '/api/me/subscriptions', { token })).body.totalSpentCents).toBe(0);
  });

  it('traces a refunded charge without metadata back to its order through the payment intent', async () => {
    const { token, order } = await paidOrder();
    const charge = standIn.refundedCharge(order.sessionId, { withoutMetadata: true });
    expect((await postWebhook(standIn.event('charge.refunded', charge))).status).toBe(200);

    await subscriptionWhere(token, order.subscriptionId, (s) => s.status === 'cancelled');
    expect(ofType(await history(order.subscriptionId), 'PaymentRefunded')).toHaveLength(1);
    expect(
      standIn.requests.some((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${charge.payment_intent}`),
    ).toBe(true);
  });

  it('leaves an order pending, and says why, when its session expires unpaid', async () => {
    const { token } = await customer();
    const order = await placeOrder(token);
    const expired = standIn.event('checkout.session.expired', standIn.expire(order.sessionId));
    expect((await postWebhook(expired)).status).toBe(200);

    const pending = await subscriptionWhere(token, order.subscriptionId, (s) => s.paymentIssue === 'payment_expired');
    expect(pending).toMatchObject({ status: 'pending', paymentIssue: 'payment_expired' });
  });

  it('waits for a delayed payment method, then activates on async_payment_succeeded', async () => {
    const { token } = await customer();
    const order = await placeOrder(token);
    const unpaid = standIn.pay(order.sessionId, { paymentStatus: 'unpaid' });
    const completed = standIn.event('checkout.session.completed', unpaid);
    expect((await postWebhook(completed)).status).toBe(200);
    await processed(completed.id);
    expect(await mySubscription(token, order.subscriptionId)).toMatchObject({ status: 'pending', paymentIssue: null });

    const succeeded = standIn.event('checkout.session.async_payment_succeeded', { ...unpaid, payment_status: 'paid' });
    expect((await postWebhook(succeeded)).status).toBe(200);
    await subscriptionWhere(token, order.subscriptionId, (s) => s.status === 'active');
    expect(ofType(await history(order.subscriptionId), 'PaymentConfirmed')).toHaveLength(1);
  });

  it('fulfils from the success page by asking Stripe, and a later webhook adds nothing', async () => {
    const { token } = await customer();
    const order = await placeOrder(token);
    const session = standIn.pay(order.sessionId);

    const verified = await call('GET', `/api/payments/verify?session_id=${order.sessionId}`, { token });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ subscriptionId: order.subscriptionId, status: 'active', paid: true });
    await subscriptionWhere(token, order.subscriptionId, (s) => s.status === 'active');

    const completed = standIn.event('checkout.session.completed', session);
    expect((await postWebhook(completed)).status).toBe(200);
    await processed(completed.id);
    expect(ofType(await history(order.subscriptionId), 'PaymentConfirmed')).toHaveLength(1);
  });
});

describe('payments the shop never opened', () => {
  it('records a paid session it did not open as unmatched, even when its metadata names a real order, and confirms nothing', async () => {
    const { token, email } = await customer();
    const order = await placeOrder(token);
    const foreign = await foreignPaidSession(order.subscriptionId, email);
    const completed = standIn.event('checkout.session.completed', foreign);
    expect((await postWebhook(completed)).status).toBe(200);
    await processed(completed.id);

    expect((await history(order.subscriptionId)).map((e) => e.type)).toEqual(['OrderPlaced', 'PaymentSessionOpened']);
    expect(await mySubscription(token, order.subscriptionId)).toMatchObject({ status: 'pending', paymentIssue: null });
    const recorded = await unmatched(String(foreign.id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      type: UNMATCHED_PAYMENT_EVENT_TYPE,
      data: {
        provider: 'stripe',
        kind: 'paid',
        sessionId: foreign.id,
        paymentReference: foreign.payment_intent,
        amountCents: 1223,
        currency: 'EUR',
        claimedSubscriptionId: order.subscriptionId,
      },
      metadata: { actor: { type: 'provider', id: 'stripe' } },
    });
    // Told again (another event about the same payment): recorded once.
    const succeeded = standIn.event('checkout.session.async_payment_succeeded', foreign);
    expect((await postWebhook(succeeded)).status).toBe(200);
    await processed(succeeded.id);
    expect(await unmatched(String(foreign.id))).toHaveLength(1);
    // Nor can the customer's success page confirm it.
    expect((await call('GET', `/api/payments/verify?session_id=${String(foreign.id)}`, { token })).status).toBe(404);

    // The shop's own session still confirms the order.
    const own = standIn.event('checkout.session.completed', standIn.pay(order.sessionId));
    expect((await postWebhook(own)).status).toBe(200);
    await subscriptionWhere(token, order.subscriptionId, (s) => s.status === 'active');
    expect(ofType(await history(order.subscriptionId), 'PaymentConfirmed')[0]?.data).toMatchObject({
      paymentReference: standIn.session(order.sessionId)!.payment_intent,
    });

    // A refund of the foreign payment does not end the order either; it is recorded beside the payment.
    const refunded = standIn.event('charge.refunded', standIn.refundedCharge(String(foreign.id)));
    expect((await postWebhook(refunded)).status).toBe(200);
    await processed(refunded.id);
    expect(await mySubscription(token, order.subscriptionId)).toMatchObject({ status: 'active' });
    expect(ofType(await history(order.subscriptionId), 'PaymentRefunded')).toHaveLength(0);
    expect((await unmatched(String(foreign.id))).map((e) => (e.data as Body).kind)).toEqual(['paid', 'refunded']);
  });
});

describe('POST /api/admin/payments/sync', () => {
  it('fulfils a paid session whose webhook never arrived, once', async () => {
    const admin = await customer();
    await grantAdmin(shop, admin);
    const shopper = await customer();
    const order = await placeOrder(shopper.token);
    standIn.pay(order.sessionId);
    // Another order of the same customer, never paid: not synced.
    await placeOrder(shopper.token);

    const first = await eventually(
      () => call('POST', '/api/admin/payments/sync', { token: admin.token, body: { email: shopper.email } }),
      (res) => res.status !== 403, // the role reaches the read model just after the grant
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 1 });
    expect(String(first.body.message)).toContain('1');
    const payments = first.body.payments as Body[];
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ planName: 'Netflix', sessionId: order.sessionId, amountCents: 1223 });
    expect(new Date(String(payments[0]!.date)).toISOString()).toBe(payments[0]!.date);
    await subscriptionWhere(shopper.token, order.subscriptionId, (s) => s.status === 'active');
    const confirmed = ofType(await history(order.subscriptionId), 'PaymentConfirmed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]?.metadata.actor).toMatchObject({ type: 'admin' });

    const second = await call('POST', '/api/admin/payments/sync', {
      token: admin.token,
      body: { email: shopper.email },
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ count: 0, payments: [] });
    expect(ofType(await history(order.subscriptionId), 'PaymentConfirmed')).toHaveLength(1);

    const unknown = await call('POST', '/api/admin/payments/sync', {
      token: admin.token,
      body: { email: 'nobody@example.com' },
    });
    expect(unknown.status).toBe(404);
    const empty = await call('POST', '/api/admin/payments/sync', { token: admin.token, body: { email: '  ' } });
    expect(empty.status).toBe(400);
  });

  it('does not confirm a paid session the shop never opened, lists it as unmatched, and still syncs the own one', async () => {
    const admin = await customer();
    await grantAdmin(shop, admin);
    const shopper = await customer();
    const order = await placeOrder(shopper.token);
    const foreign = await foreignPaidSession(order.subscriptionId, shopper.email);

    const first = await eventually(
      () => call('POST', '/api/admin/payments/sync', { token: admin.token, body: { email: shopper.email } }),
      (res) => res.status !== 403,
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      count: 0,
      payments: [],
      unmatched: [{ sessionId: foreign.id, amountCents: 1223, currency: 'EUR' }],
    });
    expect(ofType(await history(order.subscriptionId), 'PaymentConfirmed')).toHaveLength(0);
    const recorded = await unmatched(String(foreign.id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.metadata.actor).toMatchObject({ type: 'admin' });

    standIn.pay(order.sessionId);
    const second = await call('POST', '/api/admin/payments/sync', {
      token: admin.token,
      body: { email: shopper.email },
    });
    expect(second.body).toMatchObject({ count: 1, payments: [{ sessionId: order.sessionId, amountCents: 1223 }] });
    await subscriptionWhere(shopper.token, order.subscriptionId, (s) => s.status === 'active');
    expect(await unmatched(String(foreign.id))).toHaveLength(1);
  });

  it('is for admins only', async () => {
    const shopper = await customer();
    const res = await call('POST', '/api/admin/payments/sync', {
      token: shopper.token,
      body: { email: shopper.email },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.forbidden');
    expect((await call('POST', '/api/admin/payments/sync', { body: { email: shopper.email } })).status).toBe(401);
  });
});

describe('refunds through Stripe', () => {
  it('refunds part of the payment intent with an idempotency key, and the webhook that follows adds nothing', async () => {
    const admin = await customer();
    await grantAdmin(shop, admin);
    const { token, order, session } = await paidOrder();
    const refund = await refundMade(call, admin.token, {
      subscriptionId: order.subscriptionId,
      amountCents: 223,
      reason: 'Launch code applied twice',
      paymentReference: session.payment_intent as string,
    });
    const asked = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      params: { payment_intent: session.payment_intent, amount: '223' },
      idempotencyKey: `refund-${String(refund.body.id)}`,
    });

    // Stripe then tells of the charge refunded by 223 cents: already recorded.
    const charge = standIn.refundedCharge(order.sessionId);
    expect(charge).toMatchObject({ amount_refunded: 223, refunded: false });
    const notice = standIn.event('charge.refunded', charge);
    expect((await postWebhook(notice)).status).toBe(200);
    await processed(notice.id);
    const partials = ofType(await history(order.subscriptionId), 'PartialRefundRecorded');
    expect(partials).toHaveLength(1);
    expect(partials[0]!.data).toMatchObject({ amountCents: 223, refundedTotalCents: 223, kind: 'order' });
    // The subscription stays; the customer has spent what was kept.
    await subscriptionWhere(token, order.subscriptionId, (s) => s.status === 'active');
    const mine = await call('GET', '/api/me/subscriptions', { token });
    expect(mine.body.totalSpentCents).toBe(1223 - 223);
  });
});

describe('disputes through Stripe', () => {
  it('suspends the subscription when the customer disputes the payment with their bank, once however often Stripe tells', async () => {
    const { token, order, session } = await paidOrder();
    const dispute = standIn.dispute(order.sessionId);
    const notice = standIn.event('charge.dispute.created', dispute);
    expect((await postWebhook(notice)).status).toBe(200);
    expect((await postWebhook(standIn.event('charge.dispute.created', dispute))).status).toBe(200);
    const suspended = await subscriptionWhere(token, order.subscriptionId, (s) => s.status === 'suspended');
    expect(suspended).toMatchObject({ paymentIssue: 'disputed' });
    const disputed = ofType(await history(order.subscriptionId), 'PaymentDisputed');
    expect(disputed).toHaveLength(1);
    expect(disputed[0]!.data).toMatchObject({
      paymentReference: session.payment_intent,
      disputeId: dispute.id,
      amountCents: 1223,
      currency: 'EUR',
      reason: 'fraudulent',
    });
    const changed = ofType(await history(order.subscriptionId), 'SubscriptionStatusChanged');
    expect(changed.map((e) => e.data)).toEqual([
      expect.objectContaining({ from: 'active', to: 'suspended', reason: 'payment_disputed' }),
    ]);
  });
});

describe('automatic renewal through Stripe: a kept payment method charged off-session', () => {
  /** The Stripe adapter as the shop builds it, against the stand-in. */
  const stripe = () =>
    new StripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: standIn.url,
      clock: () => new Date(),
    });

  /** What the shop reads of a Stripe notification: its signature checked, then interpreted. */
  async function interpreted(provider: StripeProvider, type: string, object: Body): Promise<PaymentOutcome[]> {
    const payload = JSON.stringify(standIn.event(type, object));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const verified = await provider.verifyWebhook(Buffer.from(payload), { 'stripe-signature': signature });
    return provider.interpretWebhook(verified.payload);
  }

  /** A checkout that keeps the method, paid with `card`: the method the shop then holds. */
  async function savedCheckout(card: string = STRIPE_TEST_CARDS.visa) {
    const provider = stripe();
    const request = checkoutRequest({ saveMethod: true });
    const checkout = await provider.createCheckout(request);
    const session = standIn.pay(checkout.sessionId, { card });
    const savedMethod = await keptMethod(provider, checkout.sessionId);
    return { provider, request, checkout, session, savedMethod };
  }

  it('opens a checkout that keeps the method for a new customer, and the paid outcome names the method, from the check and the notification alike', async () => {
    const provider = stripe();
    const request = checkoutRequest({ saveMethod: true });
    const checkout = await provider.createCheckout(request);

    const customerCreate = standIn.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/customers' && r.params.email === request.customerEmail,
    )!;
    expect(customerCreate).toBeDefined();
    expect(customerCreate.idempotencyKey).toBe(`${request.idempotencyKey}-customer`);
    const customerId = String(standIn.session(checkout.sessionId)!.customer);
    expect(customerId).toMatch(/^cus_/);
    const sessionCreate = sessionCreation(request.subscriptionId)!;
    expect(sessionCreate.params).toMatchObject({
      customer: customerId,
      payment_intent_data: {
        setup_future_usage: 'off_session',
        metadata: { subscriptionId: request.subscriptionId },
      },
      metadata: { subscriptionId: request.subscriptionId },
    });
    // Stripe takes a customer or an e-mail, not both: the customer carries the e-mail.
    expect(sessionCreate.params.customer_email).toBeUndefined();

    const session = standIn.pay(checkout.sessionId);
    const intent = standIn.paymentIntent(String(session.payment_intent))!;
    const expected = {
      kind: 'paid',
      subscriptionId: request.subscriptionId,
      sessionId: checkout.sessionId,
      paymentReference: intent.id,
      amountCents: 453,
      currency: 'EUR',
      savedMethod: { id: intent.payment_method, customerId, label: 'Visa •••• 4242' },
    };
    expect(await provider.checkSession(checkout.sessionId)).toMatchObject(expected);
    expect(await interpreted(provider, 'checkout.session.completed', session)).toEqual([
      expect.objectContaining(expected),
    ]);
    // The method is the customer's at Stripe, so it can be charged without them.
    expect(standIn.paymentMethod(String(intent.payment_method))).toMatchObject({ customer: customerId });
  });

  it('keeps nothing of an ordinary checkout: no customer, no method in the paid outcome', async () => {
    const provider = stripe();
    const request = checkoutRequest();
    const checkout = await provider.createCheckout(request);
    expect(standIn.requests.some((r) => r.path === '/v1/customers' && r.params.email === request.customerEmail)).toBe(
      false,
    );
    const create = sessionCreation(request.subscriptionId)!;
    expect(create.params).toMatchObject({ customer_email: request.customerEmail });
    expect(create.params.customer).toBeUndefined();
    expect((create.params.payment_intent_data as Body).setup_future_usage).toBeUndefined();

    const session = standIn.pay(checkout.sessionId);
    const checked = await provider.checkSession(checkout.sessionId);
    expect(checked).toMatchObject({ kind: 'paid', sessionId: checkout.sessionId });
    expect(checked).not.toHaveProperty('savedMethod');
    const [notified] = await interpreted(provider, 'checkout.session.completed', session);
    expect(notified).toMatchObject({ kind: 'paid', sessionId: checkout.sessionId });
    expect(notified).not.toHaveProperty('savedMethod');
  });

  savedMethodChargingContract({
    build: stripe,
    savedCheckout,
    decliningCard: STRIPE_TEST_CARDS.declineAfterAttaching,
    declineReason: 'generic_decline',
    chargeId: /^pi_/,
    renewalChargesOf: (customerId) =>
      standIn.paymentIntentsOf(customerId).filter((intent) => (intent.metadata as Body).renewalId).length,
    expectCharged: (charge, intentId, outcome) => {
      const asked = standIn.requests.filter(
        (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.idempotencyKey === charge.idempotencyKey,
      );
      expect(asked).toHaveLength(1);
      expect(asked[0]!.params).toMatchObject({
        amount: '453',
        currency: 'eur',
        customer: charge.method.customerId,
        payment_method: charge.method.id,
        off_session: 'true',
        confirm: 'true',
        description: charge.description,
        metadata: { subscriptionId: charge.subscriptionId, renewalId: charge.renewalId },
      });
      expect(standIn.paymentIntent(intentId)).toMatchObject({
        status: outcome === 'paid' ? 'succeeded' : 'requires_payment_method',
      });
    },
  });

  it('throws when Stripe cannot be asked, so the job retries with the same key', async () => {
    const { request, savedMethod } = await savedCheckout();
    const unreachable = new StripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: 'http://127.0.0.1:9',
      clock: () => new Date(),
    });
    await expect(unreachable.chargeSavedMethod(renewalCharge(request.subscriptionId, savedMethod))).rejects.toThrow();
  });

  it('reads a refund and a dispute of an off-session charge as the renewal payment intent, through the refund API and the notifications', async () => {
    const { provider, request, savedMethod } = await savedCheckout();
    const charge = renewalCharge(request.subscriptionId, savedMethod);
    const answer = await provider.chargeSavedMethod(charge);
    expect(answer.outcome.kind).toBe('paid');
    const intentId = answer.sessionId;

    const refund = await provider.refund({
      paymentReference: intentId,
      amountCents: 153,
      currency: 'EUR',
      idempotencyKey: `refund-${charge.renewalId}`,
    });
    expect(refund).toEqual({ providerRefundId: expect.stringMatching(/^re_/) });

    const payment = { subscriptionId: request.subscriptionId, sessionId: intentId, paymentReference: intentId };
    expect(await interpreted(provider, 'charge.refunded', standIn.refundedCharge(intentId))).toEqual([
      expect.objectContaining({ kind: 'refunded', ...payment, amountCents: 153, currency: 'EUR' }),
    ]);
    // A charge without metadata is traced through the payment intent's.
    expect(
      await interpreted(
        provider,
        'charge.refunded',
        standIn.refundedCharge(intentId, { withoutMetadata: true, amountRefunded: 453 }),
      ),
    ).toEqual([expect.objectContaining({ kind: 'refunded', ...payment, amountCents: 453 })]);
    const dispute = standIn.dispute(intentId);
    expect(await interpreted(provider, 'charge.dispute.created', dispute)).toEqual([
      expect.objectContaining({ kind: 'disputed', ...payment, disputeId: dispute.id, amountCents: 453 }),
    ]);

    // Told to the shop, which opened no renewal with that payment intent here: kept under its id.
    const notice = standIn.event('charge.refunded', standIn.refundedCharge(intentId));
    expect((await postWebhook(notice)).status).toBe(200);
    const [recorded] = await eventually(
      () => unmatched(intentId),
      (events) => events.length > 0,
    );
    expect(recorded?.data).toMatchObject({
      provider: 'stripe',
      kind: 'refunded',
      sessionId: intentId,
      paymentReference: intentId,
      claimedSubscriptionId: request.subscriptionId,
    });
  });
});

describe('automatic renewal through Stripe in the shop, on its own clock', () => {
  /** The off-session payment intents the shop asked Stripe for, for this customer. */
  const offSessionCharges = (customerId: string) =>
    standIn.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.params.customer === customerId,
    );

  automaticRenewalInTheShop({
    name: 'stripe',
    env: () => ({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: standIn.url }),
    ipPrefix: '10.21',
    cards: { paying: STRIPE_TEST_CARDS.visa, declining: STRIPE_TEST_CARDS.declineAfterAttaching },
    declineReason: 'generic_decline',
    async payCheckout(renewing, redirectUrl, card) {
      const sessionId = redirectUrl.split('/').pop()!;
      // A checkout that keeps the card: a Stripe customer, and the method kept for off-session use.
      const customerId = String(standIn.session(sessionId)!.customer);
      expect(customerId).toMatch(/^cus_/);
      const session = standIn.pay(sessionId, { card });
      const payload = JSON.stringify(standIn.event('checkout.session.completed', session));
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const delivered = await requestJson(renewing.url, 'POST', '/webhooks/stripe', {
        raw: payload,
        headers: { 'Stripe-Signature': signature },
        ip: '10.21.0.1',
      });
      expect(delivered.status).toBe(200);
      return { customerId, methodId: String(standIn.paymentIntent(String(session.payment_intent))!.payment_method) };
    },
    // The renewals' payment intents: those that keep no method for later (the checkout's does).
    renewalCharges: (customerId) =>
      standIn
        .paymentIntentsOf(customerId)
        .filter((intent) => intent.setup_future_usage === null)
        .map((intent) => ({
          id: String(intent.id),
          status:
            intent.status === 'succeeded'
              ? 'paid'
              : intent.status === 'requires_payment_method'
                ? 'declined'
                : 'pending',
          amountCents: Number(intent.amount),
          methodId: String(intent.payment_method),
          subscriptionId: String((intent.metadata as Body).subscriptionId),
        })),
    renewalChargeKeys: (customerId) => offSessionCharges(customerId).map((request) => String(request.idempotencyKey)),
    expectRenewalChargeAsked: ({ customerId, methodId, subscriptionId, amountCents }) =>
      expect(offSessionCharges(customerId)[0]!.params).toMatchObject({
        amount: String(amountCents),
        currency: 'eur',
        customer: customerId,
        payment_method: methodId,
        off_session: 'true',
        confirm: 'true',
        metadata: { subscriptionId },
      }),
  });
});
