import { subscriptionStreamId } from '@shop/domain';
import { createMollieClient } from '@mollie/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useProviderShop } from '../testing/provider-checkout.js';
import { randomIp, signUpAdmin } from '../testing/http-customer.js';
import { useStandIn } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';
import { UNMATCHED_PAYMENT_EVENT_TYPE, unmatchedPaymentStreamId } from './payment-service.js';
import { startMollieStandIn } from './testing/mollie-stand-in.js';

/*
 * The real `@mollie/api-client` SDK against a local stand-in for Mollie's API (Mollie's servers
 * cannot be reached here). The SDK only speaks HTTPS and trusts only its own bundled roots, so
 * the stand-in has a throwaway certificate and this test process (a fork of its own) turns
 * certificate checks off while it runs. Nothing else in this process speaks TLS.
 */
const previousTlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

beforeAll(() => {
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
});

afterAll(() => {
  if (previousTlsSetting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTlsSetting;
});

const mollie = useStandIn('mollie', startMollieStandIn);

const { shop, customers } = useProviderShop('mollie', {
  ipPrefix: '10.7',
  env: () => ({ MOLLIE_API_KEY: mollie.apiKey, MOLLIE_API_URL: mollie.url }),
});
const { request, customer, subscription, history } = customers;

/** Every stored provider notification in the log, by id. */
const storedNotifications = async () => (await customers.storedNotifications()).map((e) => e.id);

/** Mollie's notification: a form with the payment id, nothing else. */
const notify = (paymentId: string) => request('POST', '/webhooks/mollie', { form: `id=${paymentId}` });

async function orderWithMollie(planId = 'netflix', months = 1) {
  const { token } = await customer();
  const placed = await request('POST', '/api/orders', { token, body: { planId, months, provider: 'mollie' } });
  expect(placed.status).toBe(201);
  // The checkout link Mollie gave ends with the payment id.
  const paymentId = String(placed.body.redirectUrl).split('/').pop()!;
  expect(paymentId).toMatch(/^tr_/);
  return { token, subscriptionId: placed.body.subscriptionId as string, paymentId, placed };
}

describe('Mollie through the real SDK', () => {
  it('creates the payment with the order total, our webhook and a redirect that carries the payment id', async () => {
    const { placed, paymentId, subscriptionId } = await orderWithMollie('netflix', 3);
    expect(placed.body).toMatchObject({ status: 'pending', totalCents: 1359, currency: 'EUR' });
    expect(placed.body.redirectUrl).toBe(mollie.checkoutUrl(paymentId));
    const publicUrl = shop.runtime.config.publicUrl;
    expect(mollie.payment(paymentId)).toMatchObject({
      amount: { currency: 'EUR', value: '13.59' },
      description: 'Netflix - 3 mois',
      metadata: { subscriptionId },
      locale: 'fr_FR',
      webhookUrl: `${publicUrl}/webhooks/mollie`,
      redirectUrl: `${publicUrl}/payment-success?session_id=${paymentId}`,
      cancelUrl: `${publicUrl}/payment-cancelled?session_id=${paymentId}`,
    });
    const calls = mollie.requests.filter((r) => r.path === '/v2/payments' || r.path === `/v2/payments/${paymentId}`);
    expect(calls.map((r) => r.method)).toEqual(['POST', 'PATCH']);
    expect(calls[0]!.idempotencyKey).toMatch(new RegExp(`^checkout-${subscriptionId}-`));
    expect(await history(subscriptionId)).toEqual(['OrderPlaced', 'PaymentSessionOpened']);
  });

  it('a paid payment notified five times at once is confirmed once and the subscription becomes active', async () => {
    const { token, subscriptionId, paymentId } = await orderWithMollie();
    expect((await notify(paymentId)).status).toBe(200); // still open: stored, changes nothing
    mollie.setStatus(paymentId, 'paid');
    const replies = await Promise.all(Array.from({ length: 5 }, () => notify(paymentId)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.filter((r) => r.body.duplicate === false)).toHaveLength(1);

    const active = await subscription(token, subscriptionId, (s) => s.status === 'active');
    expect(active).toMatchObject({ status: 'active', totalCents: 453, paymentIssue: null });
    expect((await history(subscriptionId)).filter((t) => t === 'PaymentConfirmed')).toHaveLength(1);
    const confirmed = (await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId))).find(
      (e) => e.type === 'PaymentConfirmed',
    )!;
    expect(confirmed.data).toMatchObject({ provider: 'mollie', paymentReference: paymentId, amountCents: 453 });
    const stored = await storedNotifications();
    expect(stored.filter((id) => id.startsWith(`mollie:${paymentId}:`)).sort()).toEqual([
      `mollie:${paymentId}:open`,
      `mollie:${paymentId}:paid`,
    ]);
  });

  it('refuses a notification without a well-formed, known payment id with 400 and stores nothing', async () => {
    const before = await storedNotifications();
    for (const form of ['id=not-a-payment', 'id=tr_abc%3Bdrop', '', 'id=tr_', 'id=tr_unknown12345']) {
      const reply = await request('POST', '/webhooks/mollie', { form });
      expect(reply.status, form).toBe(400);
      expect(reply.body.code).toBe('webhook.invalid_signature');
    }
    const json = await request('POST', '/webhooks/mollie', { body: { id: 'tr_x' } });
    expect(json.status).toBe(400);
    expect(await storedNotifications()).toEqual(before);
  });

  it.each([
    ['failed', 'payment_failed'],
    ['canceled', 'payment_canceled'],
    ['expired', 'payment_expired'],
  ] as const)('a payment that ends %s leaves the order pending with the matching issue', async (status, issue) => {
    const { token, subscriptionId, paymentId } = await orderWithMollie('spotify');
    mollie.setStatus(paymentId, status);
    expect((await notify(paymentId)).status).toBe(200);
    const row = await subscription(token, subscriptionId, (s) => s.paymentIssue === issue);
    expect(row).toMatchObject({ status: 'pending', paymentIssue: issue });
    expect(await history(subscriptionId)).toEqual(['OrderPlaced', 'PaymentSessionOpened', 'PaymentAttemptFailed']);
  });

  it('records a payment of another amount as a mismatch and does not activate the order', async () => {
    const { token, subscriptionId, paymentId } = await orderWithMollie();
    mollie.setAmount(paymentId, '0.45');
    mollie.setStatus(paymentId, 'paid');
    expect((await notify(paymentId)).status).toBe(200);
    const row = await subscription(token, subscriptionId, (s) => s.paymentIssue === 'amount_mismatch');
    expect(row.status).toBe('pending');
    const mismatch = (await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId))).find(
      (e) => e.type === 'PaymentMismatchRecorded',
    );
    expect(mismatch?.data).toMatchObject({
      provider: 'mollie',
      paymentReference: paymentId,
      amountCents: 45,
      expectedAmountCents: 453,
    });
    expect(await history(subscriptionId)).not.toContain('PaymentConfirmed');
  });

  it('the success page verifies by payment id and fulfils through the same path as the notification', async () => {
    const { token, subscriptionId, paymentId } = await orderWithMollie();
    const early = await request('GET', `/api/payments/verify?session_id=${paymentId}`, { token });
    expect(early.body).toMatchObject({ subscriptionId, status: 'pending', paid: false, outcome: 'pending' });

    mollie.setStatus(paymentId, 'paid');
    const verified = await request('GET', `/api/payments/verify?session_id=${paymentId}`, { token });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ subscriptionId, status: 'active', paid: true, outcome: 'paid' });
    expect((await notify(paymentId)).status).toBe(200);
    await subscription(token, subscriptionId, (s) => s.status === 'active');
    expect((await request('GET', `/api/payments/verify?session_id=${paymentId}`, { token })).body.paid).toBe(true);
    expect((await history(subscriptionId)).filter((t) => t === 'PaymentConfirmed')).toHaveLength(1);

    const stranger = await customer();
    const foreign = await request('GET', `/api/payments/verify?session_id=${paymentId}`, { token: stranger.token });
    expect(foreign.status).toBe(404);
  });

  it('a full refund notified later is a new notification and cancels the subscription', async () => {
    const { token, subscriptionId, paymentId } = await orderWithMollie();
    mollie.setStatus(paymentId, 'paid');
    await notify(paymentId);
    await subscription(token, subscriptionId, (s) => s.status === 'active');
    mollie.refund(paymentId);
    const refunded = await notify(paymentId);
    expect(refunded.body).toMatchObject({ received: true, duplicate: false });
    const row = await subscription(token, subscriptionId, (s) => s.status === 'cancelled');
    expect(row.status).toBe('cancelled');
    expect((await history(subscriptionId)).filter((t) => t === 'PaymentRefunded')).toHaveLength(1);
  });

  it('records a paid payment the shop never opened as unmatched, even when its metadata names a real order', async () => {
    const { token, subscriptionId, paymentId } = await orderWithMollie();
    // Made with the same API key by something else than the shop's checkout.
    const elsewhere = createMollieClient({ apiKey: mollie.apiKey, apiEndpoint: mollie.url });
    const foreign = await elsewhere.payments.create({
      amount: { currency: 'EUR', value: '4.53' },
      description: 'Elsewhere',
      redirectUrl: 'https://elsewhere.example/done',
      metadata: { subscriptionId },
    });
    mollie.setStatus(foreign.id, 'paid');
    expect((await notify(foreign.id)).status).toBe(200);

    const [recorded] = await eventually(
      () => shop.runtime.store.readStream(unmatchedPaymentStreamId('mollie', foreign.id)),
      (events) => events.length > 0,
    );
    expect(recorded).toMatchObject({
      type: UNMATCHED_PAYMENT_EVENT_TYPE,
      data: {
        provider: 'mollie',
        kind: 'paid',
        sessionId: foreign.id,
        paymentReference: foreign.id,
        amountCents: 453,
        currency: 'EUR',
        claimedSubscriptionId: subscriptionId,
      },
    });
    expect(await history(subscriptionId)).toEqual(['OrderPlaced', 'PaymentSessionOpened']);

    mollie.setStatus(paymentId, 'paid');
    expect((await notify(paymentId)).status).toBe(200);
    await subscription(token, subscriptionId, (s) => s.status === 'active');
  });
});

describe('refunds through Mollie', () => {
  it('refunds part of a payment through the SDK, the notification that follows adds nothing, and the rest refunded from the dashboard ends it', async () => {
    const admin = await signUpAdmin(shop, { label: 'mollie-refunds', ip: randomIp('10.7') });
    const { token, subscriptionId, paymentId } = await orderWithMollie('netflix', 3);
    mollie.setStatus(paymentId, 'paid');
    await notify(paymentId);
    await subscription(token, subscriptionId, (s) => s.status === 'active');

    const refund = await request('POST', `/api/admin/subscriptions/${subscriptionId}/refunds`, {
      token: admin.token,
      body: { amountCents: 359, reason: 'A month unused' },
    });
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({ paymentReference: paymentId, amountCents: 359, status: 'succeeded' });
    const asked = mollie.requests.filter((r) => r.method === 'POST' && r.path === `/v2/payments/${paymentId}/refunds`);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      body: { amount: { currency: 'EUR', value: '3.59' } },
      idempotencyKey: `refund-${String(refund.body.id)}`,
    });
    expect(mollie.payment(paymentId)).toMatchObject({ amountRefunded: { value: '3.59' } });

    // Mollie notifies the payment again: its refunded total is the one already recorded.
    await notify(paymentId);
    const partly = await subscription(token, subscriptionId, () => true);
    expect(partly).toMatchObject({ status: 'active' });

    mollie.refund(paymentId);
    await notify(paymentId);
    await subscription(token, subscriptionId, (s) => s.status === 'cancelled');
    const types = await history(subscriptionId);
    expect(types.filter((t) => t === 'PartialRefundRecorded')).toHaveLength(1);
    expect(types.filter((t) => t === 'PaymentRefunded')).toHaveLength(1);
  });
});

describe('chargebacks through Mollie', () => {
  it('suspends the subscription when the bank takes the payment back', async () => {
    const { token, subscriptionId, paymentId } = await orderWithMollie();
    mollie.setStatus(paymentId, 'paid');
    await notify(paymentId);
    await subscription(token, subscriptionId, (s) => s.status === 'active');
    mollie.chargeBack(paymentId);
    await notify(paymentId);
    await notify(paymentId);
    const suspended = await subscription(token, subscriptionId, (s) => s.status === 'suspended');
    expect(suspended).toMatchObject({ paymentIssue: 'disputed' });
    expect((await history(subscriptionId)).filter((t) => t === 'PaymentDisputed')).toHaveLength(1);
  });
});
