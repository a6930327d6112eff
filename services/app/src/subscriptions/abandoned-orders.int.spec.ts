import { subscriptionStreamId } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { randomIp, requestJson, signUpAdmin, signUpAndSignIn, type JsonRequest } from '../testing/http-customer.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';

const HOUR = 3600_000;
/** Moves the shop's clock: zero is now. */
let shift = 0;
const shop = useTestShop('abandoned_orders', {
  plans: true,
  clock: () => new Date(Date.now() + shift),
  env: { PENDING_ORDER_HOURS: '24', EXPIRY_SWEEP_INTERVAL_MS: '1000' },
});

const request = (method: string, path: string, options: JsonRequest = {}) =>
  requestJson(shop.url, method, path, { redirect: 'manual', ip: randomIp('10.47'), ...options });

const placeOrder = async (token: string, promoCode?: string) => {
  const placed = await request('POST', '/api/orders', {
    token,
    body: {
      planId: 'netflix',
      months: 1,
      provider: 'sandbox',
      billingCountry: 'FR',
      ...(promoCode ? { promoCode } : {}),
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return {
    subscriptionId: String(placed.body.subscriptionId),
    sessionId: String(placed.body.redirectUrl).split('/').pop()!,
  };
};

/**
 * A promo code of one use created by a new operator, and a wait for the count of its uses the
 * back-office shows to be `expected` (answered once it is).
 */
const codeOfOneUse = async (label: string, prefix: string, percentOff: number) => {
  const admin = await signUpAdmin(shop, { label, ip: randomIp('10.47') });
  const code = `${prefix}${Date.now().toString(36).toUpperCase()}`;
  const created = await request('POST', '/api/admin/promo-codes', {
    token: admin.token,
    body: { code, percentOff, usageLimit: 1 },
  });
  expect(created.status).toBe(201);
  const timesUsed = async (expected: number) =>
    (
      await eventually(
        () => request('GET', `/api/admin/promo-codes/${code}`, { token: admin.token }),
        (reply) => reply.body.timesUsed === expected,
      )
    ).body.timesUsed;
  return { admin, code, timesUsed };
};

const notificationTitles = async (token: string) => {
  const reply = await request('GET', '/api/me/notifications', { token, headers: { 'Accept-Language': 'fr' } });
  return ((reply.body.data ?? []) as Array<{ title: string }>).map((n) => n.title);
};

describe('an order nobody pays', () => {
  it('is cancelled as abandoned once it waited PENDING_ORDER_HOURS, and a payment that still comes pays it', async () => {
    const admin = await signUpAdmin(shop, { label: 'abandon-admin', ip: randomIp('10.47') });
    const customer = await signUpAndSignIn(shop.url, { label: 'abandoner', ip: randomIp('10.47') });
    const old = await placeOrder(customer.token);
    const adminView = (id: string) => request('GET', `/api/admin/subscriptions/${id}`, { token: admin.token });
    expect(
      (
        await eventually(
          () => adminView(old.subscriptionId),
          (r) => r.status === 200,
        )
      ).body.status,
    ).toBe('pending');

    // A day later: an hour short of its 24 hours, still pending; past them, abandoned. (A day, not
    // the default two: the log records real time, and the customer's news older than two days on
    // the shop's clock would be dropped as stale.)
    shift = 23 * HOUR;
    const recent = await placeOrder(customer.token);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await adminView(old.subscriptionId)).body.status).toBe('pending');
    shift = 25 * HOUR;
    const abandoned = await eventually(
      () => adminView(old.subscriptionId),
      (reply) => reply.body.status === 'cancelled',
    );
    expect(abandoned.body).toMatchObject({ status: 'cancelled', statusReason: 'abandoned' });
    const events = await shop.runtime.store.readStream(subscriptionStreamId(old.subscriptionId));
    const abandonedEvents = events.filter((event) => event.type === 'OrderAbandoned');
    expect(abandonedEvents).toHaveLength(1);
    expect(abandonedEvents[0]!.data).toMatchObject({ pendingHours: 24 });
    expect(abandonedEvents[0]!.metadata.actor).toEqual({ type: 'system', id: 'abandoned-orders' });
    // The order placed two hours after the first is within its own 24 hours.
    expect((await adminView(recent.subscriptionId)).body.status).toBe('pending');
    // No longer one of the payments the operator watches.
    const queue = await request('GET', '/api/admin/work-queue', { token: admin.token });
    expect(JSON.stringify(queue.body)).not.toContain(old.subscriptionId);
    const mine = await request('GET', '/api/me/subscriptions', { token: customer.token });
    expect(
      (mine.body.data as Array<{ id: string; status: string }>).find((s) => s.id === old.subscriptionId),
    ).toMatchObject({
      status: 'cancelled',
    });

    // The customer is told, in their notifications (and by e-mail where they take them).
    const told = await eventually(
      () => notificationTitles(customer.token),
      (titles) => titles.includes('Commande annulée'),
    );
    expect(told.filter((title) => title === 'Commande annulée')).toHaveLength(1);

    // The customer paid the old checkout after all: the order is theirs, active.
    const paid = await request('POST', `/sandbox/sessions/${old.sessionId}/pay`, { token: customer.token });
    expect(paid.status).toBeLessThan(400);
    const active = await eventually(
      () => adminView(old.subscriptionId),
      (reply) => reply.body.status === 'active',
    );
    expect(active.body).toMatchObject({ status: 'active', statusReason: null });
    const history = await request('GET', `/api/admin/subscriptions/${old.subscriptionId}/history?lang=fr`, {
      token: admin.token,
    });
    expect(JSON.stringify(history.body)).toContain('aucun paiement reçu 24 heures après la commande');
  });

  it('gives back the use of a limited promo code, so unpaid checkouts do not keep it from others; paid after all, it takes it again', async () => {
    const { admin, code, timesUsed } = await codeOfOneUse('promo-admin', 'ONCE', 50);

    const first = await signUpAndSignIn(shop.url, { label: 'promo-holder', ip: randomIp('10.47') });
    const held = await placeOrder(first.token, code);
    const second = await signUpAndSignIn(shop.url, { label: 'promo-waiter', ip: randomIp('10.47') });
    const refused = await request('POST', '/api/orders', {
      token: second.token,
      body: { planId: 'netflix', months: 1, provider: 'sandbox', billingCountry: 'FR', promoCode: code },
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'promo.exhausted']);
    expect(await timesUsed(1)).toBe(1);

    // The first order waits its hours unpaid and is abandoned: its use comes back, and the code
    // applies to the next customer.
    shift += 25 * HOUR;
    await eventually(
      () => request('GET', `/api/admin/subscriptions/${held.subscriptionId}`, { token: admin.token }),
      (reply) => reply.body.status === 'cancelled',
    );
    expect(await timesUsed(0)).toBe(0);
    const released = (await shop.runtime.store.readStream(`promo-${code}`)).at(-1)!;
    expect(released).toMatchObject({
      type: 'PromoCodeRedemptionReleased',
      data: { code, subscriptionId: held.subscriptionId },
      metadata: { actor: { type: 'system', id: 'promotions' } },
    });
    await placeOrder(second.token, code);
    expect(await timesUsed(1)).toBe(1);

    // The abandoned order is paid after all, at the discount: its use is counted again, past the limit.
    const paid = await request('POST', `/sandbox/sessions/${held.sessionId}/pay`, { token: first.token });
    expect(paid.status).toBeLessThan(400);
    expect(await timesUsed(2)).toBe(2);
    const order = await request('GET', `/api/admin/subscriptions/${held.subscriptionId}`, { token: admin.token });
    expect(order.body).toMatchObject({ status: 'active', totalCents: 226 });
  });

  it('gives up a renewal nobody pays, giving back the use of its promo code; paid after all, it renews and takes it again', async () => {
    const { admin, code, timesUsed } = await codeOfOneUse('renewal-promo-admin', 'RENEW', 20);

    // A customer with a running subscription orders a renewal with the code and never pays it.
    const renewer = await signUpAndSignIn(shop.url, { label: 'promo-renewer', ip: randomIp('10.47') });
    const order = await placeOrder(renewer.token);
    await request('POST', `/sandbox/sessions/${order.sessionId}/pay`, { token: renewer.token });
    const active = await eventually(
      () => request('GET', `/api/admin/subscriptions/${order.subscriptionId}`, { token: admin.token }),
      (reply) => reply.body.status === 'active',
    );
    const renewal = await request('POST', `/api/me/subscriptions/${order.subscriptionId}/renew`, {
      token: renewer.token,
      body: { months: 1, provider: 'sandbox', billingCountry: 'FR', promoCode: code },
    });
    expect(renewal.status, JSON.stringify(renewal.body)).toBe(201);
    expect(await timesUsed(1)).toBe(1);
    const other = await signUpAndSignIn(shop.url, { label: 'renewal-promo-waiter', ip: randomIp('10.47') });
    const refused = await request('POST', '/api/orders', {
      token: other.token,
      body: { planId: 'netflix', months: 1, provider: 'sandbox', billingCountry: 'FR', promoCode: code },
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'promo.exhausted']);

    // Past PENDING_ORDER_HOURS the renewal is given up: the subscription runs on, the use comes back.
    shift += 25 * HOUR;
    const renewalId = String(renewal.body.renewalId);
    const stream = subscriptionStreamId(order.subscriptionId);
    const given = await eventually(
      async () => (await shop.runtime.store.readStream(stream)).find((e) => e.type === 'RenewalAbandoned'),
      (event) => event !== undefined,
    );
    expect(given).toMatchObject({
      data: { renewalId, pendingHours: 24, promoCode: code },
      metadata: { actor: { type: 'system', id: 'abandoned-orders' } },
    });
    expect(await timesUsed(0)).toBe(0);
    const unchanged = await request('GET', `/api/admin/subscriptions/${order.subscriptionId}`, { token: admin.token });
    expect(unchanged.body).toMatchObject({ status: 'active', expiresAt: active.body.expiresAt });
    await placeOrder(other.token, code);
    expect(await timesUsed(1)).toBe(1);
    // Its checkout is paid after all: the subscription renews, and the use is counted again.
    const sessionId = String(renewal.body.redirectUrl).split('/').pop()!;
    const paid = await request('POST', `/sandbox/sessions/${sessionId}/pay`, { token: renewer.token });
    expect(paid.status).toBeLessThan(400);
    expect(await timesUsed(2)).toBe(2);
    const renewed = await eventually(
      () => request('GET', `/api/admin/subscriptions/${order.subscriptionId}`, { token: admin.token }),
      (reply) => reply.body.expiresAt !== active.body.expiresAt,
    );
    expect(renewed.body.status).toBe('active');
  });
});
