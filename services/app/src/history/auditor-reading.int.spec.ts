import type { CredentialReveal, HistoryEntry } from '@shop/contracts';
import { exportStreamId } from '@shop/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDataProvider, type AdminDataProvider } from '../testing/admin-data-provider.js';
import { randomIp, requestsTo, signUpAdmin, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { carryOverRevealRows } from '../credentials/carry-over-reveals.js';
import { activeNetflix } from '../testing/paid-subscription.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';

const shop = useTestShop('auditor_reading');
const call = requestsTo(shop);
let admin: HttpCustomer;
let alice: HttpCustomer;
let provider: AdminDataProvider;
let subscriptionId: string;
let setId: string;

/** `2026-11-26 14:03:07 +01:00`: the shop's time, with its offset, to the second. */
const SHOP_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2}$/;

const asAdmin = (method: string, path: string, body?: unknown) => call(method, path, { token: admin.token, body });

const page = { pagination: { page: 1, perPage: 50 }, sort: { field: 'position', order: 'ASC' as const } };
const historyOf = async (filter: Record<string, unknown> = {}) => {
  const { data, total } = await provider.getList(`users/${alice.userId}/history`, { ...page, filter });
  return { entries: data as unknown as HistoryEntry[], total };
};
const reveals = async (
  filter: Record<string, unknown>,
  sort: { field: string; order: 'ASC' | 'DESC' } = { field: 'revealedAt', order: 'DESC' },
) => {
  const { data, total } = await provider.getList('credential-reveals', { ...page, sort, filter });
  return { rows: data as unknown as CredentialReveal[], total };
};

beforeAll(async () => {
  admin = await signUpAdmin(shop, { label: 'auditor', fullName: 'Aude Auditrice', ip: randomIp('10.141') });
  alice = await signUpAndSignIn(shop.url, { label: 'alice', fullName: 'Alice Martin', ip: randomIp('10.142') });
  provider = await adminDataProvider(shop.url, admin.token);
  subscriptionId = await activeNetflix(shop.runtime, alice.userId, 30);
  await eventually(
    () => shop.runtime.knex('accounts').where({ id: alice.userId }).first('id'),
    (row) => row !== undefined,
  );

  const set = await asAdmin('POST', '/api/admin/credentials', {
    planId: 'netflix',
    email: 'family@netflix-shared.example',
    password: 'First-Secret-1',
  });
  expect(set.status).toBe(201);
  setId = String(set.body.id);
  expect(
    (await asAdmin('POST', `/api/admin/subscriptions/${subscriptionId}/credentials`, { credentialsId: setId })).status,
  ).toBe(200);
  // The operator reads version 1, the customer reads it on her page, the operator changes it and reads version 2.
  expect((await asAdmin('GET', `/api/admin/credentials/${setId}`)).status).toBe(200);
  // The assignment reaches her page once projected: "preparing" until then, which reveals nothing.
  const onHerPage = await eventually(
    () => call('GET', `/api/me/subscriptions/${subscriptionId}/credentials`, { token: alice.token }),
    (reply) => reply.body.status !== 'preparing',
  );
  expect(onHerPage.body).toMatchObject({ status: 'ready' });
  const revised = await asAdmin('PUT', `/api/admin/credentials/${setId}`, {
    planId: 'netflix',
    email: 'family@netflix-shared.example',
    password: 'Second-Secret-2',
  });
  expect(revised.body.version).toBe(2);
  // The operator is renamed: what they did before keeps the name they had.
  expect((await asAdmin('PATCH', '/api/me', { fullName: 'Aude Bernard' })).status).toBe(200);
  const why = new URLSearchParams({ reason: 'Le client ne peut plus se connecter' });
  expect((await asAdmin('GET', `/api/admin/credentials/${setId}?${why}`)).status).toBe(200);
  const suspended = await asAdmin('PUT', `/api/admin/subscriptions/${subscriptionId}`, {
    status: 'suspended',
    reason: 'Contrôle du compte partagé',
  });
  expect(suspended.status).toBe(200);
});

describe('who read which credential set, through the back-office provider', () => {
  it('lists every reading newest first, with the set, its version, the reader and the subscription', async () => {
    // Readers are named as the accounts read model has them now: it may not have the rename yet.
    const { rows, total } = await eventually(
      () => reveals({ credentialSetId: setId }),
      (answer) => answer.total === 3 && answer.rows.every((row) => row.userName !== 'Aude Auditrice'),
    );
    expect(total).toBe(3);
    expect(rows.map((row) => [row.viewer, row.userId, row.credentialsVersion])).toEqual([
      ['admin', admin.userId, 2],
      ['customer', alice.userId, 1],
      ['admin', admin.userId, 1],
    ]);
    expect(rows[1]).toMatchObject({ subscriptionId, userName: 'Alice Martin', carriedOver: false });
    expect(rows[0]).toMatchObject({
      subscriptionId: null,
      userName: 'Aude Bernard',
      reason: 'Le client ne peut plus se connecter',
    });
    expect(rows[2]!.reason).toBeNull();
    expect(rows.map((row) => row.position)).toEqual([...rows.map((row) => row.position)].sort((a, b) => b - a));
    expect(JSON.stringify(rows)).not.toContain('Secret');
  });

  it('filters by reader and by set, and sorts oldest first when asked', async () => {
    const byAlice = await reveals({ userId: alice.userId });
    expect(byAlice.rows.map((row) => row.credentialSetId)).toEqual([setId]);
    expect(byAlice.total).toBe(1);
    const byAdminOnSet = await reveals(
      { userId: admin.userId, credentialSetId: setId },
      { field: 'revealedAt', order: 'ASC' },
    );
    expect(byAdminOnSet.rows.map((row) => row.credentialsVersion)).toEqual([1, 2]);
    expect((await reveals({ credentialSetId: 'no-such-set' })).total).toBe(0);
    await expect(
      provider.getList('credential-reveals', { ...page, sort: { field: 'password', order: 'ASC' }, filter: {} }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('are events in the log, on the reader’s own stream', async () => {
    const events = await shop.runtime.store.readStream(`credential-reveals-${alice.userId}`);
    expect(events.map((event) => event.type)).toEqual(['CredentialsRevealed']);
    expect(events[0]!.metadata.actor).toEqual({ type: 'customer', id: alice.userId });
    expect(events[0]!.data).toMatchObject({ credentialSetId: setId, credentialsVersion: 1, subscriptionId });
  });
});

describe("a customer's history, as the back-office reads it", () => {
  it('names the subscription of each line and leaves sign-ins out unless asked', async () => {
    const { entries } = await historyOf();
    const types = entries.map((entry) => entry.type);
    expect(types).toEqual(
      expect.arrayContaining(['AccountRegistered', 'OrderPlaced', 'CredentialsAssigned', 'CredentialsRevealed']),
    );
    expect(types).not.toContain('SignedIn');
    const ordered = entries.find((entry) => entry.type === 'OrderPlaced')!;
    expect(ordered.subscription).toEqual({ id: subscriptionId, planName: 'Netflix' });
    expect(entries.find((entry) => entry.type === 'AccountRegistered')!.subscription).toBeNull();

    const withSignIns = await historyOf({ signIns: true });
    expect(withSignIns.entries.map((entry) => entry.type)).toContain('SignedIn');
    expect(withSignIns.total).toBeGreaterThan(entries.length);
  });

  it('filters by event type and by instant', async () => {
    const assigned = await historyOf({ types: ['CredentialsAssigned', 'SubscriptionStatusChanged'] });
    expect(assigned.entries.map((entry) => entry.type)).toEqual(['CredentialsAssigned', 'SubscriptionStatusChanged']);
    const signIns = await historyOf({ types: ['SignedIn'] });
    expect(signIns.entries.map((entry) => entry.type)).toEqual(['SignedIn']);

    const cut = assigned.entries[0]!.recordedAt;
    const asOf = await historyOf({ asOf: cut });
    expect(asOf.entries.every((entry) => Date.parse(entry.recordedAt) <= Date.parse(cut))).toBe(true);
    expect(asOf.entries.map((entry) => entry.type)).not.toContain('SubscriptionStatusChanged');
    await expect(
      provider.getList(`users/${alice.userId}/history`, { ...page, filter: { asOf: 'yesterday' } }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('names each operator as they were named when they acted', async () => {
    const { entries } = await historyOf({ types: ['CredentialsAssigned', 'SubscriptionStatusChanged'] });
    expect(entries.map((entry) => entry.actor.name)).toEqual(['Aude Auditrice', 'Aude Bernard']);
    expect(entries[0]!.summary).toBe(`Identifiants attribués par Aude Auditrice (jeu ${setId.slice(0, 8)}, version 1)`);
  });

  it('downloads as CSV in the shop time, or as JSON, and records the export', async () => {
    const filter = encodeURIComponent(JSON.stringify({ types: ['OrderPlaced', 'CredentialsRevealed'] }));
    const csv = await fetch(`${shop.url}/api/admin/exports/user-history/${alice.userId}?format=csv&filter=${filter}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="history-.*\.csv"/);
    const lines = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'position,recorded_at,recorded_at_utc,stream,version,type,subscription,actor_type,actor,summary',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]!.split(',')[1]).toMatch(SHOP_TIME);
    expect(lines[1]).toContain(`Netflix ${subscriptionId.slice(0, 8)}`);

    const json = await fetch(`${shop.url}/api/admin/exports/user-history/${alice.userId}?format=json&lang=en`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    const entries = (await json.json()) as HistoryEntry[];
    expect(entries.map((entry) => entry.type)).not.toContain('SignedIn');
    expect(entries.find((entry) => entry.type === 'CredentialsRevealed')!.summary).toBe(
      `Password of set ${setId.slice(0, 8)} (version 1) shown to Alice Martin`,
    );
    const exports = await shop.runtime.store.readStream(exportStreamId(new Date()));
    const recorded = exports.filter((event) => (event.data as { resource: string }).resource === 'user-history');
    expect(recorded.map((event) => (event.data as { rowCount: number }).rowCount)).toEqual([2, entries.length]);
    expect(recorded[0]!.metadata.actor).toEqual({ type: 'admin', id: admin.userId });
  });

  it("tells the back-office the shop's time zone", async () => {
    expect((await asAdmin('GET', '/api/admin/time-zone')).body).toEqual({ timeZone: 'Europe/Paris' });
    expect((await call('GET', '/api/admin/time-zone', { token: alice.token })).status).toBe(403);
  });
});

describe('readings recorded before they were events', () => {
  it('are carried over into the log once, at their time and by their reader, then listed like the others', async () => {
    const readAt = new Date('2026-10-01T08:15:30.000Z');
    await shop.runtime.knex('service_credential_reveals').insert([
      {
        credentials_id: setId,
        credentials_version: 1,
        subscription_id: subscriptionId,
        revealed_by: alice.userId,
        viewer: 'customer',
        revealed_at: readAt,
      },
      { credentials_id: setId, subscription_id: null, revealed_by: admin.userId, viewer: 'admin', revealed_at: readAt },
    ]);
    expect(await carryOverRevealRows(shop.runtime)).toBe(2);
    expect(await carryOverRevealRows(shop.runtime)).toBe(0);

    const carried = await eventually(
      () => reveals({ credentialSetId: setId }, { field: 'revealedAt', order: 'ASC' }),
      (answer) => answer.total === 5,
    );
    expect(carried.rows.slice(0, 2).map((row) => [row.userId, row.credentialsVersion, row.carriedOver])).toEqual(
      expect.arrayContaining([
        [alice.userId, 1, true],
        [admin.userId, null, true],
      ]),
    );
    expect(carried.rows[0]!.revealedAt).toBe(readAt.toISOString());
    const events = await shop.runtime.store.readStream(`credential-reveals-${admin.userId}`);
    expect(events.at(-1)!.metadata.actor).toEqual({ type: 'admin', id: admin.userId });
  });
});
