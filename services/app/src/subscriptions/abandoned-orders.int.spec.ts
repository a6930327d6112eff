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

const placeOrder = async (token: string) => {
  const placed = await request('POST', '/api/orders', {
    token,
    body: { planId: 'netflix', months: 1, provider: 'sandbox', billingCountry: 'FR' },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return {
    subscriptionId: String(placed.body.subscriptionId),
    sessionId: String(placed.body.redirectUrl).split('/').pop()!,
  };
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
});
