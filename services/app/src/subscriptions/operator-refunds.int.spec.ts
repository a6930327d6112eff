import { randomUUID } from 'node:crypto';
import { addMonthsUtc, subscriptionStreamId } from '@shop/domain';
import { subscriptionFigures } from '@shop/projections';
import { describe, expect, it } from 'vitest';
import { askRefund } from '../testing/back-office-refunds.js';
import { randomIp, requestJson, signUpAdmin, signUpAndSignIn, type JsonRequest } from '../testing/http-customer.js';
import { eventually } from '../testing/test-shop.js';
import { useTestShop } from '../testing/shop-under-test.js';

const shop = useTestShop('operator-refunds', { plans: 5 });

const request = (method: string, path: string, options: JsonRequest = {}) =>
  requestJson(shop.url, method, path, { redirect: 'manual', ip: randomIp('10.41'), ...options });

/** Three months of Netflix (13,59 €) ordered and paid on the sandbox page by a new customer. */
async function paidNetflix() {
  const who = await signUpAndSignIn(shop.url, { label: 'refunded', ip: randomIp('10.41') });
  const placed = await request('POST', '/api/orders', {
    token: who.token,
    body: { planId: 'netflix', months: 3, provider: 'sandbox', billingCountry: 'FR' },
  });
  const sessionId = String(placed.body.redirectUrl).split('/').pop()!;
  await request('POST', `/sandbox/sessions/${sessionId}/pay`, { token: who.token });
  const subscriptionId = String(placed.body.subscriptionId);
  await mySubscription(who.token, subscriptionId, (row) => row.status === 'active');
  return { ...who, subscriptionId, sessionId };
}

async function mySubscription(token: string, id: string, accept: (row: Record<string, unknown>) => boolean) {
  const reply = await eventually(
    () => request('GET', '/api/me/subscriptions', { token }),
    (r) => (r.body.data as Array<Record<string, unknown>>).some((row) => row.id === id && accept(row)),
  );
  return reply.body;
}

/** The dashboard as of now, folded from the log, says the same as the read models. */
async function expectFiguresAsOfNowLikeLive(token: string) {
  const live = (await request('GET', '/api/admin/stats', { token })).body;
  const asOf = await request('GET', `/api/admin/stats?asOf=${encodeURIComponent(new Date().toISOString())}`, {
    token,
  });
  expect(asOf.body.totalRevenueCents).toBe(live.totalRevenueCents);
  expect(asOf.body.revenueByDay).toEqual(live.revenueByDay);
  expect(asOf.body.activeSubscriptions).toBe(live.activeSubscriptions);
}

const eventTypes = async (subscriptionId: string) =>
  (await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId))).map((e) => ({
    type: e.type,
    actor: (e.metadata as { actor?: { type: string } }).actor?.type,
  }));

describe('refunds by the operator', () => {
  it('gives back part of a payment (the subscription stays), then the rest (it ends), never more than was paid', async () => {
    const admin = await signUpAdmin(shop, { label: 'refunder', ip: randomIp('10.41') });
    const { token, subscriptionId, sessionId } = await paidNetflix();

    const partial = await askRefund(request, admin.token, subscriptionId, 500, 'Service down for a week');
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({
      paymentReference: sessionId,
      amountCents: 500,
      currency: 'EUR',
      status: 'succeeded',
      reason: 'Service down for a week',
    });
    const figures = await mySubscription(token, subscriptionId, () => true);
    expect(figures).toMatchObject({ activeCount: 1 });
    await eventually(
      async () => (await request('GET', '/api/me/subscriptions', { token })).body,
      (body) => body.totalSpentCents === 1359 - 500,
    );

    const money = await request('GET', `/api/admin/subscriptions/${subscriptionId}/payments`, { token: admin.token });
    expect(money.body.payments).toEqual([
      expect.objectContaining({
        reference: sessionId,
        kind: 'order',
        amountCents: 1359,
        refundedCents: 500,
        pendingRefundCents: 0,
        refundableCents: 859,
      }),
    ]);

    const tooMuch = await askRefund(request, admin.token, subscriptionId, 900, 'All of it');
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ code: 'refund.exceeds_payment', refundableCents: 859 });

    const rest = await askRefund(request, admin.token, subscriptionId, 859, 'Customer left');
    expect(rest.body).toMatchObject({ status: 'succeeded', amountCents: 859 });
    await mySubscription(token, subscriptionId, (row) => row.status === 'cancelled');

    const recorded = await eventTypes(subscriptionId);
    expect(recorded.filter((e) => e.type === 'RefundInitiated')).toEqual([
      { type: 'RefundInitiated', actor: 'admin' },
      { type: 'RefundInitiated', actor: 'admin' },
    ]);
    expect(recorded.map((e) => e.type)).toEqual(
      expect.arrayContaining(['PartialRefundRecorded', 'PaymentRefunded', 'RefundSettled']),
    );
    // Nothing of this order counts as revenue any more, its partial refund included.
    const row = await shop.runtime.knex('subscriptions').where({ id: subscriptionId }).first();
    expect(row).toMatchObject({ status: 'cancelled', status_reason: 'refunded', refunded_cents: 0 });

    const nothingLeft = await askRefund(request, admin.token, subscriptionId, 1, 'Again');
    expect(nothingLeft.status).toBe(409);
    expect(nothingLeft.body).toMatchObject({ code: 'refund.nothing_to_refund' });
  });

  it('ends a subscription that renewed itself: renewal off, and turning it back on or cancelling is refused', async () => {
    const admin = await signUpAdmin(shop, { label: 'renewal-refunder', ip: randomIp('10.41') });
    const who = await signUpAndSignIn(shop.url, { label: 'renewing', ip: randomIp('10.41') });
    const placed = await request('POST', '/api/orders', {
      token: who.token,
      body: { planId: 'netflix', months: 3, provider: 'sandbox', autoRenew: true, billingCountry: 'FR' },
    });
    const subscriptionId = String(placed.body.subscriptionId);
    const sessionId = String(placed.body.redirectUrl).split('/').pop()!;
    const paid = await fetch(`${shop.url}/sandbox/sessions/${sessionId}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Authorization: `Bearer ${who.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'card=4242424242424242',
    });
    expect(paid.status).toBe(303);
    await mySubscription(who.token, subscriptionId, (row) => row.status === 'active' && row.autoRenew === true);
    const cancelled = await request('POST', `/api/me/subscriptions/${subscriptionId}/cancel`, {
      token: who.token,
      body: {},
    });
    expect(cancelled.status).toBe(200);

    expect((await askRefund(request, admin.token, subscriptionId, 1359, 'Customer left')).status).toBe(201);
    await mySubscription(who.token, subscriptionId, (row) => row.status === 'cancelled' && row.autoRenew === false);
    const before = (await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId))).length;
    for (const [method, path, body] of [
      ['PUT', 'auto-renew', { enabled: true }],
      ['PUT', 'auto-renew', { enabled: false }],
      ['POST', 'cancel', {}],
    ] as const) {
      const refused = await request(method, `/api/me/subscriptions/${subscriptionId}/${path}`, {
        token: who.token,
        body,
      });
      expect([path, refused.status, refused.body.code]).toEqual([path, 409, 'subscription.not_active']);
    }
    expect((await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId))).length).toBe(before);
  });

  it('makes a retried refund once, and counts the refund on its day in the revenue', async () => {
    const admin = await signUpAdmin(shop, { label: 'retrier', ip: randomIp('10.41') });
    const { subscriptionId } = await paidNetflix();
    const before = await subscriptionFigures(shop.runtime.knex, new Date());
    const key = randomUUID();
    const ask = () => askRefund(request, admin.token, subscriptionId, 300, 'Gesture', { 'Idempotency-Key': key });
    const first = await ask();
    const again = await ask();
    expect(again.body).toEqual(first.body);
    expect((await eventTypes(subscriptionId)).filter((e) => e.type === 'RefundInitiated')).toHaveLength(1);
    // The figures are read in one snapshot: once the total has the refund, its day has it too.
    const after = await eventually(
      () => subscriptionFigures(shop.runtime.knex, new Date()),
      (figures) => figures.totalRevenueCents === before.totalRevenueCents - 300,
    );
    expect(after.revenueByDay.at(-1)!.cents).toBe(before.revenueByDay.at(-1)!.cents - 300);
  });

  it('records each of refunds asked at once with its own money, one refund of a payment at a time', async () => {
    const admin = await signUpAdmin(shop, { label: 'at-once', ip: randomIp('10.41') });
    const { subscriptionId } = await paidNetflix();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => askRefund(request, admin.token, subscriptionId, 100, `Geste ${i}`)),
    );
    const made = answers.filter((answer) => answer.status === 201);
    const waiting = answers.filter((answer) => answer.status !== 201);
    expect(made.length).toBeGreaterThanOrEqual(1);
    // Refused while another is on its way (or, rarely, overtaken on the stream more often than it
    // retries: a 409 to send again); never recorded.
    for (const answer of waiting) {
      expect(answer.status).toBe(409);
      expect(['refund.in_progress', 'event_store.concurrency']).toContain(answer.body.code);
    }
    // Each refund made is recorded on its own, with its own amount: one credit note and one notice each.
    const recorded = (await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId)))
      .filter((event) => event.type === 'PartialRefundRecorded')
      .map((event) => event.data as { amountCents: number; refundId: string });
    expect(recorded.map((event) => event.amountCents)).toEqual(made.map(() => 100));
    expect(new Set(recorded.map((event) => event.refundId))).toEqual(new Set(made.map((answer) => answer.body.id)));
  });

  it("gives back the whole order after a renewal was paid: the order's months come off, the renewal's stay", async () => {
    const admin = await signUpAdmin(shop, { label: 'order-refunder', ip: randomIp('10.41') });
    const { token, subscriptionId, sessionId: orderPayment } = await paidNetflix();
    const paid = (await mySubscription(token, subscriptionId, () => true)) as { data: Array<Record<string, unknown>> };
    const orderExpiry = String(paid.data.find((row) => row.id === subscriptionId)!.expiresAt);
    const renewal = await request('POST', `/api/me/subscriptions/${subscriptionId}/renew`, {
      token,
      body: { months: 1, provider: 'sandbox', billingCountry: 'FR' },
    });
    expect(renewal.status, JSON.stringify(renewal.body)).toBe(201);
    const renewalSession = String(renewal.body.redirectUrl).split('/').pop()!;
    await request('POST', `/sandbox/sessions/${renewalSession}/pay`, { token });
    const renewedExpiry = addMonthsUtc(orderExpiry, 1).toISOString();
    await mySubscription(token, subscriptionId, (row) => row.expiresAt === renewedExpiry);
    const before = await subscriptionFigures(shop.runtime.knex, new Date());

    const refund = await request('POST', `/api/admin/subscriptions/${subscriptionId}/refunds`, {
      token: admin.token,
      body: { amountCents: 1359, reason: 'Ordered the wrong plan first', paymentReference: orderPayment },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(refund.body).toMatchObject({ paymentReference: orderPayment, amountCents: 1359, status: 'succeeded' });

    // Still running, on the month the renewal paid: three months earlier than it was.
    const expected = addMonthsUtc(renewedExpiry, -3).toISOString();
    const row = await mySubscription(token, subscriptionId, (r) => r.expiresAt === expected);
    expect((row as { data: Array<Record<string, unknown>> }).data.find((r) => r.id === subscriptionId)).toMatchObject({
      status: 'active',
      expiresAt: expected,
    });
    expect((await eventTypes(subscriptionId)).map((e) => e.type)).toEqual(
      expect.arrayContaining(['SubscriptionRenewed', 'OrderRefunded', 'RefundSettled']),
    );
    expect((await eventTypes(subscriptionId)).map((e) => e.type)).not.toContain('PaymentRefunded');
    // The renewal's money stays in the revenue and in what the customer spent; the order's went back.
    const after = await eventually(
      () => subscriptionFigures(shop.runtime.knex, new Date()),
      (figures) => figures.totalRevenueCents === before.totalRevenueCents - 1359,
    );
    expect(after.revenueByDay.at(-1)!.cents).toBe(before.revenueByDay.at(-1)!.cents - 1359);
    expect(after.activeSubscriptions).toBe(before.activeSubscriptions);
    const spent = await request('GET', '/api/me/subscriptions', { token });
    // A month of Netflix at the catalogue's price.
    expect(spent.body.totalSpentCents).toBe(453);
    // The order's invoice corrected by a credit note of its whole amount.
    const documents = await eventually(
      () => request('GET', '/api/me/invoices', { token }),
      (reply) => (reply.body.data as Array<{ kind: string }>).some((d) => d.kind === 'credit_note'),
    );
    const credit = (documents.body.data as Array<{ kind: string; paymentReference: string; grossCents: number }>).find(
      (d) => d.kind === 'credit_note',
    );
    expect(credit).toMatchObject({ paymentReference: orderPayment, grossCents: -1359 });
    await expectFiguresAsOfNowLikeLive(admin.token);

    // The renewal given back too: nothing paid is kept, so it ends as refunded, now (not at an
    // expiry gone back into the past, which the expiry sweep would call expired).
    const last = await request('POST', `/api/admin/subscriptions/${subscriptionId}/refunds`, {
      token: admin.token,
      body: { amountCents: 453, reason: 'Not wanted after all', paymentReference: renewalSession },
    });
    expect(last.status, JSON.stringify(last.body)).toBe(201);
    const ended = await eventually(
      () => request('GET', `/api/admin/subscriptions/${subscriptionId}`, { token: admin.token }),
      (reply) => reply.body.status !== 'active',
    );
    expect(ended.body).toMatchObject({ status: 'cancelled', statusReason: 'refunded' });
    expect((await eventTypes(subscriptionId)).map((e) => e.type)).not.toContain('SubscriptionExpired');
    const none = await eventually(
      () => subscriptionFigures(shop.runtime.knex, new Date()),
      (figures) => figures.totalRevenueCents === before.totalRevenueCents - 1359 - 453,
    );
    expect(none.activeSubscriptions).toBe(before.activeSubscriptions - 1);
    const nothingSpent = await request('GET', '/api/me/subscriptions', { token });
    expect(nothingSpent.body).toMatchObject({
      totalSpentCents: 0,
      activeCount: 0,
      data: [{ id: subscriptionId, status: 'cancelled', paidCents: 0 }],
    });
    await expectFiguresAsOfNowLikeLive(admin.token);
  });

  it('refuses a payment the shop cannot refund through its provider, bad amounts, and customers', async () => {
    const admin = await signUpAdmin(shop, { label: 'careful', ip: randomIp('10.41') });
    const customer = await signUpAndSignIn(shop.url, { label: 'granted', ip: randomIp('10.41') });
    const granted = await request('POST', `/api/admin/users/${customer.userId}/subscriptions`, {
      token: admin.token,
      body: { planId: 'netflix', months: 1, customPriceCents: 400 },
    });
    expect(granted.status).toBe(201);
    const grantedId = String(granted.body.subscriptionId);
    const outside = await askRefund(request, admin.token, grantedId, 100, 'Gesture');
    expect(outside.status).toBe(422);
    expect(outside.body).toMatchObject({ code: 'refund.unsupported_provider' });

    const { subscriptionId, token } = await paidNetflix();
    for (const body of [{ amountCents: 0, reason: 'x' }, { amountCents: 100 }, { amountCents: 1.5, reason: 'x' }]) {
      const bad = await request('POST', `/api/admin/subscriptions/${subscriptionId}/refunds`, {
        token: admin.token,
        body,
      });
      expect(bad.status).toBe(400);
    }
    const byCustomer = await askRefund(request, token, subscriptionId, 100, 'I want my money');
    expect(byCustomer.status).toBe(403);
    expect((await eventTypes(subscriptionId)).some((e) => e.type === 'RefundInitiated')).toBe(false);
  });
});
