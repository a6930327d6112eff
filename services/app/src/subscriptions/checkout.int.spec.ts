import { randomUUID } from 'node:crypto';
import { promoStreamId, promotionDecider, subscriptionStreamId } from '@shop/domain';
import { handleCommand } from '@shop/event-store';
import { activeState, paymentSessionsProjection, physicalTableName } from '@shop/projections';
import { describe, expect, it } from 'vitest';
import { BullmqJobQueue } from '../jobs/bullmq-queue.js';
import { randomIp, requestJson, type JsonRequest } from '../testing/http-customer.js';
import { crashOnInsert } from '../testing/injected-crash.js';
import { eventually } from '../testing/test-shop.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { SANDBOX_SIGNATURE_HEADER } from '../payments/sandbox-provider.js';

const shop = useTestShop('checkout', { redis: true, plans: 5 });

const request = (method: string, path: string, options: JsonRequest = {}) =>
  requestJson(shop.url, method, path, { redirect: 'manual', ip: randomIp('10.9'), ...options });

async function customer() {
  const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
  await request('POST', '/api/auth/sign-up', { body: { email, password: 'a good password' } });
  const signIn = await request('POST', '/api/auth/sign-in', { body: { email, password: 'a good password' } });
  return { email, token: signIn.body.accessToken as string };
}

/** An order billed in France unless `body` says otherwise. */
const order = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  request('POST', '/api/orders', { token, body: { billingCountry: 'FR', ...body }, headers });
/** Netflix for 3 months with the launch code (1359 - 136 = 1223 cents), paid in the sandbox. */
const netflixWithLaunchCode = { planId: 'netflix', months: 3, promoCode: 'BIENVENUE10', provider: 'sandbox' };
/** Netflix for a month, paid in the sandbox. */
const netflixForAMonth = { planId: 'netflix', months: 1, provider: 'sandbox' };
const sessionOf = (redirectUrl: unknown) => String(redirectUrl).split('/').pop()!;
const mySubscriptions = (token: string) => request('GET', '/api/me/subscriptions', { token });
const history = async (subscriptionId: string) =>
  (await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId))).map((e) => e.type);

/** Once the customer's subscriptions are projected, they hold exactly one: a retried order placed no second one. */
async function expectOneSubscription(token: string) {
  const rows = await eventually(
    async () => (await mySubscriptions(token)).body.data as unknown[],
    (r) => r.length >= 1,
  );
  expect(rows).toHaveLength(1);
}

async function subscriptionStatus(token: string, subscriptionId: string, wanted: string) {
  const reply = await eventually(
    () => mySubscriptions(token),
    (r) =>
      (r.body.data as Array<{ id: string; status: string }>).some(
        (s) => s.id === subscriptionId && s.status === wanted,
      ),
  );
  return (reply.body.data as Array<Record<string, unknown>>).find((s) => s.id === subscriptionId)!;
}

/** Builds a notification signed as the sandbox signs it. */
function signedSandboxWebhook(payload: Record<string, unknown>) {
  const body = Buffer.from(JSON.stringify(payload));
  return { body, signature: shop.runtime.sandbox!.sign(body) };
}
const postWebhook = (body: Buffer, signature: string) =>
  fetch(`${shop.url}/webhooks/sandbox`, {
    method: 'POST',
    headers: { [SANDBOX_SIGNATURE_HEADER]: signature, 'Content-Type': 'application/json' },
    body,
  });

describe('checkout with the built-in sandbox', () => {
  it('orders 3 months with the promo code, pays on the sandbox page, and the subscription becomes active with its expiry job scheduled', async () => {
    const { token } = await customer();
    const check = await request('POST', '/api/promo-codes/check', {
      body: { code: ' bienvenue10 ', planId: 'netflix', months: 3 },
    });
    expect(check.body).toMatchObject({
      valid: true,
      code: 'BIENVENUE10',
      percentOff: 10,
      subtotalCents: 1359,
      discountCents: 136,
      totalCents: 1223,
    });
    expect(
      (await request('POST', '/api/promo-codes/check', { body: { code: 'NOPE', planId: 'netflix', months: 3 } })).body,
    ).toMatchObject({
      valid: false,
      reason: 'promo.unknown',
    });

    const placed = await order(token, { ...netflixWithLaunchCode, promoCode: ' bienvenue10 ' });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ status: 'pending', totalCents: 1223, currency: 'EUR' });
    expect(placed.body.redirectUrl).toMatch(/\/sandbox\/checkout\/sbx_[0-9a-f]+$/);
    const subscriptionId = placed.body.subscriptionId as string;

    const page = await fetch(`${shop.url}/sandbox/checkout/${sessionOf(placed.body.redirectUrl)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const html = await page.text();
    expect(html).toContain('Netflix - 3 mois');
    expect(html).toMatch(/12,23\s€/);

    const paid = await request('POST', `/sandbox/sessions/${sessionOf(placed.body.redirectUrl)}/pay`, { token });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(/\/payment-success\?session_id=sbx_/);

    const active = await subscriptionStatus(token, subscriptionId, 'active');
    expect(active).toMatchObject({ planName: 'Netflix', months: 3, totalCents: 1223, logo: '/logos/netflix.svg' });
    const verify = await request('GET', `/api/payments/verify?session_id=${sessionOf(placed.body.redirectUrl)}`, {
      token,
    });
    expect(verify.body).toMatchObject({ subscriptionId, status: 'active', paid: true });
    expect((await history(subscriptionId)).filter((t) => t === 'PaymentConfirmed')).toHaveLength(1);

    const confirmed = (await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId))).find(
      (e) => e.type === 'PaymentConfirmed',
    )!;
    const job = await eventually(
      () => (shop.runtime.queue as BullmqJobQueue).jobState(confirmed.id),
      (j) => j !== null,
    );
    expect(job).toMatchObject({ state: 'delayed', data: { subscriptionId } });

    const figures = await mySubscriptions(token);
    expect(figures.body).toMatchObject({ activeCount: 1, totalSpentCents: 1223 });
  });

  it('brings a customer who ordered in English back to the English pages, paid or cancelled', async () => {
    const { token } = await customer();
    const english = { 'Accept-Language': 'en' };
    const paidOrder = await order(token, netflixForAMonth, english);
    const paid = await request('POST', `/sandbox/sessions/${sessionOf(paidOrder.body.redirectUrl)}/pay`, { token });
    expect(new URL(paid.headers.get('location')!, shop.url).pathname).toBe('/en/payment-success');
    const leftOrder = await order(token, netflixForAMonth, english);
    const left = await request('POST', `/sandbox/sessions/${sessionOf(leftOrder.body.redirectUrl)}/cancel`, { token });
    expect(new URL(left.headers.get('location')!, shop.url).pathname).toBe('/en/payment-cancelled');
    // In French (the default), the addresses have no prefix.
    const french = await order(token, netflixForAMonth, { 'Accept-Language': 'fr' });
    const paidInFrench = await request('POST', `/sandbox/sessions/${sessionOf(french.body.redirectUrl)}/pay`, {
      token,
    });
    expect(new URL(paidInFrench.headers.get('location')!, shop.url).pathname).toBe('/payment-success');
  });

  it('cancelling on the sandbox leaves the order pending and says so; it can be finalised later', async () => {
    const { token } = await customer();
    const placed = await order(token, { planId: 'spotify', months: 1, provider: 'sandbox' });
    const cancelled = await request('POST', `/sandbox/sessions/${sessionOf(placed.body.redirectUrl)}/cancel`, {
      token,
    });
    expect(cancelled.headers.get('location')).toMatch(/\/payment-cancelled\?session_id=/);
    const pending = await eventually(
      async () => (await mySubscriptions(token)).body.data as Array<Record<string, unknown>>,
      (rows) => rows[0]?.paymentIssue === 'payment_canceled',
    );
    expect(pending[0]).toMatchObject({ status: 'pending', paymentIssue: 'payment_canceled' });

    const again = await request('POST', `/api/orders/${placed.body.subscriptionId as string}/checkout`, {
      token,
      body: {},
    });
    expect(again.status).toBe(200);
    expect(sessionOf(again.body.redirectUrl)).not.toBe(sessionOf(placed.body.redirectUrl));
    await request('POST', `/sandbox/sessions/${sessionOf(again.body.redirectUrl)}/pay`, { token });
    await subscriptionStatus(token, placed.body.subscriptionId as string, 'active');
    const finaliseActive = await request('POST', `/api/orders/${placed.body.subscriptionId as string}/checkout`, {
      token,
      body: {},
    });
    expect(finaliseActive.body.code).toBe('subscription.not_pending');
  });

  it('names the payment on the provider’s page in the language the customer ordered in', async () => {
    const { token } = await customer();
    const english = await order(
      token,
      { planId: 'netflix', months: 3, provider: 'sandbox' },
      { 'accept-language': 'en' },
    );
    expect(english.status).toBe(201);
    const page = await fetch(`${shop.url}/sandbox/checkout/${sessionOf(english.body.redirectUrl)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const html = await page.text();
    expect(html).toContain('Netflix - 3 months');
    expect(html).not.toContain('mois');
  });

  it('answers a retried order with the same Idempotency-Key with the first answer and places one order', async () => {
    const { token } = await customer();
    const key = `order-${randomUUID()}`;
    const body = { planId: 'disney-plus', months: 12, provider: 'sandbox' };
    const replies = await Promise.all([
      order(token, body, { 'Idempotency-Key': key }),
      order(token, body, { 'Idempotency-Key': key }),
    ]);
    const created = replies.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of replies.filter((x) => x.status !== 201)) expect(r.body.code).toBe('idempotency.in_progress');
    const retry = await order(token, body, { 'Idempotency-Key': key });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(created[0]!.body);
    // The same order from a browser now set to English is still the same request.
    const inEnglish = await order(token, body, { 'Idempotency-Key': key, 'Accept-Language': 'en' });
    expect(inEnglish).toMatchObject({ status: 201, body: created[0]!.body });
    const other = await order(token, { ...body, months: 1 }, { 'Idempotency-Key': key });
    expect(other.body.code).toBe('idempotency.key_reused');
    await expectOneSubscription(token);
  });

  it('a retry after the process died mid-order goes on with the order the first run placed, never a second one', async () => {
    const { token } = await customer();
    const key = `order-${randomUUID()}`;
    const body = netflixWithLaunchCode;
    const first = await order(token, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    // As a process dying after the order was placed leaves it: the key in progress, its lease run out, no answer kept.
    await shop.runtime
      .knex('idempotency_keys')
      .where({ key })
      .update({ response: null, lease_id: 'dead-process', lease_expires_at: new Date(Date.now() - 1000) });

    const retry = await order(token, body, { 'Idempotency-Key': key });
    expect(retry.status).toBe(201);
    expect(retry.body).toMatchObject({
      subscriptionId: first.body.subscriptionId,
      totalCents: first.body.totalCents,
      status: 'pending',
    });
    expect(await history(String(first.body.subscriptionId))).toEqual([
      'OrderPlaced',
      'PaymentSessionOpened',
      'PaymentSessionOpened',
    ]);
    await expectOneSubscription(token);
  });

  it('a crash between redeeming the promo code and placing the order leaves the code unused', async () => {
    const { token } = await customer();
    const redemptions = async () =>
      Number(
        (
          await shop.runtime
            .knex('es_events')
            .where({ event_type: 'PromoCodeRedeemed' })
            .count<{ n: string }[]>('* as n')
        )[0]!.n,
      );
    const before = await redemptions();
    const lift = await crashOnInsert(shop.runtime.knex, { table: 'es_events', eventType: 'OrderPlaced' });
    try {
      const crashed = await order(token, netflixWithLaunchCode);
      expect(crashed.status).toBe(500);
    } finally {
      await lift();
    }
    expect(await redemptions()).toBe(before);
    const placed = await order(token, netflixWithLaunchCode);
    expect(placed.status).toBe(201);
    expect(await redemptions()).toBe(before + 1);
  });

  it('a code with a usage limit is redeemed exactly that many times by concurrent orders, each with its order', async () => {
    const code = `LIMIT-${randomUUID().slice(0, 6).toUpperCase()}`;
    await handleCommand(shop.runtime.store, promoStreamId(code), promotionDecider, {
      type: 'DefinePromoCode',
      data: { code, percentOff: 20, validFrom: null, validUntil: null, usageLimit: 3, now: new Date() },
    });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => customer()));
    const replies = await Promise.all(
      buyers.map(({ token }) => order(token, { planId: 'spotify', months: 1, promoCode: code, provider: 'sandbox' })),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(3);
    for (const refused of replies.filter((r) => r.status !== 201)) expect(refused.body.code).toBe('promo.exhausted');
    const redeemed = (await shop.runtime.store.readStream(promoStreamId(code)))
      .filter((e) => e.type === 'PromoCodeRedeemed')
      .map((e) => (e.data as { subscriptionId: string }).subscriptionId);
    expect(redeemed.sort()).toEqual(
      replies
        .filter((r) => r.status === 201)
        .map((r) => String(r.body.subscriptionId))
        .sort(),
    );
    for (const id of redeemed) expect((await history(id))[0]).toBe('OrderPlaced');
  });

  it.each([
    ['PaymentSessionOpened', 'es_events'],
    ['the checkout record', 'payment_sessions'],
  ])('a crash at %s leaves neither the checkout record nor the event', async (_at, logical) => {
    const { token } = await customer();
    const placed = await order(token, netflixForAMonth);
    expect(placed.status).toBe(201);
    const subscriptionId = String(placed.body.subscriptionId);
    const opened = async () => ({
      rows: (await shop.runtime.knex('payment_sessions').where({ subscription_id: subscriptionId })).length,
      events: (await history(subscriptionId)).filter((type) => type === 'PaymentSessionOpened').length,
    });
    expect(await opened()).toEqual({ rows: 1, events: 1 });
    // Finalising reads the order from the read model: wait until it is there.
    await subscriptionStatus(token, subscriptionId, 'pending');
    // The checkout record is the payment-sessions read model, written inline: its active table.
    const active = await activeState(shop.runtime.knex, paymentSessionsProjection.name);
    const table = logical === 'es_events' ? logical : physicalTableName(logical, active!.generation);
    const lift = await crashOnInsert(shop.runtime.knex, {
      table,
      ...(table === 'es_events' ? { eventType: 'PaymentSessionOpened' } : {}),
    });
    try {
      const finalised = await request('POST', `/api/orders/${subscriptionId}/checkout`, { token, body: {} });
      expect(finalised.status).toBe(500);
    } finally {
      await lift();
    }
    expect(await opened()).toEqual({ rows: 1, events: 1 });
  });

  it('refuses bad orders with stable codes and changes nothing', async () => {
    const { token } = await customer();
    expect((await order(token, { planId: 'netflix', months: 2, provider: 'sandbox' })).body.code).toBe(
      'validation.failed',
    );
    expect((await order(token, { planId: 'hbo', months: 1, provider: 'sandbox' })).body.code).toBe(
      'order.unknown_plan',
    );
    expect((await order(token, { planId: 'netflix', months: 1, provider: 'stripe' })).body.code).toBe(
      'payment.provider_unavailable',
    );
    expect(
      (await order(token, { planId: 'netflix', months: 1, promoCode: 'FAKE', provider: 'sandbox' })).body.code,
    ).toBe('promo.unknown');
    expect((await request('POST', '/api/orders', { body: { planId: 'netflix', months: 1 } })).body.code).toBe(
      'auth.required',
    );
    // The billing country is required, and a country code.
    const withoutCountry = await request('POST', '/api/orders', {
      token,
      body: { planId: 'netflix', months: 1, provider: 'sandbox' },
    });
    expect(withoutCountry.status).toBe(400);
    expect(withoutCountry.body.code).toBe('validation.failed');
    const unknownCountry = await order(token, { ...netflixForAMonth, billingCountry: 'XX' });
    expect(unknownCountry.status).toBe(400);
    expect(unknownCountry.body.code).toBe('validation.failed');
    expect((await mySubscriptions(token)).body.data).toEqual([]);
  });

  it("records the customer's request for access before the withdrawal period ends with the order, and none when not asked", async () => {
    const { token } = await customer();
    const asked = await order(token, { ...netflixForAMonth, immediateAccess: true });
    const notAsked = await order(token, netflixForAMonth);
    expect([asked.status, notAsked.status]).toEqual([201, 201]);
    const placed = async (subscriptionId: unknown) =>
      (await shop.runtime.store.readStream(subscriptionStreamId(String(subscriptionId)))).find(
        (event) => event.type === 'OrderPlaced',
      )!.data as Record<string, unknown>;
    expect((await placed(asked.body.subscriptionId)).immediateAccess).toBe(true);
    expect(await placed(notAsked.body.subscriptionId)).not.toHaveProperty('immediateAccess');
    // A yes that is not a boolean is no request: refused, nothing placed.
    const unclear = await order(token, { ...netflixForAMonth, immediateAccess: 'yes' });
    expect([unclear.status, unclear.body.code]).toEqual([400, 'validation.failed']);
    const rows = await eventually(
      async () => (await mySubscriptions(token)).body.data as unknown[],
      (listed) => listed.length >= 2,
    );
    expect(rows).toHaveLength(2);
  });

  it('accepts a billing country written in lower case', async () => {
    const { token } = await customer();
    const placed = await order(token, { ...netflixForAMonth, billingCountry: 'be' });
    expect(placed.status).toBe(201);
  });
});

describe('who pays, offered again at the next checkout', () => {
  it('is who the latest order was billed to, whatever changed in an older one since', async () => {
    const { token } = await customer();
    const billing = () => request('GET', '/api/me/billing', { token });
    expect((await billing()).body).toEqual({ billingCountry: null, companyName: null, vatNumber: null });
    const first = await order(token, { ...netflixForAMonth, billingCountry: 'BE' });
    expect(first.status).toBe(201);
    await eventually(billing, (reply) => reply.body.billingCountry === 'BE');
    expect((await order(token, { ...netflixForAMonth, billingCountry: 'US' })).status).toBe(201);
    await eventually(billing, (reply) => reply.body.billingCountry === 'US');
    // The older order is paid after the newer one was placed: its row changes, not who pays now.
    const subscriptionId = String(first.body.subscriptionId);
    await request('POST', `/sandbox/sessions/${sessionOf(first.body.redirectUrl)}/pay`, { token });
    await eventually(
      () => mySubscriptions(token),
      (reply) =>
        (reply.body.data as Array<{ id: string; status: string }>).some(
          (row) => row.id === subscriptionId && row.status === 'active',
        ),
    );
    expect((await billing()).body).toEqual({ billingCountry: 'US', companyName: null, vatNumber: null });
  });
});

describe('payment providers on offer', () => {
  it('lists only the sandbox when no real provider is configured, without a session', async () => {
    const reply = await request('GET', '/api/payments/providers');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: [{ name: 'sandbox', label: 'sandbox' }] });
  });
});

describe('sandbox webhooks', () => {
  it('stores a notification once however often it is delivered, rejects bad signatures, and ignores a late cancel', async () => {
    const { token } = await customer();
    const placed = await order(token, { planId: 'nordvpn', months: 12, provider: 'sandbox' });
    const subscriptionId = placed.body.subscriptionId as string;
    const sessionId = sessionOf(placed.body.redirectUrl);
    const paidEvent = {
      id: `evt-${randomUUID()}`,
      type: 'payment.succeeded',
      sessionId,
      subscriptionId,
      amountCents: 1692,
      currency: 'EUR',
      occurredAt: new Date().toISOString(),
    };
    const { body, signature } = signedSandboxWebhook(paidEvent);

    const forged = await postWebhook(
      body,
      signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    );
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { code: string }).code).toBe('webhook.invalid_signature');
    expect(await shop.runtime.store.readStream(`webhook-sandbox-${paidEvent.id}`)).toEqual([]);

    const deliveries = await Promise.all(Array.from({ length: 10 }, () => postWebhook(body, signature)));
    expect(deliveries.every((r) => r.status === 200)).toBe(true);
    expect(await shop.runtime.store.readStream(`webhook-sandbox-${paidEvent.id}`)).toHaveLength(1);
    await subscriptionStatus(token, subscriptionId, 'active');

    const lateCancel = signedSandboxWebhook({ ...paidEvent, id: `evt-${randomUUID()}`, type: 'payment.canceled' });
    expect((await postWebhook(lateCancel.body, lateCancel.signature)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await subscriptionStatus(token, subscriptionId, 'active')).status).toBe('active');
    expect((await history(subscriptionId)).filter((t) => t === 'PaymentConfirmed')).toHaveLength(1);
  });

  it('records a second checkout of the same order paid as a second payment, once, and keeps the subscription', async () => {
    const { token } = await customer();
    const placed = await order(token, netflixForAMonth);
    const subscriptionId = placed.body.subscriptionId as string;
    const second = await request('POST', `/api/orders/${subscriptionId}/checkout`, { token, body: {} });
    expect(second.status).toBe(200);
    // Notifications are processed by jobs, in any order: the first checkout's is let through first,
    // so that it is the payment and the second checkout's (delivered twice) the extra one.
    await request('POST', `/sandbox/sessions/${sessionOf(placed.body.redirectUrl)}/pay`, { token });
    await subscriptionStatus(token, subscriptionId, 'active');
    for (let delivery = 0; delivery < 2; delivery += 1) {
      await request('POST', `/sandbox/sessions/${sessionOf(second.body.redirectUrl)}/pay`, { token });
    }
    const row = await eventually(
      async () => ((await mySubscriptions(token)).body.data as Array<Record<string, unknown>>)[0],
      (r) => r?.paymentIssue === 'paid_twice',
    );
    expect(row).toMatchObject({ status: 'active' });
    const events = await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId));
    const extra = events.filter((event) => event.type === 'ExtraPaymentRecorded');
    expect(events.filter((event) => event.type === 'PaymentConfirmed')).toHaveLength(1);
    expect(extra).toHaveLength(1);
    expect(extra[0]!.data).toMatchObject({
      provider: 'sandbox',
      paymentReference: sessionOf(second.body.redirectUrl),
      firstPaymentReference: sessionOf(placed.body.redirectUrl),
    });
  });

  it('records a payment of the wrong amount and does not activate the order', async () => {
    const { token } = await customer();
    const placed = await order(token, netflixForAMonth);
    const subscriptionId = placed.body.subscriptionId as string;
    const short = signedSandboxWebhook({
      id: `evt-${randomUUID()}`,
      type: 'payment.succeeded',
      sessionId: sessionOf(placed.body.redirectUrl),
      subscriptionId,
      amountCents: 1,
      currency: 'EUR',
      occurredAt: new Date().toISOString(),
    });
    await postWebhook(short.body, short.signature);
    const row = await eventually(
      async () => ((await mySubscriptions(token)).body.data as Array<Record<string, unknown>>)[0],
      (r) => r?.paymentIssue === 'amount_mismatch',
    );
    expect(row).toMatchObject({ status: 'pending', paymentIssue: 'amount_mismatch' });
    expect(await history(subscriptionId)).toEqual(['OrderPlaced', 'PaymentSessionOpened', 'PaymentMismatchRecorded']);
  });

  it("does not show or verify another customer's payment session", async () => {
    const alice = await customer();
    const bob = await customer();
    const placed = await order(alice.token, netflixForAMonth);
    const verify = await request('GET', `/api/payments/verify?session_id=${sessionOf(placed.body.redirectUrl)}`, {
      token: bob.token,
    });
    expect(verify.status).toBe(404);
    expect(verify.body.code).toBe('payment.session_not_found');
    const finalise = await request('POST', `/api/orders/${placed.body.subscriptionId as string}/checkout`, {
      token: bob.token,
      body: {},
    });
    expect(finalise.status).toBe(404);
    expect(finalise.body.code).toBe('subscription.not_found');
  });

  it("does not let another customer or an anonymous visitor see, pay or cancel a customer's sandbox checkout", async () => {
    const alice = await customer();
    const bob = await customer();
    const placed = await order(alice.token, { planId: 'spotify', months: 3, provider: 'sandbox' });
    const subscriptionId = placed.body.subscriptionId as string;
    const sessionId = sessionOf(placed.body.redirectUrl);

    for (const token of [bob.token, undefined]) {
      const page = await request('GET', `/sandbox/checkout/${sessionId}`, { token });
      expect(page.status).toBe(404);
      expect(page.body.code).toBe('payment.session_not_found');
      for (const action of ['pay', 'cancel']) {
        const reply = await request('POST', `/sandbox/sessions/${sessionId}/${action}`, { token });
        expect(reply.status).toBe(404);
        expect(reply.body.code).toBe('payment.session_not_found');
      }
    }
    // A cross-site form carries no cookie: it is an anonymous visitor as well.
    const forged = await request('POST', `/sandbox/sessions/${sessionId}/pay`, { form: '' });
    expect(forged.status).toBe(404);

    expect((await shop.runtime.knex('sandbox_sessions').where({ id: sessionId }).first()).status).toBe('open');
    expect(await shop.runtime.store.readStream(`webhook-sandbox-sbxevt_${sessionId}_paid`)).toEqual([]);
    expect(await shop.runtime.store.readStream(`webhook-sandbox-sbxevt_${sessionId}_canceled`)).toEqual([]);
    expect(await history(subscriptionId)).toEqual(['OrderPlaced', 'PaymentSessionOpened']);

    const paid = await request('POST', `/sandbox/sessions/${sessionId}/pay`, { token: alice.token });
    expect(paid.status).toBe(303);
    await subscriptionStatus(alice.token, subscriptionId, 'active');
  });
});
