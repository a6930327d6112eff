import { describe, expect, it } from 'vitest';
import { askRefund, refundMade } from '../testing/back-office-refunds.js';
import { randomIp, requestJson, signUpAdmin, signUpAndSignIn } from '../testing/http-customer.js';
import {
  deliveredAtOnce,
  eventsOfType,
  notificationsProcessed,
  useProviderShop,
} from '../testing/provider-checkout.js';
import { expectUnmatchedPaid, newCustomerOrder } from '../testing/provider-orders.js';
import { useStandIn, useTestShop } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';
import { captureRequestId, PayPalProvider } from './paypal-provider.js';
import { startPayPalStandIn, type SignedNotification } from './testing/paypal-stand-in.js';
import { startPayssionStandIn } from './testing/payssion-stand-in.js';

/* PayPal Orders v2 over fetch against a local stand-in for PayPal's API (PayPal's servers cannot be reached here). */

const paypal = useStandIn('paypal', startPayPalStandIn);

const { shop, customers } = useProviderShop('paypal', { ipPrefix: '10.8', env: () => paypal.shopEnv });
const { request, subscription, history, eventsOf } = customers;

/** Every stored provider notification in the log, oldest first. */
const storedNotifications = async () =>
  (await customers.storedNotifications()).map((e) => ({ id: e.id, data: e.data as Record<string, unknown> }));

async function orderWithPayPal(planId?: string, months?: number) {
  const order = await newCustomerOrder(customers, 'paypal', planId, months);
  // The approval link PayPal gave carries the order id as `token`.
  const orderId = new URL(String(order.placed.body.redirectUrl)).searchParams.get('token')!;
  expect(paypal.order(orderId)).toBeDefined();
  return { ...order, orderId };
}

const post = (notification: SignedNotification, headers: Record<string, string> = notification.headers) =>
  request('POST', '/webhooks/paypal', { raw: notification.body, headers });

const verify = (token: string, orderId: string) =>
  request('GET', `/api/payments/verify?session_id=${encodeURIComponent(orderId)}`, { token });

const captureCalls = (orderId: string) =>
  paypal.requests.filter((r) => r.method === 'POST' && r.path === `/v2/checkout/orders/${orderId}/capture`);

/** PayPal's API called directly, as another integration holding the same REST app's credentials could. */
async function payPalApi(method: string, path: string, body?: unknown) {
  const basic = Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64');
  const token = await fetch(`${paypal.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const res = await fetch(`${paypal.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** Waits until the stored notification has gone through the reactor and its job. */
async function processed(notificationId: string) {
  const [stored] = await shop.runtime.store.readStream(`webhook-paypal-${notificationId}`);
  expect(stored).toBeDefined();
  await notificationsProcessed(shop, stored!.globalPosition);
}

describe('payment providers on offer', () => {
  it('lists PayPal before the sandbox, publicly', async () => {
    const reply = await request('GET', '/api/payments/providers');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      data: [
        { name: 'paypal', label: 'paypal' },
        { name: 'sandbox', label: 'sandbox' },
      ],
    });
  });
});

describe('PayPal Orders v2', () => {
  it('creates an order for the total with a PayPal-Request-Id and sends the payer to the approval link', async () => {
    const { placed, orderId, subscriptionId } = await orderWithPayPal('netflix', 3);
    expect(placed.body).toMatchObject({ status: 'pending', totalCents: 1359, currency: 'EUR' });
    expect(placed.body.redirectUrl).toBe(`${paypal.url}/checkoutnow?token=${orderId}`);
    const create = paypal.requests.find(
      (r) =>
        r.path === '/v2/checkout/orders' &&
        (r.body as { purchase_units?: Array<{ custom_id?: string }> }).purchase_units?.[0]?.custom_id ===
          subscriptionId,
    )!;
    expect(create.requestId).toMatch(new RegExp(`^checkout-${subscriptionId}-`));
    const publicUrl = shop.runtime.config.publicUrl;
    expect(create.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: subscriptionId,
          custom_id: subscriptionId,
          description: 'Netflix - 3 mois',
          amount: { currency_code: 'EUR', value: '13.59' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: `${publicUrl}/payment-success?provider=paypal`,
            cancel_url: `${publicUrl}/payment-cancelled?provider=paypal`,
            locale: 'fr-FR',
          },
        },
      },
    });
    expect(await history(subscriptionId)).toEqual(['OrderPlaced', 'PaymentSessionOpened']);
  });

  it('captures on return once approved, with the order-keyed PayPal-Request-Id, and activates the subscription', async () => {
    const { token, subscriptionId, orderId } = await orderWithPayPal();
    const early = await verify(token, orderId);
    expect(early.body).toMatchObject({ status: 'pending', paid: false, outcome: 'pending' });
    expect(captureCalls(orderId)).toHaveLength(0);

    paypal.approve(orderId);
    const verified = await verify(token, orderId);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ subscriptionId, status: 'active', paid: true, outcome: 'paid' });
    expect(captureCalls(orderId).map((r) => r.requestId)).toEqual([captureRequestId(orderId)]);
    const captured = paypal.captureOf(orderId);
    const [confirmed] = await eventsOf(subscriptionId, 'PaymentConfirmed');
    expect(confirmed!.data).toMatchObject({ provider: 'paypal', paymentReference: captured.id, amountCents: 453 });
    await subscription(token, subscriptionId, (s) => s.status === 'active');

    // Back on the page again: the order is already captured, nothing is captured twice.
    expect((await verify(token, orderId)).body).toMatchObject({ status: 'active', paid: true });
    expect(captureCalls(orderId)).toHaveLength(1);
    expect((await history(subscriptionId)).filter((t) => t === 'PaymentConfirmed')).toHaveLength(1);
    // One token served every call so far.
    expect(paypal.tokensIssued()).toBe(1);
  });

  it('retries a capture whose answer was lost with the same PayPal-Request-Id, and PayPal captures once', async () => {
    const { token, subscriptionId, orderId } = await orderWithPayPal();
    paypal.approve(orderId);
    paypal.loseNextCaptureAnswer();
    const verified = await verify(token, orderId);
    expect(verified.body).toMatchObject({ subscriptionId, status: 'active', paid: true });
    const calls = captureCalls(orderId);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(calls.map((r) => r.requestId))).toEqual(new Set([captureRequestId(orderId)]));
    expect(
      (paypal.order(orderId)!.purchase_units as Array<{ payments: { captures: unknown[] } }>)[0]!.payments.captures,
    ).toHaveLength(1);
  });

  it('captures on CHECKOUT.ORDER.APPROVED when the payer never comes back, and stores nothing of the payer', async () => {
    const { token, subscriptionId, orderId } = await orderWithPayPal();
    const approved = paypal.notification('CHECKOUT.ORDER.APPROVED', paypal.approve(orderId));
    await deliveredAtOnce(3, () => post(approved));
    await subscription(token, subscriptionId, (s) => s.status === 'active');
    expect(captureCalls(orderId).map((r) => r.requestId)).toEqual([captureRequestId(orderId)]);

    const stored = (await storedNotifications()).find((e) => e.id === `paypal:${approved.id}`)!;
    expect(JSON.stringify(stored.data)).not.toMatch(/camille|Martin/i);
    expect(stored.data.payload).toMatchObject({ eventType: 'CHECKOUT.ORDER.APPROVED', resourceId: orderId });

    // The capture notification that follows confirms nothing more.
    expect((await post(paypal.notification('PAYMENT.CAPTURE.COMPLETED', paypal.captureOf(orderId)))).status).toBe(200);
    expect((await history(subscriptionId)).filter((t) => t === 'PaymentConfirmed')).toHaveLength(1);
  });

  it('refuses a notification whose signature PayPal does not verify with 400 and stores nothing', async () => {
    const { orderId } = await orderWithPayPal();
    paypal.approve(orderId);
    const genuine = paypal.notification('CHECKOUT.ORDER.APPROVED', paypal.order(orderId)!);
    const before = await storedNotifications();

    const forged = await post(genuine, { ...genuine.headers, 'paypal-transmission-sig': 'bm90IGEgc2lnbmF0dXJl' });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('webhook.invalid_signature');
    const tampered = await post({ ...genuine, body: genuine.body.replace(orderId, 'ANOTHERORDER00000') });
    expect(tampered.status).toBe(400);
    const foreignCertificate = await post(genuine, {
      ...genuine.headers,
      'paypal-cert-url': 'https://attacker.example/cert.pem',
    });
    expect(foreignCertificate.status).toBe(400);
    const { 'paypal-transmission-id': _omitted, ...withoutId } = genuine.headers;
    const unsigned = await post(genuine, withoutId);
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.code).toBe('webhook.invalid_signature');
    expect((await request('POST', '/webhooks/paypal', { raw: 'not json', headers: genuine.headers })).status).toBe(400);

    expect(await storedNotifications()).toEqual(before);
    expect(captureCalls(orderId)).toHaveLength(0);
  });

  it('PAYMENT.CAPTURE.REFUNDED cancels the subscription, once', async () => {
    const { token, subscriptionId, orderId } = await orderWithPayPal();
    paypal.approve(orderId);
    await verify(token, orderId);
    await subscription(token, subscriptionId, (s) => s.status === 'active');

    const refunded = paypal.notification('PAYMENT.CAPTURE.REFUNDED', paypal.refund(orderId));
    expect((await post(refunded)).body).toMatchObject({ received: true, duplicate: false });
    expect((await post(refunded)).body).toMatchObject({ received: true, duplicate: true });
    const row = await subscription(token, subscriptionId, (s) => s.status === 'cancelled');
    expect(row.status).toBe('cancelled');
    const refund = await eventsOf(subscriptionId, 'PaymentRefunded');
    expect(refund).toHaveLength(1);
    expect(refund[0]!.data).toMatchObject({ provider: 'paypal', paymentReference: paypal.captureOf(orderId).id });
  });

  it('a declined capture leaves the order pending with payment_failed', async () => {
    const { token, subscriptionId, orderId } = await orderWithPayPal();
    paypal.approve(orderId);
    paypal.nextCaptureStatus('DECLINED');
    expect((await verify(token, orderId)).body).toMatchObject({ status: 'pending', paid: false, outcome: 'failed' });
    const row = await subscription(token, subscriptionId, (s) => s.paymentIssue === 'payment_failed');
    expect(row.status).toBe('pending');
    expect((await post(paypal.notification('PAYMENT.CAPTURE.DENIED', paypal.captureOf(orderId)))).status).toBe(200);
    expect(await history(subscriptionId)).not.toContain('PaymentConfirmed');
  });

  it('neither captures nor confirms a PayPal order the shop never opened, even when it names a real order', async () => {
    const { token, subscriptionId, orderId } = await orderWithPayPal();
    const foreign = await payPalApi('POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [
        { reference_id: subscriptionId, custom_id: subscriptionId, amount: { currency_code: 'EUR', value: '4.53' } },
      ],
    });
    const foreignId = String(foreign.id);

    const approved = paypal.notification('CHECKOUT.ORDER.APPROVED', paypal.approve(foreignId));
    expect((await post(approved)).status).toBe(200);
    await processed(approved.id);
    expect(captureCalls(foreignId)).toHaveLength(0);
    expect(paypal.order(foreignId)?.status).toBe('APPROVED');

    // Captured by whoever opened it: the capture's notification is recorded as unmatched, nothing more.
    await payPalApi('POST', `/v2/checkout/orders/${foreignId}/capture`, {});
    const capture = paypal.captureOf(foreignId);
    expect((await post(paypal.notification('PAYMENT.CAPTURE.COMPLETED', capture))).status).toBe(200);
    await expectUnmatchedPaid(shop.runtime.store, {
      provider: 'paypal',
      sessionId: foreignId,
      paymentReference: String(capture.id),
      amountCents: 453,
      claimedSubscriptionId: subscriptionId,
    });
    expect(await history(subscriptionId)).toEqual(['OrderPlaced', 'PaymentSessionOpened']);

    paypal.approve(orderId);
    expect((await verify(token, orderId)).body).toMatchObject({ subscriptionId, status: 'active', paid: true });
  });
});

describe('refunds through PayPal', () => {
  /** The shop's PayPal provider, talking to the stand-in directly. */
  const provider = () =>
    new PayPalProvider({
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      apiUrl: paypal.url,
      webhookId: paypal.webhookId,
      publicUrl: 'http://shop.test',
      clock: () => new Date(),
      openedByShop: async () => true,
      retryDelayMs: 1,
    });

  async function paidWithPayPal() {
    const order = await orderWithPayPal();
    paypal.approve(order.orderId);
    expect((await verify(order.token, order.orderId)).body).toMatchObject({ status: 'active', paid: true });
    return { ...order, captureId: String(paypal.captureOf(order.orderId).id) };
  }

  /** The subscription's status as its stream says (what the customer's list shows once projected). */
  const statusOf = async (subscriptionId: string) =>
    (await shop.runtime.commands.subscriptions.current(subscriptionId)).status;
  const becomes = (subscriptionId: string, status: string) =>
    eventually(
      () => statusOf(subscriptionId),
      (current) => current === status,
    );

  it('refunds part of the capture then the rest from the back-office, each keyed by PayPal-Request-Id; the notifications that follow add nothing', async () => {
    const admin = await signUpAdmin(shop, { label: 'paypal-refunds', ip: randomIp('10.8') });
    const { subscriptionId, orderId, captureId } = await paidWithPayPal();

    const partial = await refundMade(request, admin.token, {
      subscriptionId,
      amountCents: 153,
      reason: 'A week without service',
      paymentReference: captureId,
    });
    const asked = paypal.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v2/payments/captures/${captureId}/refund`,
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      body: { amount: { value: '1.53', currency_code: 'EUR' } },
      requestId: `refund-${String(partial.body.id)}`,
    });
    expect(paypal.captureOf(orderId).status).toBe('PARTIALLY_REFUNDED');

    // PayPal tells of the refund the shop made: its total is the one already recorded.
    const [first] = paypal.refundsOf(captureId);
    const notice = paypal.notification('PAYMENT.CAPTURE.REFUNDED', first!);
    expect((await post(notice)).status).toBe(200);
    await processed(notice.id);
    const partials = await eventsOf(subscriptionId, 'PartialRefundRecorded');
    expect(partials).toHaveLength(1);
    expect(partials[0]!.data).toMatchObject({ provider: 'paypal', amountCents: 153, refundedTotalCents: 153 });
    expect(await statusOf(subscriptionId)).toBe('active');

    const rest = await askRefund(request, admin.token, subscriptionId, 300, 'Customer left');
    expect(rest.body).toMatchObject({ amountCents: 300, status: 'succeeded' });
    expect(await becomes(subscriptionId, 'cancelled')).toBe('cancelled');
    const [, second] = paypal.refundsOf(captureId);
    expect(second).toMatchObject({
      amount: { value: '3.00', currency_code: 'EUR' },
      seller_payable_breakdown: { total_refunded_amount: { value: '4.53' } },
    });
    const last = paypal.notification('PAYMENT.CAPTURE.REFUNDED', second!);
    await post(last);
    await processed(last.id);
    expect(await eventsOf(subscriptionId, 'PaymentRefunded')).toHaveLength(1);
    expect(await eventsOf(subscriptionId, 'PartialRefundRecorded')).toHaveLength(1);
  });

  it('a refund retried after its answer was lost, or asked again with the same key, is the same refund', async () => {
    const { captureId } = await paidWithPayPal();
    const ask = {
      paymentReference: captureId,
      amountCents: 200,
      currency: 'eur',
      idempotencyKey: `refund-${captureId}`,
    };
    paypal.loseNextRefundAnswer();
    const made = await provider().refund(ask);
    expect(made).toEqual({ providerRefundId: expect.any(String) });
    const again = await provider().refund(ask);
    expect(again).toEqual(made);
    expect(paypal.refundsOf(captureId)).toHaveLength(1);
    const calls = paypal.requests.filter((r) => r.path === `/v2/payments/captures/${captureId}/refund`);
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(new Set(calls.map((r) => r.requestId))).toEqual(new Set([ask.idempotencyKey]));
  });

  it('PayPal refusing more than is left, a fully refunded capture or an unknown one is an answer; PayPal unreachable throws', async () => {
    const { captureId } = await paidWithPayPal();
    const ask = (amountCents: number, key: string, paymentReference = captureId) =>
      provider().refund({ paymentReference, amountCents, currency: 'EUR', idempotencyKey: key });
    expect(await ask(454, 'too-much')).toEqual({ failure: 'REFUND_AMOUNT_EXCEEDED' });
    expect(await ask(400, 'most')).toEqual({ providerRefundId: expect.any(String) });
    expect(await ask(54, 'more-than-left')).toEqual({ failure: 'REFUND_AMOUNT_EXCEEDED' });
    expect(await ask(53, 'the-rest')).toEqual({ providerRefundId: expect.any(String) });
    expect(await ask(1, 'nothing-left')).toEqual({ failure: 'CAPTURE_FULLY_REFUNDED' });
    expect(await ask(1, 'unknown', 'NOSUCHCAPTURE0000')).toEqual({ failure: 'INVALID_RESOURCE_ID' });
    expect(paypal.refundsOf(captureId).map((r) => (r.amount as { value: string }).value)).toEqual(['4.00', '0.53']);

    const unreachable = new PayPalProvider({
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      apiUrl: 'http://127.0.0.1:9',
      webhookId: paypal.webhookId,
      publicUrl: 'http://shop.test',
      clock: () => new Date(),
      openedByShop: async () => true,
      retryDelayMs: 1,
    });
    await expect(
      unreachable.refund({ paymentReference: captureId, amountCents: 1, currency: 'EUR', idempotencyKey: 'down' }),
    ).rejects.toThrow();
  });

  it("a partial refund made from PayPal's dashboard is a partial refund of the subscription; the rest ends it", async () => {
    const { subscriptionId, orderId, captureId } = await paidWithPayPal();
    const partial = paypal.refund(orderId, '1.00');
    const notice = paypal.notification('PAYMENT.CAPTURE.REFUNDED', partial);
    expect((await post(notice)).body).toMatchObject({ received: true, duplicate: false });
    expect((await post(notice)).body).toMatchObject({ received: true, duplicate: true });
    await processed(notice.id);
    const partials = await eventsOf(subscriptionId, 'PartialRefundRecorded');
    expect(partials).toHaveLength(1);
    expect(partials[0]!.data).toMatchObject({
      provider: 'paypal',
      paymentReference: captureId,
      amountCents: 100,
      refundedTotalCents: 100,
      currency: 'EUR',
    });
    expect(await statusOf(subscriptionId)).toBe('active');

    // The rest from the dashboard; then the first refund told again, late, adds nothing.
    const rest = paypal.notification('PAYMENT.CAPTURE.REFUNDED', paypal.refund(orderId));
    await post(rest);
    expect(await becomes(subscriptionId, 'cancelled')).toBe('cancelled');
    const late = paypal.notification('PAYMENT.CAPTURE.REFUNDED', partial);
    await post(late);
    await processed(late.id);
    expect(await eventsOf(subscriptionId, 'PartialRefundRecorded')).toHaveLength(1);
    const refunded = await eventsOf(subscriptionId, 'PaymentRefunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.data).toMatchObject({ paymentReference: captureId, amountCents: 453 });
  });
});

describe('automatic renewal with a provider that keeps no payment method', () => {
  const payssion = useStandIn('payssion', startPayssionStandIn);
  // PayPal and Payssion both on offer, so that each refuses for itself, not for being off.
  const both = useTestShop('paypal_payssion_renewal', {
    plans: true,
    env: () => ({ ...paypal.shopEnv, ...payssion.shopEnv }),
  });

  it('refuses an order to renew itself with PayPal or Payssion with 422 payment.renewal_unsupported, and places nothing', async () => {
    const { token } = await signUpAndSignIn(both.url, { label: 'paypal-renews', ip: randomIp('10.8') });
    const order = (provider: string, autoRenew: boolean) =>
      requestJson(both.url, 'POST', '/api/orders', {
        token,
        ip: randomIp('10.8'),
        body: { planId: 'netflix', months: 1, provider, autoRenew, billingCountry: 'FR' },
      });
    for (const provider of ['paypal', 'payssion']) {
      const refused = await order(provider, true);
      expect(refused.status, provider).toBe(422);
      expect(refused.body).toMatchObject({ code: 'payment.renewal_unsupported' });
    }
    expect(await eventsOfType(both.runtime.store, 'OrderPlaced')).toHaveLength(0);
    // Both are on offer to pay by hand.
    expect((await order('paypal', false)).status).toBe(201);
    expect((await order('payssion', false)).status).toBe(201);
  });
});
