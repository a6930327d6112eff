import { randomUUID } from 'node:crypto';
import { credentialSetStreamId, subscriptionStreamId } from '@shop/domain';
import { getSubscription } from '@shop/projections';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomIp, requestJson, signUpAdmin, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { paidSubscription } from '../testing/paid-subscription.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';

const shop = useTestShop('credential_history');
let admin: HttpCustomer;
let alice: HttpCustomer;

const FIRST_LOGIN = `team-${randomUUID().slice(0, 6)}@netflix-shared.example`;
const NEXT_LOGIN = `family-${randomUUID().slice(0, 6)}@netflix-shared.example`;
const PASSWORDS = [`V1!${randomUUID().slice(0, 12)}`, `V2!${randomUUID().slice(0, 12)}`];
const NOTES = `Profil ${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  admin = await signUpAdmin(shop, { label: 'history-admin', ip: randomIp('10.71') });
  alice = await signUpAndSignIn(shop.url, { label: 'alice', ip: randomIp('10.71') });
});

const asAdmin = (method: string, path: string, body?: unknown) =>
  requestJson(shop.url, method, path, { token: admin.token, body });
const credentialsOf = (subscriptionId: string) =>
  requestJson(shop.url, 'GET', `/api/me/subscriptions/${subscriptionId}/credentials`, { token: alice.token });

async function activeNetflix(): Promise<string> {
  const { subscriptionId } = await paidSubscription(
    shop.runtime.store,
    alice.userId,
    new Date(Date.now() + 30 * 24 * 3600_000),
  );
  await eventually(
    () => getSubscription(shop.runtime.knex, subscriptionId),
    (s) => s?.status === 'active',
  );
  return subscriptionId;
}

const versionRows = (id: string) =>
  shop.runtime.knex('service_credential_versions').where({ credentials_id: id }).orderBy('version');

const rawEvents = async (streamId: string) =>
  (
    await shop.runtime.knex.raw<{ rows: Array<{ text: string }> }>(
      `SELECT event_type || data::text || metadata::text AS text FROM es_events WHERE stream_id = ?`,
      [streamId],
    )
  ).rows.map((row) => row.text);

describe("a set's history", () => {
  let setId: string;
  let subscriptionId: string;

  it('records creation and each change as a new version, refusing a change made on an old one', async () => {
    const created = await asAdmin('POST', '/api/admin/credentials', {
      planId: 'netflix',
      email: FIRST_LOGIN,
      password: PASSWORDS[0],
    });
    expect(created.status).toBe(201);
    expect(created.body.version).toBe(1);
    setId = created.body.id as string;

    const rotated = await asAdmin('PUT', `/api/admin/credentials/${setId}`, {
      planId: 'netflix',
      email: FIRST_LOGIN,
      password: PASSWORDS[1],
      version: 1,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ version: 2, hasPassword: true });
    expect(rotated.body).not.toHaveProperty('password');

    // The same values again are no change: no event, no version.
    const unchanged = await asAdmin('PUT', `/api/admin/credentials/${setId}`, {
      planId: 'netflix',
      email: FIRST_LOGIN,
      version: 2,
    });
    expect(unchanged.body.version).toBe(2);

    subscriptionId = await activeNetflix();
    const assigned = await asAdmin('POST', `/api/admin/subscriptions/${subscriptionId}/credentials`, {
      credentialsId: setId,
    });
    expect(assigned.status).toBe(200);
    const assignment = (await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId))).find(
      (event) => event.type === 'CredentialsAssigned',
    );
    expect(assignment?.data).toMatchObject({ credentialsId: setId, credentialsVersion: 2 });
    expect(assignment?.metadata.actor).toEqual({ type: 'admin', id: admin.userId });

    const relogged = await asAdmin('PUT', `/api/admin/credentials/${setId}`, {
      planId: 'netflix',
      email: NEXT_LOGIN,
      additionalInfo: NOTES,
      version: 2,
    });
    expect(relogged.body).toMatchObject({ version: 3, email: NEXT_LOGIN, hasPassword: true });

    // The customer reads the current version of the set they were given: a change reaches them
    // (once the subscriptions read model has the assignment).
    const seen = await eventually(
      () => credentialsOf(subscriptionId),
      (reply) => reply.body.status === 'ready',
    );
    expect(seen.body).toMatchObject({
      status: 'ready',
      email: NEXT_LOGIN,
      password: PASSWORDS[1],
      additionalInfo: NOTES,
    });

    const stale = await asAdmin('PUT', `/api/admin/credentials/${setId}`, {
      planId: 'netflix',
      email: FIRST_LOGIN,
      password: 'overwritten',
      version: 2,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'credentials.stale', version: 3, expectedVersion: 2 });
    const staleDelete = await asAdmin('DELETE', `/api/admin/credentials/${setId}?version=2`);
    expect(staleDelete.status).toBe(409);
    expect(staleDelete.body.code).toBe('credentials.stale');
    expect((await asAdmin('GET', `/api/admin/credentials/${setId}`)).body).toMatchObject({
      version: 3,
      email: NEXT_LOGIN,
    });
  });

  it('of twenty saves of the same form at once, keeps one and tells every other one it is stale', async () => {
    const created = await asAdmin('POST', '/api/admin/credentials', {
      planId: 'netflix',
      email: FIRST_LOGIN,
      password: PASSWORDS[0],
    });
    const raced = created.body.id as string;
    // One save becomes version 2; every other one is told it is stale.
    const saves = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        asAdmin('PUT', `/api/admin/credentials/${raced}`, {
          planId: 'netflix',
          email: `login-${i}@example.com`,
          version: 1,
        }),
      ),
    );
    expect(created.status).toBe(201);
    expect(saves.filter((save) => save.status === 200)).toHaveLength(1);
    expect(
      new Set(saves.filter((save) => save.status !== 200).map((save) => `${save.status} ${save.body.code}`)),
    ).toEqual(new Set(['409 credentials.stale']));
    expect((await asAdmin('GET', `/api/admin/credentials/${raced}`)).body).toMatchObject({ version: 2 });
  });

  it('is deleted once nothing uses it, and stays readable: four events, three versions, no secret', async () => {
    const other = await asAdmin('POST', '/api/admin/credentials', {
      planId: 'netflix',
      email: 'spare@netflix-shared.example',
      password: 'spare-password',
    });
    await asAdmin('POST', `/api/admin/subscriptions/${subscriptionId}/credentials`, {
      credentialsId: other.body.id,
    });
    await eventually(
      () => getSubscription(shop.runtime.knex, subscriptionId),
      (s) => s?.credentialsId === other.body.id,
    );
    const deleted = await asAdmin('DELETE', `/api/admin/credentials/${setId}?version=3`);
    expect(deleted.status).toBe(200);
    expect((await asAdmin('GET', `/api/admin/credentials/${setId}`)).status).toBe(404);
    expect((await asAdmin('DELETE', `/api/admin/credentials/${setId}`)).status).toBe(404);
    const listed = await asAdmin('GET', '/api/admin/credentials');
    expect((listed.body as unknown as Array<{ id: string }>).map((set) => set.id)).not.toContain(setId);

    const events = await shop.runtime.store.readStream(credentialSetStreamId(setId));
    expect(events.map((event) => [event.type, (event.data as { version: number }).version])).toEqual([
      ['CredentialSetCreated', 1],
      ['CredentialSetRevised', 2],
      ['CredentialSetRevised', 3],
      ['CredentialSetDeleted', 3],
    ]);
    expect(events.map((event) => (event.data as { changed?: string[] }).changed)).toEqual([
      undefined,
      ['password'],
      ['login', 'additionalInfo'],
      undefined,
    ]);
    for (const event of events) {
      expect(event.metadata.actor).toEqual({ type: 'admin', id: admin.userId });
      expect(event.metadata.correlationId).toEqual(expect.any(String));
    }

    const versions = await versionRows(setId);
    expect(versions.map((row) => [row.version, row.created_by])).toEqual([
      [1, admin.userId],
      [2, admin.userId],
      [3, admin.userId],
    ]);
    expect(new Set(versions.map((row) => row.password_encrypted)).size).toBe(2);
    const current = await shop.runtime.knex('service_credentials').where({ id: setId }).first();
    expect(current).toMatchObject({ version: 3, deleted_by: admin.userId });

    const raw = (await rawEvents(credentialSetStreamId(setId))).join('\n');
    const sealed = versions.flatMap((row) =>
      [row.login_encrypted, row.password_encrypted, row.additional_info_encrypted].filter(Boolean),
    );
    for (const secret of [FIRST_LOGIN, NEXT_LOGIN, ...PASSWORDS, NOTES, ...sealed]) {
      expect(raw).not.toContain(secret);
    }
    expect(JSON.stringify(versions)).not.toContain(PASSWORDS[0]);
  });

  it('records a set stored before sets had a stream the first time it is touched, at its original time', async () => {
    const source = await asAdmin('POST', '/api/admin/credentials', {
      planId: 'netflix',
      email: 'legacy@netflix-shared.example',
      password: 'legacy-password',
    });
    const legacyId = randomUUID();
    const storedAt = new Date('2025-03-01T10:00:00.000Z');
    // As the schema migration leaves a set stored before: its row, its version 1, no event.
    await shop.runtime.knex.raw(
      `INSERT INTO service_credentials (id, plan_id, login_encrypted, password_encrypted, additional_info_encrypted,
         created_at, updated_at, created_by, version)
       SELECT ?, plan_id, login_encrypted, password_encrypted, additional_info_encrypted, ?, ?, 'former-admin', 1
         FROM service_credentials WHERE id = ?`,
      [legacyId, storedAt, storedAt, String(source.body.id)],
    );
    await shop.runtime.knex.raw(
      `INSERT INTO service_credential_versions (credentials_id, version, plan_id, login_encrypted, password_encrypted,
         additional_info_encrypted, created_at, created_by)
       SELECT id, 1, plan_id, login_encrypted, password_encrypted, additional_info_encrypted, created_at, created_by
         FROM service_credentials WHERE id = ?`,
      [legacyId],
    );
    const changed = await asAdmin('PUT', `/api/admin/credentials/${legacyId}`, {
      planId: 'netflix',
      email: 'legacy@netflix-shared.example',
      password: 'new-legacy-password',
      version: 1,
    });
    expect(changed.body).toMatchObject({ version: 2, hasPassword: true });
    const events = await shop.runtime.store.readStream(credentialSetStreamId(legacyId));
    expect(events.map((event) => [event.type, event.data, event.metadata.actor])).toEqual([
      [
        'CredentialSetCreated',
        expect.objectContaining({ version: 1, createdAt: storedAt.toISOString(), carriedOver: true }),
        { type: 'admin', id: 'former-admin' },
      ],
      ['CredentialSetRevised', expect.objectContaining({ version: 2 }), { type: 'admin', id: admin.userId }],
    ]);
    expect((await versionRows(legacyId)).map((row) => row.version)).toEqual([1, 2]);
  });
});
