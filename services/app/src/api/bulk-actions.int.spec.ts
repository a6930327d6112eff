import { randomUUID } from 'node:crypto';
import { subscriptionStreamId } from '@shop/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDataProvider, type AdminDataProvider } from '../testing/admin-data-provider.js';
import { randomIp, requestsTo, signUpAdmin, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { activeNetflix, placedOrder } from '../testing/paid-subscription.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';

// Bulk actions on the back-office's lists: each selected record is acted on by its own command,
// a refused one is reported with its code and leaves the others unaffected.

const shop = useTestShop('bulk_actions');
const call = requestsTo(shop);
let admin: HttpCustomer;
let alice: HttpCustomer;
let provider: AdminDataProvider;

beforeAll(async () => {
  admin = await signUpAdmin(shop, { label: 'bulk-admin', ip: randomIp('10.83') });
  alice = await signUpAndSignIn(shop.url, { label: 'bulk-alice', ip: randomIp('10.83') });
  provider = await adminDataProvider(shop.url, admin.token);
});

const asAdmin = (path: string, body: unknown) => call('POST', path, { token: admin.token, body });

/** The subscriptions as the back-office's list shows them, by id. */
async function listed(ids: string[]) {
  const { data } = await provider.getList('subscriptions', {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'createdAt', order: 'ASC' },
    filter: { id: ids },
  });
  return new Map(data.map((row) => [String(row.id), row]));
}

const eventsOf = (subscriptionId: string) => shop.runtime.store.readStream(subscriptionStreamId(subscriptionId));

describe('POST /api/admin/subscriptions/bulk-status', () => {
  it("changes each selected subscription with the one reason, reports each one's outcome, and changes nothing more when sent again", async () => {
    const first = await activeNetflix(shop.runtime, alice.userId, 10);
    const second = await activeNetflix(shop.runtime, alice.userId, 20);
    const { subscriptionId: unpaid } = await placedOrder(shop.runtime.store, alice.userId);
    const missing = randomUUID();
    const ids = [first, unpaid, second, missing];

    const reply = await asAdmin('/api/admin/subscriptions/bulk-status', {
      ids,
      status: 'suspended',
      reason: 'Provider account under review',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ changed: 2, unchanged: 0, refused: 2 });
    const results = reply.body.results as Array<{ id: string; outcome: string; code?: string }>;
    expect(results.map((result) => result.id)).toEqual(ids);
    expect(results.map((result) => result.outcome)).toEqual(['changed', 'refused', 'changed', 'refused']);
    expect(results[1]!.code).toBe('subscription.invalid_transition');
    expect(results[3]!.code).toBe('subscription.not_found');

    // What the operator then sees in the list, and what the history keeps: one event each, with the reason and the actor.
    const rows = await eventually(
      () => listed([first, second, unpaid]),
      (found) => found.get(first)?.status === 'suspended' && found.get(second)?.status === 'suspended',
    );
    expect(rows.get(first)).toMatchObject({ status: 'suspended', statusReason: 'Provider account under review' });
    expect(rows.get(unpaid)).toMatchObject({ status: 'pending' });
    const [firstChange, secondChange] = [(await eventsOf(first)).at(-1)!, (await eventsOf(second)).at(-1)!];
    expect(firstChange.type).toBe('SubscriptionStatusChanged');
    expect(firstChange.metadata).toMatchObject({ actor: { type: 'admin', id: admin.userId } });
    // One batch, one correlation id: an auditor finds every change the operator made at once.
    expect(secondChange.metadata.correlationId).toBe(firstChange.metadata.correlationId);

    const before = (await eventsOf(first)).length;
    const again = await asAdmin('/api/admin/subscriptions/bulk-status', {
      ids: [first, second],
      status: 'suspended',
      reason: 'Provider account under review',
    });
    expect(again.body).toMatchObject({ changed: 0, unchanged: 2, refused: 0 });
    expect(await eventsOf(first)).toHaveLength(before);
  });

  it('refuses a selection that is empty, too large, repeats a record or has no reason, and a customer', async () => {
    const id = randomUUID();
    const bad = [
      { ids: [], status: 'cancelled', reason: 'x' },
      { ids: Array.from({ length: 101 }, () => randomUUID()), status: 'cancelled', reason: 'x' },
      { ids: [id, id], status: 'cancelled', reason: 'x' },
      { ids: [id], status: 'cancelled' },
      { ids: [id], status: 'pending', reason: 'x' },
    ];
    for (const body of bad) {
      const reply = await asAdmin('/api/admin/subscriptions/bulk-status', body);
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.body.code).toBe('validation.failed');
    }
    const customer = await call('POST', '/api/admin/subscriptions/bulk-status', {
      token: alice.token,
      body: { ids: [id], status: 'cancelled', reason: 'x' },
    });
    expect(customer.status).toBe(403);
  });
});

describe('POST /api/admin/inquiries/bulk-status', () => {
  it('moves the selected inquiries on together, and refuses the moves their status does not allow', async () => {
    const sent = await Promise.all(
      ['one', 'two'].map((tag) =>
        call('POST', '/api/support/messages', {
          ip: randomIp('10.84'),
          body: {
            email: `visitor-${tag}-${randomUUID().slice(0, 6)}@example.com`,
            category: 'payment',
            subject: `Card refused ${tag}`,
            message: 'My card was refused twice at checkout, what can I do?',
          },
        }),
      ),
    );
    const ids = sent.map((reply) => reply.body.id as string);
    const taken = await asAdmin('/api/admin/inquiries/bulk-status', { ids, status: 'in_progress' });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ changed: 2, refused: 0 });
    const { data } = await eventually(
      () =>
        provider.getList('inquiries', {
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'receivedAt', order: 'ASC' },
          filter: { id: ids },
        }),
      (list) => list.data.length === 2 && list.data.every((row) => row.status === 'in_progress'),
    );
    expect(data.map((row) => row.statusChangedBy)).toEqual([admin.userId, admin.userId]);

    const back = await asAdmin('/api/admin/inquiries/bulk-status', { ids, status: 'new' });
    expect(back.body).toMatchObject({ changed: 0, refused: 2 });
    expect((back.body.results as Array<{ code: string }>)[0]!.code).toBe('inquiry.invalid_transition');
  });
});

describe('POST /api/admin/credentials/:id/assignments', () => {
  it('gives one stored set to the selected subscriptions of its plan, refusing those it cannot go to', async () => {
    const created = await asAdmin('/api/admin/credentials', {
      planId: 'netflix',
      email: `family-${randomUUID().slice(0, 6)}@example.com`,
      password: 'Shared-Family-Pass-91',
    });
    expect(created.status).toBe(201);
    const setId = created.body.id as string;
    const first = await activeNetflix(shop.runtime, alice.userId, 15);
    const second = await activeNetflix(shop.runtime, alice.userId, 25);
    const { subscriptionId: unpaid } = await placedOrder(shop.runtime.store, alice.userId);

    const reply = await asAdmin(`/api/admin/credentials/${setId}/assignments`, {
      subscriptionIds: [first, second, unpaid],
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ changed: 2, unchanged: 0, refused: 1 });
    expect((reply.body.results as Array<{ code?: string }>)[2]!.code).toBe('subscription.not_active');
    const rows = await eventually(
      () => listed([first, second]),
      (found) => found.get(first)?.credentialsId === setId && found.get(second)?.credentialsId === setId,
    );
    expect(rows.size).toBe(2);

    const spotify = await asAdmin('/api/admin/credentials', {
      planId: 'spotify',
      email: `duo-${randomUUID().slice(0, 6)}@example.com`,
      password: 'Shared-Duo-Pass-27',
    });
    const mismatch = await asAdmin(`/api/admin/credentials/${spotify.body.id as string}/assignments`, {
      subscriptionIds: [first],
    });
    expect(mismatch.body).toMatchObject({ changed: 0, refused: 1 });
    expect((mismatch.body.results as Array<{ code?: string }>)[0]!.code).toBe('credentials.plan_mismatch');

    const unknown = await asAdmin(`/api/admin/credentials/${randomUUID()}/assignments`, { subscriptionIds: [first] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('credentials.not_found');
  });
});
