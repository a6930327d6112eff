import type { AdminStats, UserSegment } from '@shop/contracts';
import { getSubscription } from '@shop/projections';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDataProvider, type AdminDataProvider } from '../testing/admin-data-provider.js';
import { randomIp, requestJson, signUpAdmin, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { paidSubscription } from '../testing/paid-subscription.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';

/**
 * The seeds' classification of the Users tab ("states and transitions"), through the back-office's
 * own data provider: "with" a subscription currently active; "expired" with a subscription that is
 * not (pending, cancelled, past its expiry) and none that is; "without" none at all, voided ones
 * not counting. The list's filter, its rows (what the CSV export writes), the counters and the
 * dashboard, live and folded from the log, must all say the same.
 */

const DAY = 24 * 3600_000;

const shop = useTestShop('admin_users_segments');
let provider: AdminDataProvider;
let admin: HttpCustomer;
const expected = new Map<string, UserSegment>();

const call = (method: string, path: string, token: string, body?: unknown) =>
  requestJson(shop.url, method, path, { token, body, ip: randomIp('10.86') });

const customer = (label: string) =>
  signUpAndSignIn(shop.url, { label: `segments-${label}`, fullName: label, ip: randomIp('10.87') });

/** An order placed through the shop and left unpaid: pending. */
async function pendingOrder(who: HttpCustomer): Promise<string> {
  // The checkout waits for the account to reach its read model; a fresh one may not have yet.
  const placed = await eventually(
    () =>
      call('POST', '/api/orders', who.token, {
        planId: 'netflix',
        months: 1,
        provider: 'sandbox',
        billingCountry: 'FR',
      }),
    (reply) => reply.status !== 422,
  );
  expect(placed.status).toBe(201);
  const subscriptionId = String(placed.body.subscriptionId);
  await projected(subscriptionId, (row) => row !== null);
  return subscriptionId;
}

/**
 * Waits for a subscription's change to reach its read model; the customer's standing is written in
 * the same transaction.
 */
const projected = (subscriptionId: string, accept: (row: Awaited<ReturnType<typeof getSubscription>>) => boolean) =>
  eventually(() => getSubscription(shop.runtime.knex, subscriptionId), accept);

/** Paid and running until `days` from now (in the past when negative). */
async function paidUntil(who: HttpCustomer, days: number) {
  const expiresAt = new Date(Date.now() + days * DAY);
  expiresAt.setUTCHours(12, 0, 0, 0);
  const paid = await paidSubscription(shop.runtime.store, who.userId, expiresAt);
  await projected(paid.subscriptionId, (row) => row?.paidAt != null);
  return paid;
}

/** What the export asks for: every user matching the list's filters, at most 1000. */
const allUsers = {
  pagination: { page: 1, perPage: 1000 },
  sort: { field: 'createdAt', order: 'DESC' as const },
  filter: {},
};

beforeAll(async () => {
  admin = await signUpAdmin(shop, { label: 'segments-admin', ip: randomIp('10.86') });
  provider = await adminDataProvider(shop.url, admin.token);
  expected.set(admin.userId, 'without');

  const [pendingOnly, expiredOnly, cancelledOnly, activeAndExpired, nothing, voidedOnly] = await Promise.all(
    ['pending', 'expired', 'cancelled', 'active-and-expired', 'nothing', 'voided'].map(customer),
  );

  await pendingOrder(pendingOnly!);
  expected.set(pendingOnly!.userId, 'expired');

  await paidUntil(expiredOnly!, -3);
  expected.set(expiredOnly!.userId, 'expired');

  // Active, then cancelled by the operator as the subscriptions tab does.
  const running = await paidUntil(cancelledOnly!, 20);
  const { data: before } = await provider.getOne('subscriptions', { id: running.subscriptionId });
  await provider.update('subscriptions', {
    id: running.subscriptionId,
    data: { status: 'cancelled', reason: 'Asked to stop' },
    previousData: before,
  });
  await projected(running.subscriptionId, (row) => row?.status === 'cancelled');
  expected.set(cancelledOnly!.userId, 'expired');

  await paidUntil(activeAndExpired!, -5);
  await paidUntil(activeAndExpired!, 25);
  expected.set(activeAndExpired!.userId, 'with');

  expected.set(nothing!.userId, 'without');

  // Ordered by mistake, then voided with a reason (the back-office's delete).
  const mistaken = await pendingOrder(voidedOnly!);
  const voided = await call('DELETE', `/api/admin/subscriptions/${mistaken}`, admin.token, {
    reason: 'Placed by mistake',
  });
  expect(voided.status).toBe(200);
  await eventually(
    () => shop.runtime.knex('subscriptions').where({ id: mistaken }).first<{ voided_at: Date | null }>('voided_at'),
    (row) => row?.voided_at != null,
  );
  expected.set(voidedOnly!.userId, 'without');

  // Everyone's account projected.
  await eventually(
    async () => (await provider.getList('users', allUsers)).total,
    (total) => total === expected.size,
  );
});

const idsIn = (segment: UserSegment) =>
  [...expected]
    .filter(([, value]) => value === segment)
    .map(([id]) => id)
    .sort();

const countsOf = (segment: UserSegment) => idsIn(segment).length;

describe("the users' classification, through the back-office's data provider", () => {
  it('gives each customer the segment the seeds define, in the rows the list and the CSV export read', async () => {
    const { data, total } = await provider.getList('users', allUsers);
    expect(total).toBe(expected.size);
    expect(Object.fromEntries(data.map((row) => [row.id, row.segment]))).toEqual(Object.fromEntries(expected));
    for (const [id, segment] of expected) {
      expect((await provider.getOne('users', { id })).data.segment, id).toBe(segment);
    }
  });

  it('filters the list by segment, each filter paged with its own total', async () => {
    for (const segment of ['with', 'without', 'expired'] as const) {
      const { data, total } = await provider.getList('users', { ...allUsers, filter: { segment } });
      expect(data.map((row) => row.id).sort(), segment).toEqual(idsIn(segment));
      expect(total, segment).toBe(countsOf(segment));
      const firstPage = await provider.getList('users', {
        ...allUsers,
        pagination: { page: 1, perPage: 1 },
        filter: { segment },
      });
      expect(firstPage.data).toHaveLength(1);
      expect(firstPage.total, segment).toBe(countsOf(segment));
    }
  });

  it("counts the same in the Users tab's counters and in the dashboard, live and as of now", async () => {
    const users = {
      with: countsOf('with'),
      without: countsOf('without'),
      expired: countsOf('expired'),
      total: expected.size,
    };
    expect(users).toEqual({ with: 1, without: 3, expired: 3, total: 7 });
    const counts = await call('GET', '/api/admin/users/counts', admin.token);
    expect(counts.body).toEqual(users);
    const live = await call('GET', '/api/admin/stats', admin.token);
    expect((live.body as unknown as AdminStats).users).toEqual(users);
    const asOf = await call(
      'GET',
      `/api/admin/stats?asOf=${encodeURIComponent(new Date().toISOString())}`,
      admin.token,
    );
    expect(asOf.status).toBe(200);
    expect((asOf.body as unknown as AdminStats).users).toEqual(users);
  });
});
