import type { AdminStats } from '@shop/contracts';
import { subscriptionStreamId } from '@shop/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomIp, requestJson, signUpAdmin, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { paidSubscription } from '../testing/paid-subscription.js';
import { eventually } from '../testing/test-shop.js';
import { useTestShop } from '../testing/shop-under-test.js';

const DAY = 24 * 3600_000;

const shop = useTestShop('admin_stats_as_of');
let admin: HttpCustomer;

beforeAll(async () => {
  admin = await signUpAdmin(shop, { label: 'stats-as-of-admin', ip: randomIp('10.74') });
});

const call = (method: string, path: string, body?: unknown) =>
  requestJson(shop.url, method, path, { token: admin.token, body, ip: '10.74.0.1' });

const statsAsOf = async (asOf: string) => {
  const reply = await call('GET', `/api/admin/stats?asOf=${encodeURIComponent(asOf)}`);
  expect(reply.status).toBe(200);
  return reply.body as unknown as AdminStats;
};

/** A Netflix subscription paid ten days ago for a month, and the instant its payment was recorded. */
async function paidNow(userId: string) {
  const expiresAt = new Date(Date.now() + 20 * DAY);
  expiresAt.setUTCHours(12, 0, 0, 0);
  const paid = await paidSubscription(shop.runtime.store, userId, expiresAt);
  const [placed, confirmed] = await shop.runtime.store.readStream(subscriptionStreamId(paid.subscriptionId));
  expect(confirmed!.recordedAt.getTime()).toBeGreaterThan(placed!.recordedAt.getTime());
  return {
    ...paid,
    placedRecordedAt: placed!.recordedAt,
    paidRecordedAt: confirmed!.recordedAt,
    cents: 453 * paid.months,
  };
}

const later = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('GET /api/admin/stats?asOf=', () => {
  it('answers the figures as they stood between two changes, and as of now the live figures', async () => {
    const first = await signUpAndSignIn(shop.url, { label: 'as-of-first', ip: randomIp('10.75') });
    const firstPaid = await paidNow(first.userId);
    await later();

    // After that instant: a second customer pays, the first is given credentials.
    const second = await signUpAndSignIn(shop.url, { label: 'as-of-second', ip: randomIp('10.76') });
    const secondPaid = await paidNow(second.userId);
    const set = await call('POST', '/api/admin/credentials', {
      planId: 'netflix',
      email: 'as-of-netflix@example.com',
      password: 'Shared-Secret-77',
    });
    expect(set.status).toBe(201);
    await eventually(
      () =>
        call('POST', `/api/admin/subscriptions/${firstPaid.subscriptionId}/credentials`, {
          credentialsId: set.body.id,
        }),
      (reply) => reply.status === 200,
    );

    const between = await statsAsOf(firstPaid.paidRecordedAt.toISOString());
    expect(between).toMatchObject({
      totalUsers: 2,
      activeSubscriptions: 1,
      expiredSubscriptions: 0,
      totalRevenueCents: firstPaid.cents,
      revenuePerUserCents: Math.round(firstPaid.cents / 2),
      conversionPercent: 50,
      activityRatePercent: 100,
      pendingCredentials: 1,
      users: { with: 1, without: 1, expired: 0, total: 2 },
      subscriptions: { total: 1, withCredentials: 0, withoutCredentials: 1, active: 1 },
      credentials: { total: 0, plans: 0, logins: 0 },
    });
    expect(between.revenueByDay).toHaveLength(30);
    // When the first order was placed: the order alone, nothing paid.
    const justBefore = await statsAsOf(firstPaid.placedRecordedAt.toISOString());
    expect(justBefore).toMatchObject({ activeSubscriptions: 0, totalRevenueCents: 0, subscriptions: { total: 1 } });

    // As of now: the numbers the dashboard shows from its read models, once they caught up.
    const live = await eventually(
      async () => (await call('GET', '/api/admin/stats')).body as unknown as AdminStats,
      (stats) => stats.pendingCredentials === 1 && stats.subscriptions.withCredentials === 1,
    );
    expect(live).toMatchObject({
      totalUsers: 3,
      activeSubscriptions: 2,
      totalRevenueCents: firstPaid.cents + secondPaid.cents,
      credentials: { total: 1, plans: 1, logins: 1 },
    });
    const started = performance.now();
    const now = await statsAsOf(new Date().toISOString());
    const elapsed = performance.now() - started;
    expect(now).toEqual(live);
    console.info(
      `stats as of now, folded from ${await shop.runtime.store.head().then((h) => h.globalPosition)} events: ${elapsed.toFixed(0)} ms`,
    );
  });

  it('refuses an instant still to come: the log knows nothing of it (not the figures of now under its date)', async () => {
    for (const future of [new Date(Date.now() + 365 * DAY).toISOString(), '2030-01-01T00:00:00+01:00']) {
      const reply = await call('GET', `/api/admin/stats?asOf=${encodeURIComponent(future)}`);
      expect([reply.status, reply.body]).toMatchObject([400, { status: 400, code: 'stats.as_of_in_future' }]);
    }
  });

  it('refuses an instant that is not ISO 8601 with an offset', async () => {
    for (const bad of ['yesterday', '2026-13-45T00:00:00Z', '2026-11-24']) {
      const reply = await call('GET', `/api/admin/stats?asOf=${encodeURIComponent(bad)}`);
      expect(reply.body).toMatchObject({ status: 400, code: 'validation.failed' });
    }
  });
});
