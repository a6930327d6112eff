import { randomUUID } from 'node:crypto';
import type { AdminStats } from '@shop/contracts';
import { subscriptionStreamId } from '@shop/domain';
import { getSubscription } from '@shop/projections';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDataProvider } from '../testing/admin-data-provider.js';
import { randomIp, requestJson, signUpAdmin, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { activeNetflix, paidSubscription, placedOrder } from '../testing/paid-subscription.js';
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

/** The list filtered by `filter`, once it holds exactly one subscription (the read model may trail). */
const listedAlone = (filter: Record<string, unknown>) =>
  eventually(
    () => list({ filter }),
    (reply) => reply.rows.length === 1,
  );

const idsOf = async (params: Parameters<typeof list>[0]) => (await list(params)).rows.map((row) => row.id);

beforeAll(async () => {
  database = await createTestDatabase('admin_subscriptions');
  shop = await startTestShop({ databaseUrl: database.url });
  admin = await signUpAdmin(shop, { label: 'subscriptions-admin', ip: randomIp('10.71') });
  alice = await signUpAndSignIn(shop.url, { label: 'alice', fullName: 'Alice Martin', ip: randomIp('10.71') });
  bob = await signUpAndSignIn(shop.url, { label: 'bob', fullName: 'Bob Stone', ip: randomIp('10.71') });

  soon = await activeNetflix(shop.runtime, alice.userId, 10);
  later = await activeNetflix(shop.runtime, alice.userId, 20);
  const order = await eventually(
    () =>
      requestJson(shop.url, 'POST', '/api/orders', {
        token: bob.token,
        body: { planId: 'spotify', months: 1, provider: 'sandbox', billingCountry: 'FR' },
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
    expect(beyond.range).toBe('subscriptions */3');
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

    const withCredentials = await listedAlone({ hasCredentials: true });
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

describe('PUT /api/admin/subscriptions/:id (status change with a reason)', () => {
  const history = async (id: string) =>
    (await shop.runtime.store.readStream(subscriptionStreamId(id))).map((event) => ({
      type: event.type,
      data: event.data as Record<string, unknown>,
      actor: (event.metadata as { actor?: unknown }).actor,
    }));

  it('suspends then reactivates through the real data provider, the operator as actor and the reason kept', async () => {
    const provider = await adminDataProvider(shop.url, admin.token);
    const { data: before } = await provider.getOne('subscriptions', { id: later });
    const suspended = await provider.update('subscriptions', {
      id: later,
      data: { status: 'suspended', reason: 'Paiement contesté auprès de la banque' },
      previousData: before,
    });
    expect(suspended.data).toMatchObject({
      id: later,
      status: 'suspended',
      statusReason: 'Paiement contesté auprès de la banque',
      customerEmail: alice.email,
    });
    const changed = (await history(later)).filter((event) => event.type === 'SubscriptionStatusChanged');
    expect(changed).toEqual([
      {
        type: 'SubscriptionStatusChanged',
        data: expect.objectContaining({
          from: 'active',
          to: 'suspended',
          reason: 'Paiement contesté auprès de la banque',
        }),
        actor: { type: 'admin', id: admin.userId },
      },
    ]);
    await eventually(
      () => provider.getOne('subscriptions', { id: later }),
      (reply) => reply.data.status === 'suspended',
    );
    const again = await provider.update('subscriptions', {
      id: later,
      data: { status: 'active', reason: 'Litige réglé' },
      previousData: suspended.data,
    });
    expect(again.data).toMatchObject({ status: 'active', statusReason: 'Litige réglé' });
    await eventually(
      () => provider.getOne('subscriptions', { id: later }),
      (reply) => reply.data.status === 'active' && reply.data.statusReason === 'Litige réglé',
    );
  });

  it('refuses an illegal move with 409 subscription.invalid_transition, and changes nothing', async () => {
    const provider = await adminDataProvider(shop.url, admin.token);
    const { data: before } = await provider.getOne('subscriptions', { id: pending });
    const eventsBefore = (await history(pending)).length;
    const refused = await provider
      .update('subscriptions', {
        id: pending,
        data: { status: 'active', reason: 'Payé en liquide' },
        previousData: before,
      })
      .catch((error: { status: number; body: { code: string; allowed: string[] } }) => error);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'subscription.invalid_transition', allowed: ['cancelled'] },
    });
    expect((await history(pending)).length).toBe(eventsBefore);
    expect((await provider.getOne('subscriptions', { id: pending })).data.status).toBe('pending');
  });

  it('refuses bad input with 400, and changes nothing', async () => {
    const eventsBefore = (await history(soon)).length;
    for (const body of [
      { status: 'suspended' },
      { status: 'suspended', reason: '   ' },
      { status: 'pending', reason: 'Retour en attente' },
      { status: 'lost', reason: 'x' },
      { status: 'suspended', reason: 'x'.repeat(501) },
      { status: 'suspended', reason: 'ok', customerEmail: 'someone@else.example' },
    ]) {
      const reply = await call('PUT', `/api/admin/subscriptions/${soon}`, admin.token, body);
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.body.code).toBe('validation.failed');
    }
    const missing = await call('PUT', `/api/admin/subscriptions/${randomUUID()}`, admin.token, {
      status: 'suspended',
      reason: 'Test',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('subscription.not_found');
    expect((await history(soon)).length).toBe(eventsBefore);
  });

  it('is for admins only', async () => {
    const body = { status: 'cancelled', reason: 'Je veux annuler' };
    expect((await call('PUT', `/api/admin/subscriptions/${soon}`, undefined, body)).status).toBe(401);
    const customer = await call('PUT', `/api/admin/subscriptions/${soon}`, alice.token, body);
    expect(customer.status).toBe(403);
    expect((await call('DELETE', `/api/admin/subscriptions/${soon}`, alice.token, { reason: 'x' })).status).toBe(403);
    expect((await call('DELETE', `/api/admin/subscriptions/${soon}`, undefined, { reason: 'x' })).status).toBe(401);
    expect((await getSubscription(shop.runtime.knex, soon))?.status).toBe('active');
  });
});

describe('POST /api/admin/subscriptions/:id/reactivation (a cancellation taken back)', () => {
  const reactivate = (id: string, body: unknown, token = admin.token) =>
    call('POST', `/api/admin/subscriptions/${id}/reactivation`, token, body);

  it('makes a cancelled subscription active again before its expiry, both actions kept in its history', async () => {
    const provider = await adminDataProvider(shop.url, admin.token);
    const carla = await signUpAndSignIn(shop.url, { label: 'carla', fullName: 'Carla Rey', ip: randomIp('10.71') });
    const id = await activeNetflix(shop.runtime, carla.userId, 15);
    const { data: before } = await eventually(
      () => provider.getOne('subscriptions', { id }),
      (reply) => reply.data.status === 'active',
    );
    await provider.update('subscriptions', {
      id,
      data: { status: 'cancelled', reason: 'Demande du client' },
      previousData: before,
    });
    await eventually(
      () => provider.getOne('subscriptions', { id }),
      (reply) => reply.data.status === 'cancelled',
    );

    expect((await reactivate(id, { reason: 'x' }, carla.token)).status).toBe(403);
    expect((await reactivate(id, { reason: '  ' })).body.code).toBe('validation.failed');
    const again = await reactivate(id, { reason: 'Annulé par erreur' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, status: 'active', statusReason: 'Annulé par erreur' });
    const shown = await eventually(
      () => provider.getOne('subscriptions', { id }),
      (reply) => reply.data.status === 'active',
    );
    expect(shown.data).toMatchObject({
      status: 'active',
      statusReason: 'Annulé par erreur',
      customerEmail: carla.email,
    });

    const events = await shop.runtime.store.readStream(subscriptionStreamId(id));
    const changes = events.filter((event) => event.type === 'SubscriptionStatusChanged');
    expect(changes.map((event) => [event.data, event.metadata.actor])).toEqual([
      [
        expect.objectContaining({ from: 'active', to: 'cancelled', reason: 'Demande du client' }),
        { type: 'admin', id: admin.userId },
      ],
      [
        expect.objectContaining({ from: 'cancelled', to: 'active', reason: 'Annulé par erreur' }),
        { type: 'admin', id: admin.userId },
      ],
    ]);

    // Not cancelled (any more): refused with a stable code, nothing recorded.
    const twice = await reactivate(id, { reason: 'Encore' });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('subscription.not_cancelled');
    expect((await shop.runtime.store.readStream(subscriptionStreamId(id))).length).toBe(events.length);
  });

  it('refuses an expired subscription, an order never paid and an unknown one', async () => {
    const provider = await adminDataProvider(shop.url, admin.token);
    const dora = await signUpAndSignIn(shop.url, { label: 'dora', fullName: 'Dora Lind', ip: randomIp('10.71') });
    const past = new Date(Date.now() - 2 * DAY);
    past.setUTCHours(12, 0, 0, 0);
    const { subscriptionId: expired } = await paidSubscription(shop.runtime.store, dora.userId, past);
    const { subscriptionId: unpaid } = await placedOrder(shop.runtime.store, dora.userId);
    await eventually(
      () => provider.getMany('subscriptions', { ids: [expired, unpaid] }),
      (reply) => reply.data.length === 2,
    );
    const cancelled = await call('PUT', `/api/admin/subscriptions/${unpaid}`, admin.token, {
      status: 'cancelled',
      reason: 'Jamais payé',
    });
    expect(cancelled.status).toBe(200);
    const expiredRefusal = await reactivate(expired, { reason: 'Retour' });
    expect(expiredRefusal.status).toBe(409);
    expect(expiredRefusal.body.code).toBe('subscription.not_cancelled');
    const unpaidRefusal = await reactivate(unpaid, { reason: 'Retour' });
    expect(unpaidRefusal.status).toBe(409);
    expect(unpaidRefusal.body.code).toBe('subscription.not_paid');
    const unknown = await reactivate(randomUUID(), { reason: 'Retour' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('subscription.not_found');
  });
});

describe('DELETE /api/admin/subscriptions/:id (void with a reason)', () => {
  it('needs a reason: the bare ra-data-simple-rest delete is refused and nothing changes', async () => {
    const provider = await adminDataProvider(shop.url, admin.token);
    const refused = await provider
      .delete('subscriptions', { id: pending })
      .catch((error: { status: number; body: { code: string } }) => error);
    expect(refused).toMatchObject({ status: 400, body: { code: 'validation.failed' } });
    expect((await call('DELETE', `/api/admin/subscriptions/${pending}`, admin.token, { reason: '' })).status).toBe(400);
    expect((await provider.getOne('subscriptions', { id: pending })).data.id).toBe(pending);
  });

  it('voids it: gone from the list, the figures and the customer’s own list; its history kept', async () => {
    const provider = await adminDataProvider(shop.url, admin.token);
    const figures = async () => (await call('GET', '/api/admin/stats', admin.token)).body as unknown as AdminStats;
    const before = await figures();
    const listed = await provider.getList('subscriptions', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(listed.data.map((row) => row.id)).toContain(soon);

    // Paid: refunded rather than voided, unless the operator insists (its payment then leaves the revenue).
    const paid = await call('DELETE', `/api/admin/subscriptions/${soon}`, admin.token, {
      reason: 'Commande enregistrée deux fois',
    });
    expect(paid.status).toBe(409);
    expect(paid.body).toMatchObject({ code: 'subscription.void_paid', keptCents: expect.any(Number) });
    expect((await provider.getOne('subscriptions', { id: soon })).data).not.toHaveProperty('voidedAt');
    expect(await figures()).toEqual(before);

    const voided = await call('DELETE', `/api/admin/subscriptions/${soon}`, admin.token, {
      reason: 'Commande enregistrée deux fois',
      insist: true,
    });
    expect(voided.status).toBe(200);
    // Voided, when and why; otherwise as it was.
    const voidedView = {
      id: soon,
      status: 'active',
      voidReason: 'Commande enregistrée deux fois',
      customerEmail: alice.email,
      voidedAt: expect.stringMatching(/Z$/),
    };
    expect(voided.body).toMatchObject(voidedView);

    const after = await eventually(
      () =>
        provider.getList('subscriptions', {
          pagination: { page: 1, perPage: 25 },
          sort: { field: 'createdAt', order: 'DESC' },
          filter: {},
        }),
      (reply) => !reply.data.some((row) => row.id === soon),
    );
    expect(after.total).toBe(listed.total! - 1);
    // Its page stays readable with its history: voided, when and why.
    const page = await provider.getOne('subscriptions', { id: soon });
    expect(page.data).toMatchObject(voidedView);
    expect((await provider.getMany('subscriptions', { ids: [soon, later] })).data.map((row) => row.id)).toEqual([
      later,
    ]);

    const now = await figures();
    expect(now.subscriptions.total).toBe(before.subscriptions.total - 1);
    expect(now.activeSubscriptions).toBe(before.activeSubscriptions - 1);
    expect(now.totalRevenueCents).toBe(before.totalRevenueCents - (voided.body.totalCents as number));

    const mine = await call('GET', '/api/me/subscriptions', alice.token);
    expect((mine.body.data as Array<{ id: string }>).map((s) => s.id)).not.toContain(soon);

    const events = await shop.runtime.store.readStream(subscriptionStreamId(soon));
    expect(events.map((event) => event.type)).toEqual([
      'OrderPlaced',
      'PaymentConfirmed',
      'CredentialsAssigned',
      'SubscriptionVoided',
    ]);
    expect(events.at(-1)!.metadata).toMatchObject({ actor: { type: 'admin', id: admin.userId } });

    // Voiding again changes nothing; a voided subscription's status can no longer change.
    const twice = await call('DELETE', `/api/admin/subscriptions/${soon}`, admin.token, { reason: 'Encore' });
    expect(twice.status).toBe(200);
    expect(twice.body.voidReason).toBe('Commande enregistrée deux fois');
    expect((await shop.runtime.store.readStream(subscriptionStreamId(soon))).length).toBe(events.length);
    const change = await call('PUT', `/api/admin/subscriptions/${soon}`, admin.token, {
      status: 'cancelled',
      reason: 'x',
    });
    expect(change.status).toBe(409);
    expect(change.body.code).toBe('subscription.voided');
  });

  it('answers 404 for a subscription that does not exist', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const reply = await call('DELETE', `/api/admin/subscriptions/${id}`, admin.token, { reason: 'x' });
      expect(reply.status, id).toBe(404);
      expect(reply.body.code).toBe('subscription.not_found');
    }
  });
});

describe('GET /api/admin/subscriptions: what the customers asked for', () => {
  it('filters the subscriptions their customers cancelled, and those whose refund they asked for', async () => {
    const carol = await signUpAndSignIn(shop.url, { label: 'carol', fullName: 'Carol Vidal', ip: randomIp('10.71') });
    const dave = await signUpAndSignIn(shop.url, { label: 'dave', fullName: 'Dave Roux', ip: randomIp('10.71') });
    // Paid a day or two ago: within the 7-day guarantee.
    const cancelledByCarol = await activeNetflix(shop.runtime, carol.userId, 29);
    const refundForDave = await activeNetflix(shop.runtime, dave.userId, 29);
    expect(await idsOf({ filter: { customerCancelled: true } })).toEqual([]);
    expect(await idsOf({ filter: { refundRequested: true } })).toEqual([]);

    const cancelled = await call('POST', `/api/me/subscriptions/${cancelledByCarol}/cancel`, carol.token, {
      reason: 'Trop cher',
    });
    expect(cancelled.status).toBe(200);
    const asked = await call('POST', `/api/me/subscriptions/${refundForDave}/refund-request`, dave.token, {
      reason: 'Ne marche pas sur ma télévision',
    });
    expect(asked.status).toBe(201);

    const byCustomer = await listedAlone({ customerCancelled: true });
    expect(byCustomer.rows[0]).toMatchObject({
      id: cancelledByCarol,
      status: 'active',
      cancellationReason: 'Trop cher',
      customerCancelledAt: expect.any(String),
    });
    const refunds = await listedAlone({ refundRequested: true });
    expect(refunds.rows[0]).toMatchObject({
      id: refundForDave,
      refundReason: 'Ne marche pas sur ma télévision',
      refundRequestedAt: expect.any(String),
    });
    expect(refunds.range).toBe('subscriptions 0-0/1');
    // As a hand-written URL would say it, and together with the other filters.
    expect(await idsOf({ filter: { refundRequested: 'true', status: 'active' } })).toEqual([refundForDave]);
    expect(await idsOf({ filter: { customerCancelled: true, refundRequested: true } })).toEqual([]);
    expect(await idsOf({ filter: { customerCancelled: false, userId: carol.userId } })).toEqual([]);
    expect((await list({ filter: { refundRequested: 'maybe' } })).status).toBe(400);

    // The operator gives part of it back: the request is answered and leaves the queue.
    const gesture = await call('POST', `/api/admin/subscriptions/${refundForDave}/refunds`, admin.token, {
      amountCents: 100,
      reason: 'Un geste',
    });
    expect(gesture.status).toBe(201);
    await eventually(
      () => idsOf({ filter: { refundRequested: true } }),
      (ids) => ids.length === 0,
    );
  });
});
