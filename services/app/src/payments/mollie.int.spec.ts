import type { RecordedEvent } from '@shop/event-store';
import { createMollieClient } from '@mollie/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundMade } from '../testing/back-office-refunds.js';
import { deliveredAtOnce, useProviderShop } from '../testing/provider-checkout.js';
import { expectUnmatchedPaid, newCustomerOrder } from '../testing/provider-orders.js';
import { randomIp, requestJson, signUpAdmin } from '../testing/http-customer.js';
import { ADAPTER_PUBLIC_URL, checkoutRequest, renewalCharge } from '../testing/provider-requests.js';
import { HOUR, monthsAfter } from '../testing/shop-clock.js';
import { keptMethod, savedMethodChargingContract } from '../testing/saved-method-charging.js';
import { automaticRenewalInTheShop } from '../testing/renewal-in-the-shop.js';
import { useStandIn } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';
import { MollieProvider } from './mollie-provider.js';
import type { PaymentOutcome } from './payment-provider.js';
import { MOLLIE_TEST_CARDS, startMollieStandIn } from './testing/mollie-stand-in.js';

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
const { request, customer, subscription, history, eventsOf } = customers;

type Json = Record<string, unknown>;

/** Every stored provider notification in the log, by id. */
const storedNotifications = async () => (await customers.storedNotifications()).map((e) => e.id);

/** Mollie's notification: a form with the payment id, nothing else. */
const notify = (paymentId: string) => request('POST', '/webhooks/mollie', { form: `id=${paymentId}` });

async function orderWithMollie(planId?: string, months?: number) {
  const order = await newCustomerOrder(customers, 'mollie', planId, months);
  // The checkout link Mollie gave ends with the payment id.
  const paymentId = String(order.placed.body.redirectUrl).split('/').pop()!;
  expect(paymentId).toMatch(/^tr_/);
  return { ...order, paymentId };
}

/** An order whose payment Mollie says is paid, notified, and the subscription active. */
async function paidWithMollie() {
  const order = await orderWithMollie();
  mollie.setStatus(order.paymentId, 'paid');
  await notify(order.paymentId);
  await subscription(order.token, order.subscriptionId, (s) => s.status === 'active');
  return order;
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
    await deliveredAtOnce(5, () => notify(paymentId));

    const active = await subscription(token, subscriptionId, (s) => s.status === 'active');
    expect(active).toMatchObject({ status: 'active', totalCents: 453, paymentIssue: null });
    expect((await history(subscriptionId)).filter((t) => t === 'PaymentConfirmed')).toHaveLength(1);
    const [confirmed] = await eventsOf(subscriptionId, 'PaymentConfirmed');
    expect(confirmed!.data).toMatchObject({ provider: 'mollie', paymentReference: paymentId, amountCents: 453 });
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
    const [mismatch] = await eventsOf(subscriptionId, 'PaymentMismatchRecorded');
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
    const { token, subscriptionId, paymentId } = await paidWithMollie();
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

    await expectUnmatchedPaid(shop.runtime.store, {
      provider: 'mollie',
      sessionId: foreign.id,
      paymentReference: foreign.id,
      amountCents: 453,
      claimedSubscriptionId: subscriptionId,
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

    const refund = await refundMade(request, admin.token, {
      subscriptionId,
      amountCents: 359,
      reason: 'A month unused',
      paymentReference: paymentId,
    });
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
    const { token, subscriptionId, paymentId } = await paidWithMollie();
    mollie.chargeBack(paymentId);
    await notify(paymentId);
    await notify(paymentId);
    const suspended = await subscription(token, subscriptionId, (s) => s.status === 'suspended');
    expect(suspended).toMatchObject({ paymentIssue: 'disputed' });
    expect((await history(subscriptionId)).filter((t) => t === 'PaymentDisputed')).toHaveLength(1);
  });
});

describe('automatic renewal through Mollie: a mandate from a first payment, charged by recurring payments', () => {
  const PUBLIC_URL = ADAPTER_PUBLIC_URL;
  /** The Mollie adapter as the shop builds it, against the stand-in. */
  const mollieProvider = () =>
    new MollieProvider({ apiKey: mollie.apiKey, apiUrl: mollie.url, publicUrl: PUBLIC_URL, clock: () => new Date() });

  /** What the shop reads of a Mollie notification: the id checked with Mollie, then interpreted. */
  async function interpreted(provider: MollieProvider, paymentId: string): Promise<PaymentOutcome[]> {
    const verified = await provider.verifyWebhook(Buffer.from(`id=${paymentId}`));
    return provider.interpretWebhook(verified.payload);
  }

  /** A first payment paid with `card`: the mandate the shop then holds. */
  async function savedCheckout(card: string = MOLLIE_TEST_CARDS.visa) {
    const provider = mollieProvider();
    const request = checkoutRequest({ saveMethod: true });
    const checkout = await provider.createCheckout(request);
    mollie.setStatus(checkout.sessionId, 'paid', { card });
    const savedMethod = await keptMethod(provider, checkout.sessionId);
    return { provider, request, checkout, savedMethod };
  }

  it('opens a first payment for a new Mollie customer, and the paid outcome names the mandate, from the check and the notification alike', async () => {
    const provider = mollieProvider();
    const request = checkoutRequest({ saveMethod: true });
    const checkout = await provider.createCheckout(request);

    const customerCreate = mollie.requests.find(
      (r) => r.method === 'POST' && r.path === '/v2/customers' && r.body?.email === request.customerEmail,
    )!;
    expect(customerCreate).toBeDefined();
    expect(customerCreate.idempotencyKey).toBe(`${request.idempotencyKey}-customer`);
    const payment = mollie.payment(checkout.sessionId)!;
    expect(payment).toMatchObject({
      sequenceType: 'first',
      customerId: expect.stringMatching(/^cst_/),
      metadata: { subscriptionId: request.subscriptionId },
      webhookUrl: `${PUBLIC_URL}/webhooks/mollie`,
      redirectUrl: `${PUBLIC_URL}/payment-success?session_id=${checkout.sessionId}`,
    });
    expect(mollie.customer(String(payment.customerId))).toMatchObject({ email: request.customerEmail });
    expect(checkout.redirectUrl).toBe(mollie.checkoutUrl(checkout.sessionId));

    mollie.setStatus(checkout.sessionId, 'paid');
    const mandateId = String(mollie.payment(checkout.sessionId)!.mandateId);
    expect(mollie.mandate(mandateId)).toMatchObject({ status: 'valid', customerId: payment.customerId });
    const expected = {
      kind: 'paid',
      subscriptionId: request.subscriptionId,
      sessionId: checkout.sessionId,
      paymentReference: checkout.sessionId,
      amountCents: 453,
      currency: 'EUR',
      savedMethod: { id: mandateId, customerId: payment.customerId, label: 'Visa •••• 4242' },
    };
    expect(await provider.checkSession(checkout.sessionId)).toMatchObject(expected);
    expect(await interpreted(provider, checkout.sessionId)).toEqual([expect.objectContaining(expected)]);
    expect(
      mollie.requests.some(
        (r) => r.method === 'GET' && r.path === `/v2/customers/${String(payment.customerId)}/mandates/${mandateId}`,
      ),
    ).toBe(true);
  });

  it('keeps nothing of an ordinary checkout: no customer, a one-off payment, no method in the paid outcome', async () => {
    const provider = mollieProvider();
    const request = checkoutRequest();
    const checkout = await provider.createCheckout(request);
    expect(mollie.requests.some((r) => r.path === '/v2/customers' && r.body?.email === request.customerEmail)).toBe(
      false,
    );
    expect(mollie.payment(checkout.sessionId)).toMatchObject({ sequenceType: 'oneoff' });
    expect(mollie.payment(checkout.sessionId)!.customerId).toBeUndefined();
    mollie.setStatus(checkout.sessionId, 'paid');
    const checked = await provider.checkSession(checkout.sessionId);
    expect(checked).toMatchObject({ kind: 'paid', sessionId: checkout.sessionId });
    expect(checked).not.toHaveProperty('savedMethod');
  });

  savedMethodChargingContract({
    build: mollieProvider,
    savedCheckout,
    decliningCard: MOLLIE_TEST_CARDS.declineAfterAttaching,
    declineReason: 'card_declined',
    chargeId: /^tr_/,
    renewalChargesOf: (customerId) =>
      mollie.paymentsOf(customerId).filter((payment) => payment.sequenceType === 'recurring').length,
    expectCharged: (charge, paymentId, outcome) => {
      const asked = mollie.requests.filter(
        (r) => r.method === 'POST' && r.path === `/v2/customers/${charge.method.customerId!}/payments`,
      );
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({
        idempotencyKey: charge.idempotencyKey,
        body: {
          sequenceType: 'recurring',
          mandateId: charge.method.id,
          amount: { currency: 'EUR', value: '4.53' },
          description: charge.description,
          webhookUrl: `${PUBLIC_URL}/webhooks/mollie`,
          metadata: { subscriptionId: charge.subscriptionId, renewalId: charge.renewalId },
        },
      });
      expect(mollie.payment(paymentId)).toMatchObject({ status: outcome === 'paid' ? 'paid' : 'failed' });
    },
  });

  it('answers pending when Mollie settles later, and the notification then says paid or failed with the reason, under the payment id', async () => {
    const good = await savedCheckout();
    const bad = await savedCheckout(MOLLIE_TEST_CARDS.declineAfterAttaching);
    mollie.settleRecurringLater(true);
    try {
      const paying = renewalCharge(good.request.subscriptionId, good.savedMethod);
      const failing = renewalCharge(bad.request.subscriptionId, bad.savedMethod);
      const paid = await good.provider.chargeSavedMethod(paying);
      const failed = await bad.provider.chargeSavedMethod(failing);
      expect(paid).toEqual({ sessionId: expect.stringMatching(/^tr_/), outcome: { kind: 'pending' } });
      expect(failed).toEqual({ sessionId: expect.stringMatching(/^tr_/), outcome: { kind: 'pending' } });
      expect(await interpreted(good.provider, paid.sessionId)).toEqual([
        { kind: 'pending', subscriptionId: paying.subscriptionId },
      ]);

      mollie.settle(paid.sessionId);
      mollie.settle(failed.sessionId);
      const [paidOutcome] = await interpreted(good.provider, paid.sessionId);
      expect(paidOutcome).toMatchObject({
        kind: 'paid',
        subscriptionId: paying.subscriptionId,
        sessionId: paid.sessionId,
        paymentReference: paid.sessionId,
        amountCents: 453,
        currency: 'EUR',
      });
      // A renewal keeps no new method: the mandate is the one it was charged on.
      expect(paidOutcome).not.toHaveProperty('savedMethod');
      expect(await interpreted(bad.provider, failed.sessionId)).toEqual([
        {
          kind: 'failed',
          subscriptionId: failing.subscriptionId,
          sessionId: failed.sessionId,
          detail: 'card_declined',
        },
      ]);
    } finally {
      mollie.settleRecurringLater(false);
    }
  });

  it('answers declined when Mollie refuses the recurring payment outright (no valid mandate)', async () => {
    const { provider, request, savedMethod } = await savedCheckout();
    const charge = renewalCharge(request.subscriptionId, { ...savedMethod, id: 'mdt_revoked12345' });
    const answer = await provider.chargeSavedMethod(charge);
    expect(answer.sessionId).toBe(`declined-${charge.idempotencyKey}`);
    expect(answer.outcome).toMatchObject({ kind: 'declined', reason: expect.stringContaining('mandate') });
  });

  it('reads a refund of a recurring payment under its payment id, through the refund API and the notification', async () => {
    const { provider, request, savedMethod } = await savedCheckout();
    const charge = renewalCharge(request.subscriptionId, savedMethod);
    const answer = await provider.chargeSavedMethod(charge);
    expect(answer.outcome.kind).toBe('paid');

    const refund = await provider.refund({
      paymentReference: answer.sessionId,
      amountCents: 153,
      currency: 'EUR',
      idempotencyKey: `refund-${charge.renewalId}`,
    });
    expect(refund).toEqual({ providerRefundId: expect.stringMatching(/^re_/) });
    const payment = {
      subscriptionId: charge.subscriptionId,
      sessionId: answer.sessionId,
      paymentReference: answer.sessionId,
    };
    expect(await interpreted(provider, answer.sessionId)).toEqual([
      expect.objectContaining({ kind: 'paid', ...payment, amountCents: 453 }),
      expect.objectContaining({ kind: 'refunded', ...payment, amountCents: 153, currency: 'EUR' }),
    ]);
    mollie.refund(answer.sessionId);
    expect((await interpreted(provider, answer.sessionId)).at(-1)).toMatchObject({
      kind: 'refunded',
      ...payment,
      amountCents: 453,
    });
  });
});

describe('automatic renewal through Mollie in the shop, on its own clock', () => {
  const recurringOf = (customerId: string) =>
    mollie.paymentsOf(customerId).filter((p) => p.sequenceType === 'recurring');
  /** The recurring payments the shop asked Mollie for, for this customer. */
  const recurringAsked = (customerId: string) =>
    mollie.requests.filter((r) => r.method === 'POST' && r.path === `/v2/customers/${customerId}/payments`);

  const {
    renewing,
    moveClockTo,
    renewingOrder,
    subscriptionRow: renewalRow,
    history: renewingHistory,
    ofType,
  } = automaticRenewalInTheShop({
    name: 'mollie',
    env: () => ({ MOLLIE_API_KEY: mollie.apiKey, MOLLIE_API_URL: mollie.url }),
    ipPrefix: '10.22',
    cards: { paying: MOLLIE_TEST_CARDS.visa, declining: MOLLIE_TEST_CARDS.declineAfterAttaching },
    declineReason: 'card_declined',
    async payCheckout(shop, redirectUrl, card) {
      const paymentId = redirectUrl.split('/').pop()!;
      // A first payment for a Mollie customer, whose mandate the shop keeps once it is paid.
      expect(mollie.payment(paymentId)).toMatchObject({
        sequenceType: 'first',
        customerId: expect.stringMatching(/^cst_/),
      });
      mollie.setStatus(paymentId, 'paid', { card });
      expect((await notifyShop(shop.url, paymentId)).status).toBe(200);
      const payment = mollie.payment(paymentId)!;
      return { customerId: String(payment.customerId), methodId: String(payment.mandateId) };
    },
    renewalCharges: (customerId) =>
      recurringOf(customerId).map((payment) => ({
        id: String(payment.id),
        status: payment.status === 'paid' ? 'paid' : payment.status === 'failed' ? 'declined' : 'pending',
        amountCents: Math.round(Number((payment.amount as Json).value) * 100),
        methodId: String(payment.mandateId),
        subscriptionId: String((payment.metadata as Json).subscriptionId),
      })),
    renewalChargeKeys: (customerId) => recurringAsked(customerId).map((request) => String(request.idempotencyKey)),
    expectRenewalChargeAsked: ({ customerId, methodId, subscriptionId, amountCents }) =>
      expect(recurringAsked(customerId)[0]!.body).toMatchObject({
        sequenceType: 'recurring',
        mandateId: methodId,
        amount: { currency: 'EUR', value: (amountCents / 100).toFixed(2) },
        webhookUrl: expect.stringMatching(/\/webhooks\/mollie$/),
        metadata: { subscriptionId },
      }),
  });

  /** Mollie's notification to the renewing shop: a form with the payment id. */
  const notifyShop = (url: string, paymentId: string) =>
    requestJson(url, 'POST', '/webhooks/mollie', { form: `id=${paymentId}`, ip: '10.22.0.1' });
  const notifyRenewing = (paymentId: string) => notifyShop(renewing.url, paymentId);

  it('waits for a recurring payment Mollie settles later: its notification then renews the subscription, or records the decline', async () => {
    const good = await renewingOrder(MOLLIE_TEST_CARDS.visa);
    const bad = await renewingOrder(MOLLIE_TEST_CARDS.declineAfterAttaching);
    mollie.settleRecurringLater(true);
    try {
      // Both due at about the same time (paid a moment apart): the later of the two.
      const dueAt = [good.row.nextChargeAt, bad.row.nextChargeAt].map(String).sort().at(-1)!;
      await moveClockTo(dueAt);
      expect(await renewing.runtime.automaticRenewals.orderDue()).toBe(2);
      const opened = async (subscriptionId: string) =>
        (
          await eventually(
            async () =>
              (ofType(await renewingHistory(subscriptionId), 'PaymentSessionOpened') as RecordedEvent[]).filter(
                (e) => (e.data as Json).renewalId !== undefined,
              ),
            (events) => events.length > 0,
          )
        )[0];
      const goodOpened = await opened(good.subscriptionId);
      const badOpened = await opened(bad.subscriptionId);
      const [paying] = recurringOf(good.customerId);
      const [failing] = recurringOf(bad.customerId);
      expect(paying).toMatchObject({ status: 'pending' });
      expect(failing).toMatchObject({ status: 'pending' });
      // The charge is the renewal's checkout, under Mollie's payment id; nothing is decided yet.
      expect(goodOpened!.data).toMatchObject({ provider: 'mollie', sessionId: paying!.id });
      expect(badOpened!.data).toMatchObject({ provider: 'mollie', sessionId: failing!.id });
      expect(await renewalRow(good.who, good.subscriptionId, () => true)).toMatchObject({
        expiresAt: good.row.expiresAt,
        renewalFailedAt: null,
      });

      mollie.settle(String(paying!.id));
      mollie.settle(String(failing!.id));
      expect((await notifyRenewing(String(paying!.id))).status).toBe(200);
      expect((await notifyRenewing(String(failing!.id))).status).toBe(200);

      const next = monthsAfter(String(good.row.expiresAt), 1);
      await renewalRow(good.who, good.subscriptionId, (r) => r.expiresAt === next);
      const [renewal, ...twice] = ofType(
        await renewingHistory(good.subscriptionId),
        'SubscriptionRenewed',
      ) as RecordedEvent[];
      expect(twice).toHaveLength(0);
      expect(renewal!.data).toMatchObject({ provider: 'mollie', paymentReference: paying!.id, months: 1 });

      const declined = await renewalRow(bad.who, bad.subscriptionId, (r) => r.renewalFailedAt !== null);
      expect(declined).toMatchObject({
        expiresAt: bad.row.expiresAt,
        renewalRetryAt: new Date(Date.parse(String(declined.renewalFailedAt)) + 24 * HOUR).toISOString(),
      });
      const [failure] = ofType(await renewingHistory(bad.subscriptionId), 'RenewalChargeFailed') as RecordedEvent[];
      expect(failure!.data).toMatchObject({ sessionId: failing!.id, attempt: 1, reason: 'card_declined' });
    } finally {
      mollie.settleRecurringLater(false);
    }
  });

  it('asks Mollie again about a recurring payment whose notification never comes, and renews once it is paid, without charging twice', async () => {
    const customer = await renewingOrder(MOLLIE_TEST_CARDS.visa);
    mollie.settleRecurringLater(true);
    try {
      await moveClockTo(String(customer.row.nextChargeAt));
      expect(await renewing.runtime.automaticRenewals.orderDue()).toBe(1);
      const [pending] = await eventually(
        async () => recurringOf(customer.customerId),
        (payments) => payments.length === 1,
      );
      expect(pending).toMatchObject({ status: 'pending' });
      // Mollie settles it, and its notification is lost.
      mollie.settle(String(pending!.id));
      // The charge's job waits to ask again (a quarter of an hour on the shop's clock); once that
      // time has come, it asks Mollie how it went.
      const waiting = await eventually(
        () =>
          renewing.runtime
            .knex('queued_jobs')
            .where({ name: 'charge-renewal', status: 'pending' })
            .andWhereRaw("data->>'subscriptionId' = ?", [customer.subscriptionId])
            .first<{ run_at: Date } | undefined>('run_at'),
        (job) => job !== undefined && job.run_at.getTime() > Date.parse(String(customer.row.nextChargeAt)) + 60_000,
      );
      await moveClockTo(new Date(waiting!.run_at.getTime() + 60_000));
      const next = monthsAfter(String(customer.row.expiresAt), 1);
      await renewalRow(customer.who, customer.subscriptionId, (r) => r.expiresAt === next);
      const renewals = ofType(await renewingHistory(customer.subscriptionId), 'SubscriptionRenewed') as RecordedEvent[];
      expect(renewals.map((e) => (e.data as Json).paymentReference)).toEqual([pending!.id]);
      expect(recurringOf(customer.customerId)).toHaveLength(1);
    } finally {
      mollie.settleRecurringLater(false);
    }
  });
});
