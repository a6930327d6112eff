import type { AdminStats } from '@shop/contracts';
import { subscriptionDecider } from '@shop/domain';
import { handleCommand } from '@shop/event-store';
import { getSubscription, subscriptionFigures } from '@shop/projections';
import knexFactory from 'knex';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDataProvider } from '../testing/admin-data-provider.js';
import { randomIp, requestJson, signUpAdmin, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { paidSubscription, payOrder, placedOrder } from '../testing/paid-subscription.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';
import { dashboardStats } from './admin-stats-routes.js';

const DAY = 24 * 3600_000;
const NETFLIX_MONTH = 453;

/** The shop's days are Paris days. */
const parisDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(at);
const parisMonth = (at: Date) => parisDay(at).slice(0, 7);

/** Moves the shop's clock (sign-ups back-dated to last month); zero is now. */
let shift = 0;
const shop = useTestShop('admin_stats', { clock: () => new Date(Date.now() + shift) });
let admin: HttpCustomer;

const call = (method: string, path: string, token?: string, body?: unknown) =>
  requestJson(shop.url, method, path, { token, body });
const stats = async () => {
  const reply = await call('GET', '/api/admin/stats', admin.token);
  expect(reply.status).toBe(200);
  return reply.body as unknown as AdminStats;
};

/** A paid Netflix subscription whose payment was `daysAgo` days ago (1 month, or what the calendar allows). */
async function paidDaysAgo(userId: string, daysAgo: number) {
  const paidAt = new Date(Date.now() - daysAgo * DAY);
  paidAt.setUTCHours(12, 0, 0, 0);
  const expiresAt = new Date(paidAt);
  expiresAt.setUTCMonth(expiresAt.getUTCMonth() + 1);
  const paid = await paidSubscription(shop.runtime.store, userId, expiresAt);
  const projected = await eventually(
    () => getSubscription(shop.runtime.knex, paid.subscriptionId),
    (s) => s?.paidAt != null,
  );
  return { ...paid, paidAt: new Date(projected!.paidAt!), cents: NETFLIX_MONTH * paid.months };
}

beforeAll(async () => {
  admin = await signUpAdmin(shop, { label: 'stats-admin', ip: randomIp('10.73') });
});

describe('GET /api/admin/stats', () => {
  it('answers zeros for an empty shop (the operator alone), never NaN', async () => {
    await expect.poll(stats, { timeout: 10_000 }).toMatchObject({
      totalUsers: 1,
      activeSubscriptions: 0,
      expiredSubscriptions: 0,
      totalRevenueCents: 0,
      revenueThisMonthCents: 0,
      newUsersThisMonth: 1,
      revenuePerUserCents: 0,
      // 1 / (1 − 1): no previous month to compare with, so no growth to tell (null, not 0).
      monthlyGrowthPercent: null,
      conversionPercent: 0,
      activityRatePercent: 0,
      pendingCredentials: 0,
      failedJobs: 0,
      users: { with: 0, without: 1, expired: 0, total: 1 },
      subscriptions: { total: 0, withCredentials: 0, withoutCredentials: 0, active: 0 },
      credentials: { total: 0, plans: 0, logins: 0 },
    });
    const empty = await stats();
    expect(empty.revenueByDay).toHaveLength(30);
    expect(empty.subscriptionsByDay).toHaveLength(30);
    expect(empty.revenueByDay.at(-1)!.date).toBe(parisDay(new Date()));
    expect(empty.revenueByDay.every((day) => day.cents === 0)).toBe(true);
    expect(empty.subscriptionsByDay.every((day) => day.count === 0)).toBe(true);
    expect(JSON.stringify({ ...empty, monthlyGrowthPercent: 0 })).not.toMatch(/NaN|null/);

    // No one at all: every ratio still a number.
    const zero = { with: 0, without: 0, expired: 0, total: 0 };
    const nobody = dashboardStats(
      {
        totalUsers: 0,
        newUsersThisMonth: 0,
        activeSubscriptions: 0,
        expiredSubscriptions: 0,
        totalRevenueCents: 0,
        revenueThisMonthCents: 0,
        pendingCredentials: 0,
        users: zero,
        subscriptions: { total: 0, withCredentials: 0, withoutCredentials: 0, active: 0 },
        revenueByDay: [],
        subscriptionsByDay: [],
      },
      { total: 0, plans: 0, logins: 0 },
      0,
    );
    expect([
      nobody.revenuePerUserCents,
      nobody.monthlyGrowthPercent,
      nobody.conversionPercent,
      nobody.activityRatePercent,
    ]).toEqual([0, null, 0, 0]);
  });

  it('computes every figure as the seeds do, leaving out refunds and voided subscriptions', async () => {
    // Two customers who registered last month.
    shift = -40 * DAY;
    const old1 = await signUpAndSignIn(shop.url, { label: 'old1', ip: randomIp('10.73') });
    await signUpAndSignIn(shop.url, { label: 'old2', ip: randomIp('10.73') });
    shift = 0;
    const [alice, bob, carol, dave] = await Promise.all(
      ['alice', 'bob', 'carol', 'dave'].map((label) => signUpAndSignIn(shop.url, { label, ip: randomIp('10.73') })),
    );

    // Alice: one paid two days ago, one paid today through the sandbox's checkout page.
    const a = await paidDaysAgo(alice!.userId, 2);
    const placed = await eventually(
      () =>
        call('POST', '/api/orders', alice!.token, {
          planId: 'netflix',
          months: 1,
          provider: 'sandbox',
          billingCountry: 'FR',
        }),
      (reply) => reply.status === 201,
    );
    const sessionId = String(placed.body.redirectUrl).split('/').at(-1)!;
    const pay = await requestJson(shop.url, 'POST', `/sandbox/sessions/${sessionId}/pay`, {
      token: alice!.token,
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    const b = {
      subscriptionId: placed.body.subscriptionId as string,
      cents: placed.body.totalCents as number,
      paidAt: new Date(
        (await eventually(
          () => getSubscription(shop.runtime.knex, placed.body.subscriptionId as string),
          (s) => s?.status === 'active',
        ))!.paidAt!,
      ),
    };
    expect(b.cents).toBe(NETFLIX_MONTH);

    // Bob: paid five days ago, then refunded (cancelled, no revenue).
    const c = await paidDaysAgo(bob!.userId, 5);
    await handleCommand(
      shop.runtime.store,
      c.streamId,
      subscriptionDecider,
      {
        type: 'RefundPayment',
        data: {
          subscriptionId: c.subscriptionId,
          provider: 'sandbox',
          paymentReference: `pay-${c.subscriptionId}`,
          amountCents: c.cents,
          currency: 'EUR',
          now: new Date(),
        },
      },
      { metadata: { actor: { type: 'system', id: 'test' } } },
    );

    // Carol: paid 40 days ago for a month, expired ten days ago.
    const expiresAt = new Date(Date.now() - 10 * DAY);
    expiresAt.setUTCHours(12, 0, 0, 0);
    const d = await paidSubscription(shop.runtime.store, carol!.userId, expiresAt);
    const dCents = NETFLIX_MONTH * d.months;

    // Dave: one paid yesterday and voided by the operator, one order left unpaid.
    const e = await paidDaysAgo(dave!.userId, 1);
    const pending = await call('POST', '/api/orders', dave!.token, {
      planId: 'netflix',
      months: 1,
      provider: 'sandbox',
      billingCountry: 'FR',
    });
    expect(pending.status).toBe(201);

    // An old customer paid three days ago and has their credentials.
    const f = await paidDaysAgo(old1.userId, 3);
    const provider = await adminDataProvider(shop.url, admin.token);
    const sets = [
      { planId: 'netflix', email: 'Shared@netflix.example', password: 'pw-1-long-enough' },
      { planId: 'netflix', email: 'shared@netflix.example', password: 'pw-2-long-enough' },
      { planId: 'spotify', email: 'family@spotify.example', password: 'pw-3-long-enough' },
    ];
    const stored = [];
    for (const set of sets) stored.push((await provider.create('credentials', { data: set })).data);
    const assigned = await call('POST', `/api/admin/subscriptions/${f.subscriptionId}/credentials`, admin.token, {
      credentialsId: stored[0]!.id,
    });
    expect(assigned.status).toBe(200);

    await eventually(
      () => getSubscription(shop.runtime.knex, e.subscriptionId),
      (s) => s !== null,
    );
    const voided = await call('DELETE', `/api/admin/subscriptions/${e.subscriptionId}`, admin.token, {
      reason: 'Commande en double',
      insist: true,
    });
    expect(voided.status).toBe(200);

    // Hand-computed: 7 people (the operator, old1, old2, alice, bob, carol, dave); 5 registered this month.
    const now = new Date();
    const thisMonth = (at: Date) => parisMonth(at) === parisMonth(now);
    const expected = {
      totalUsers: 7,
      newUsersThisMonth: 5,
      // a, b and f; carol's is over; bob's refunded; dave's voided or unpaid.
      activeSubscriptions: 3,
      expiredSubscriptions: 1,
      totalRevenueCents: a.cents + b.cents + f.cents + dCents,
      revenueThisMonthCents: [a, b, f].filter((s) => thisMonth(s.paidAt)).reduce((sum, s) => sum + s.cents, 0),
      revenuePerUserCents: Math.round((a.cents + b.cents + f.cents + dCents) / 7),
      // 5 / (7 − 5) × 100
      monthlyGrowthPercent: 250,
      // 3 / 7 × 100 = 42.857…
      conversionPercent: 42.9,
      // 3 / (3 + 1) × 100
      activityRatePercent: 75,
      pendingCredentials: 2,
      // With: alice and old1; expired (a subscription, none active): bob's refunded, carol's over,
      // dave's unpaid order; without: the operator and old2.
      users: { with: 2, without: 2, expired: 3, total: 7 },
      subscriptions: { total: 6, withCredentials: 1, withoutCredentials: 5, active: 3 },
      credentials: { total: 3, plans: 2, logins: 2 },
    };
    // Every figure, not only some: the customers' segments come from another read model than the
    // subscriptions' counts and may catch up a moment later (the void of Dave's subscription).
    await expect.poll(stats, { timeout: 10_000 }).toMatchObject(expected);
    const body = await stats();

    const days = body.revenueByDay.map((day) => day.date);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe(parisDay(now));
    expect(days[0]).toBe(parisDay(new Date(Date.parse(`${parisDay(now)}T12:00:00Z`) - 29 * DAY)));
    const centsOn = (date: string) => body.revenueByDay.find((day) => day.date === date)?.cents;
    const countOn = (date: string) => body.subscriptionsByDay.find((day) => day.date === date)?.count;
    // Each paid day, once: a, b and f earned; c paid and refunded (a subscription taken, no revenue).
    const expectedCents = new Map<string, number>();
    const expectedCount = new Map<string, number>();
    for (const s of [a, b, f, c]) {
      const day = parisDay(s.paidAt);
      expectedCount.set(day, (expectedCount.get(day) ?? 0) + 1);
      expectedCents.set(day, (expectedCents.get(day) ?? 0) + (s === c ? 0 : s.cents));
    }
    for (const date of days) {
      expect(centsOn(date), date).toBe(expectedCents.get(date) ?? 0);
      expect(countOn(date), date).toBe(expectedCount.get(date) ?? 0);
    }
    expect(body.revenueByDay.reduce((sum, day) => sum + day.cents, 0)).toBe(a.cents + b.cents + f.cents);
    expect(body.subscriptionsByDay.reduce((sum, day) => sum + day.count, 0)).toBe(4);
  });
  it('reads every figure at one moment: a payment projected while they are read counts in all of them or in none', async () => {
    const { knex, store } = shop.runtime;
    const customer = await signUpAndSignIn(shop.url, { label: 'stats-moment', ip: randomIp('10.73') });
    const placed = { ...(await placedOrder(store, customer.userId, new Date(), 1)), months: 1 };
    await eventually(
      () => getSubscription(knex, placed.subscriptionId),
      (s) => s?.status === 'pending',
    );
    // The customer counted too (the accounts read model follows the log on its own): before is one moment.
    await eventually(
      () => call('GET', '/api/me', customer.token),
      (res) => res.status === 200,
    );
    const now = new Date();
    const before = await subscriptionFigures(knex, now);
    // A reader whose statement counting the customers is held on its way to the database until
    // the payment is projected: the statements sent before it are done by then.
    let heldStatement = () => {};
    const reached = new Promise<void>((resolve) => (heldStatement = resolve));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const reader = knexFactory({
      client: 'pg',
      connection: shop.database.url,
      pool: {
        min: 0,
        max: 4,
        afterCreate: (connection: pg.Client, done: (error: Error | null, connection: pg.Client) => void) => {
          const query = connection.query.bind(connection) as (...args: unknown[]) => unknown;
          (connection as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
            const sql = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
            if (!sql?.includes('total_users')) return query(...args);
            heldStatement();
            void released.then(() => query(...args));
            return undefined;
          };
          done(null, connection);
        },
      },
    });
    try {
      const reading = subscriptionFigures(reader, now);
      await reached;
      // Statements sent side by side with it would be done by now (on one snapshot, none are sent).
      await new Promise((resolve) => setTimeout(resolve, 200));
      await payOrder(store, customer.userId, placed, new Date());
      const projected = await eventually(
        () => getSubscription(knex, placed.subscriptionId),
        (s) => s?.status === 'active',
      );
      expect(projected?.status).toBe('active');
      release();
      const figures = await reading;
      const after = await subscriptionFigures(knex, now);
      expect(after.activeSubscriptions).toBe(before.activeSubscriptions + 1);
      expect(after.users.with).toBe(before.users.with + 1);
      expect([before, after]).toContainEqual(figures);
    } finally {
      release();
      await reader.destroy();
    }
  });

  it('is for admins only', async () => {
    const visitor = await call('GET', '/api/admin/stats');
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe('auth.required');
    const customer = await signUpAndSignIn(shop.url, { label: 'stats-nosy', ip: randomIp('10.73') });
    const refused = await call('GET', '/api/admin/stats', customer.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('auth.forbidden');
  });
});
