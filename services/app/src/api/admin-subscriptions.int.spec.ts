import { randomUUID } from 'node:crypto';
import { getSubscription } from '@shop/projections';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomIp, requestJson, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { paidSubscription } from '../testing/paid-subscription.js';
import { eventually, startTestShop, type TestShop } from '../testing/test-shop.js';

interface Row {
  id: string;
  userId: string;
  customerEmail: string | null;
  customerName: string | null;
  planId: string;
  planName: string;
  months: number;
  status: string;
  totalCents: number;
  currency: string;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string | null;
  credentialsId: string | null;
}

const DAY = 24 * 3600_000;

let database: TestDatabase;
let shop: TestShop;
let admin: HttpCustomer;
let alice: HttpCustomer;
let bob: HttpCustomer;
/** Alice's Netflix subscriptions, both active: the first expires in 10 days, the second in 20. */
let soon: string;
let later: string;
/** Bob's Spotify order, left unpaid. */
let pending: string;

const call = (method: string, path: string, token?: string, body?: unknown) =>
  requestJson(shop.url, method, path, { token, body });

/** GET /api/admin/subscriptions with react-admin's JSON parameters. */
async function list(params: { sort?: unknown; range?: unknown; filter?: unknown } = {}) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) query.set(name, JSON.stringify(value));
  const reply = await call('GET', `/api/admin/subscriptions?${query}`, admin.token);
  return { ...reply, rows: reply.body as unknown as Row[], range: reply.headers.get('content-range') };
}

const idsOf = async (params: Parameters<typeof list>[0]) => (await list(params)).rows.map((row) => row.id);

/** An active Netflix subscription of `customer` that expires in `days` days, once projected. */
async function activeNetflix(customer: HttpCustomer, days: number): Promise<string> {
  const expiresAt = new Date(Date.now() + days * DAY);
  expiresAt.setUTCHours(12, 0, 0, 0);
  const { subscriptionId } = await paidSubscription(shop.runtime.store, customer.userId, expiresAt);
  await eventually(
    () => getSubscription(shop.runtime.knex, subscriptionId),
    (s) => s?.status === 'active',
  );
  return subscriptionId;
}

beforeAll(async () => {
  database = await createTestDatabase('admin_subscriptions');
  shop = await startTestShop({ databaseUrl: database.url });
  admin = await signUpAndSignIn(shop.url, { label: 'subscriptions-admin', ip: randomIp('10.71') });
  await shop.runtime.accounts.grantRole(admin.email, 'admin', 'test');
  alice = await signUpAndSignIn(shop.url, { label: 'alice', fullName: 'Alice Martin', ip: randomIp('10.71') });
  bob = await signUpAndSignIn(shop.url, { label: 'bob', fullName: 'Bob Stone', ip: randomIp('10.71') });

  soon = await activeNetflix(alice, 10);
  later = await activeNetflix(alice, 20);
  const order = await eventually(
    () =>
      requestJson(shop.url, 'POST', '/api/orders', {
        token: bob.token,
        body: { planId: 'spotify', months: 1, provider: 'sandbox' },
      }),
    (reply) => reply.status === 201,
  );
  expect(order.status).toBe(201);
  pending = order.body.subscriptionId as string;
  // The list joins the accounts and subscriptions read models, which follow the log.
  await eventually(
    () => list(),
    (reply) => reply.rows.length === 3 && reply.rows.every((row) => row.customerEmail !== null),
  );
});

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
});

describe('GET /api/admin/subscriptions', () => {
  it('is for admins only', async () => {
    for (const path of ['/api/admin/subscriptions', `/api/admin/subscriptions/${soon}`]) {
      const visitor = await call('GET', path);
      expect(visitor.status, `${path} without a session`).toBe(401);
      expect(visitor.body.code).toBe('auth.required');
      const customer = await call('GET', path, alice.token);
      expect(customer.status, `${path} as a customer`).toBe(403);
      expect(customer.body.code).toBe('auth.forbidden');
    }
  });

  it("lists every subscription with its customer's e-mail and name, newest first", async () => {
    const reply = await list();
    expect(reply.status).toBe(200);
    expect(reply.range).toBe('subscriptions 0-2/3');
    expect(reply.rows.map((row) => row.id)).toEqual([pending, later, soon]);
    expect(reply.rows[1]).toMatchObject({
      id: later,
      userId: alice.userId,
      customerEmail: alice.email,
      customerName: 'Alice Martin',
      planId: 'netflix',
      planName: 'Netflix',
      status: 'active',
      currency: 'EUR',
      credentialsId: null,
    });
    expect(reply.rows[1]!.totalCents).toBe(453 * reply.rows[1]!.months);
    expect(reply.rows[1]!.paidAt).toMatch(/Z$/);
    expect(new Date(reply.rows[1]!.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 19 * DAY);
    expect(reply.rows[0]).toMatchObject({
      customerEmail: bob.email,
      customerName: 'Bob Stone',
      planId: 'spotify',
      status: 'pending',
      paidAt: null,
      expiresAt: null,
    });
  });

  it('filters by status (one or several), plan, ids and words of the e-mail, name or plan', async () => {
    expect(await idsOf({ filter: { status: 'active' } })).toEqual([later, soon]);
    expect(await idsOf({ filter: { status: ['pending', 'cancelled'] } })).toEqual([pending]);
    expect(await idsOf({ filter: { status: 'expired' } })).toEqual([]);
    expect(await idsOf({ filter: { planId: 'spotify' } })).toEqual([pending]);
    expect(await idsOf({ filter: { planId: ['netflix', 'spotify'] } })).toHaveLength(3);
    expect(await idsOf({ filter: { id: [soon, 'not-a-uuid', randomUUID()] } })).toEqual([soon]);
    expect(await idsOf({ filter: { q: 'martin ALICE' } })).toEqual([later, soon]);
    expect(await idsOf({ filter: { q: bob.email.slice(0, 10) } })).toEqual([pending]);
    expect(await idsOf({ filter: { q: 'spotify' } })).toEqual([pending]);
    expect(await idsOf({ filter: { q: 'netflix stone' } })).toEqual([]);
    expect(await idsOf({ filter: { q: '100%_' } })).toEqual([]);
    expect(await idsOf({ filter: { status: 'active', planId: 'netflix', q: 'alice' } })).toEqual([later, soon]);
  });

  it('sorts by any listed field, missing dates last', async () => {
    expect(await idsOf({ sort: ['expiresAt', 'ASC'] })).toEqual([soon, later, pending]);
    expect(await idsOf({ sort: ['expiresAt', 'DESC'] })).toEqual([later, soon, pending]);
    expect((await idsOf({ sort: ['customerEmail', 'DESC'] }))[0]).toBe(pending);
    expect((await idsOf({ sort: ['planName', 'ASC'] }))[2]).toBe(pending);
    expect((await idsOf({ sort: ['status', 'DESC'] }))[0]).toBe(pending);
    expect(await idsOf({ sort: ['createdAt', 'ASC'] })).toEqual([soon, later, pending]);
  });

  it('answers the rows asked for, and says which in Content-Range', async () => {
    const first = await list({ range: [0, 0] });
    expect(first.rows.map((row) => row.id)).toEqual([pending]);
    expect(first.range).toBe('subscriptions 0-0/3');
    const rest = await list({ range: [1, 24] });
    expect(rest.rows.map((row) => row.id)).toEqual([later, soon]);
    expect(rest.range).toBe('subscriptions 1-2/3');
    const beyond = await list({ range: [10, 19] });
    expect(beyond.rows).toEqual([]);
    expect(beyond.range).toBe('subscriptions 10-10/3');
    const filtered = await list({ range: [0, 0], filter: { status: 'active' } });
    expect(filtered.range).toBe('subscriptions 0-0/2');
  });

  it('refuses parameters it does not understand', async () => {
    for (const params of [
      { sort: ['password', 'ASC'] },
      { range: [5, 1] },
      { range: [0, 5000] },
      { filter: { status: 'lost' } },
      { filter: { credentialsId: 'x' } },
      { filter: { hasCredentials: 'maybe' } },
    ]) {
      const reply = await list(params);
      expect(reply.status, JSON.stringify(params)).toBe(400);
      expect(reply.body.code).toBe('validation.failed');
    }
    const notJson = await call('GET', '/api/admin/subscriptions?filter={status', admin.token);
    expect(notJson.status).toBe(400);
  });

  it('tells subscriptions with credentials from those still waiting, before and after an assignment', async () => {
    expect(await idsOf({ filter: { hasCredentials: true } })).toEqual([]);
    expect(await idsOf({ filter: { status: 'active', hasCredentials: false } })).toEqual([later, soon]);

    const stored = await call('POST', '/api/admin/credentials', admin.token, {
      planId: 'netflix',
      email: 'family@netflix-shared.example',
      password: 'Np!a-long-password',
    });
    expect(stored.status).toBe(201);
    const credentialsId = stored.body.id as string;
    const assigned = await call('POST', `/api/admin/subscriptions/${soon}/credentials`, admin.token, {
      credentialsId,
    });
    expect(assigned.status).toBe(200);

    const withCredentials = await eventually(
      () => list({ filter: { hasCredentials: true } }),
      (reply) => reply.rows.length === 1,
    );
    expect(withCredentials.rows[0]).toMatchObject({ id: soon, credentialsId });
    expect(withCredentials.range).toBe('subscriptions 0-0/1');
    expect(await idsOf({ filter: { status: 'active', hasCredentials: false } })).toEqual([later]);
    // As a hand-written URL would say it.
    expect(await idsOf({ filter: { hasCredentials: 'true' } })).toEqual([soon]);
    // Never the credentials themselves.
    expect(JSON.stringify(withCredentials.rows)).not.toContain('Np!a-long-password');
    expect(JSON.stringify(withCredentials.rows)).not.toContain('family@netflix-shared.example');
  });
});

describe('GET /api/admin/subscriptions/:id', () => {
  it('answers one subscription with its customer, and 404 for one that does not exist', async () => {
    const one = await call('GET', `/api/admin/subscriptions/${pending}`, admin.token);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: pending,
      userId: bob.userId,
      customerEmail: bob.email,
      customerName: 'Bob Stone',
      planId: 'spotify',
      status: 'pending',
      credentialsId: null,
    });
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const missing = await call('GET', `/api/admin/subscriptions/${id}`, admin.token);
      expect(missing.status, id).toBe(404);
      expect(missing.body.code).toBe('subscription.not_found');
    }
  });
});
