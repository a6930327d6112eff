import { randomUUID } from 'node:crypto';
import { getSubscription } from '@shop/projections';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateServicePassword } from './password-generator.js';
import { randomIp, requestsTo, signUpAdmin, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { capturingLogger } from '../testing/captured-log.js';
import { activeNetflix } from '../testing/paid-subscription.js';
import { useStandIn, useTestShop } from '../testing/shop-under-test.js';
import { decodeQuotedPrintable, startSmtpCapture } from '../testing/smtp-capture.js';
import { eventually } from '../testing/test-shop.js';

interface ReceivedMail {
  to: string[];
  raw: string;
  text: string;
}

let admin: HttpCustomer;
let alice: HttpCustomer;
let bob: HttpCustomer;

/** Every secret this suite stores: none may appear in the table, the log, the logs or a mail. */
const NETFLIX_LOGIN = `family-${randomUUID().slice(0, 6)}@netflix-shared.example`;
const NETFLIX_PASSWORD = `Np!${randomUUID().slice(0, 12)}`;
const NETFLIX_NOTES = `Profil ${randomUUID().slice(0, 6)}, code PIN 4821`;
const ROTATED_PASSWORD = `Rp#${randomUUID().slice(0, 12)}`;
const SPOTIFY_PASSWORD = `Sp$${randomUUID().slice(0, 12)}`;

const smtp = useStandIn('smtp', () =>
  startSmtpCapture<ReceivedMail>((raw, to) => {
    const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
    const base64 = /Content-Transfer-Encoding:\s*base64/i.test(raw);
    const text = base64
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : decodeQuotedPrintable(body);
    return { to, raw, text: text.replace(/[\u00a0\u202f]/g, ' ') };
  }),
);
const { logger, lines: logLines } = capturingLogger();
const shop = useTestShop('credentials', {
  env: () => ({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example' }),
  logger,
});

beforeAll(async () => {
  admin = await signUpAdmin(shop, { label: 'credentials-admin', ip: randomIp('10.70') });
  alice = await signUpAndSignIn(shop.url, { label: 'alice', fullName: 'Alice Martin', ip: randomIp('10.70') });
  bob = await signUpAndSignIn(shop.url, { label: 'bob', fullName: 'Bob Stone', ip: randomIp('10.70') });
  // The mail job reads the accounts read model, which follows the log.
  for (const customer of [alice, bob]) {
    await eventually(
      () => call('GET', '/api/me', { token: customer.token }),
      (reply) => reply.status === 200,
    );
  }
});

const call = requestsTo(shop);
const asAdmin = (method: string, path: string, body?: unknown) => call(method, path, { token: admin.token, body });
const credentialsOf = (customer: HttpCustomer, subscriptionId: string) =>
  call('GET', `/api/me/subscriptions/${subscriptionId}/credentials`, { token: customer.token });

/** A Netflix order of `customer` placed in `language` and left unpaid. */
async function pendingOrder(customer: HttpCustomer, language: 'fr' | 'en') {
  const order = await call('POST', '/api/orders', {
    token: customer.token,
    headers: { 'accept-language': language },
    body: { planId: 'netflix', months: 1, provider: 'sandbox', billingCountry: 'FR' },
  });
  expect(order.status).toBe(201);
  return order.body as { subscriptionId: string; redirectUrl: string };
}

let netflixId: string;
let spotifyId: string;
let aliceSubscription: string;

describe('the operator stores service credentials', () => {
  it('refuses customers and visitors on every back-office route', async () => {
    const id = randomUUID();
    const routes: Array<[string, string]> = [
      ['GET', '/api/admin/credentials'],
      ['GET', `/api/admin/credentials/${id}`],
      ['POST', '/api/admin/credentials'],
      ['PUT', `/api/admin/credentials/${id}`],
      ['DELETE', `/api/admin/credentials/${id}`],
      ['POST', '/api/admin/credentials/generate-password'],
      ['POST', `/api/admin/subscriptions/${id}/credentials`],
    ];
    const body = { planId: 'netflix', email: 'x@example.com', password: 'p', credentialsId: id };
    for (const [method, path] of routes) {
      const withBody = method === 'GET' || method === 'DELETE' ? {} : { body };
      const visitor = await call(method, path, withBody);
      expect(visitor.status, `${method} ${path} without a session`).toBe(401);
      expect(visitor.body.code).toBe('auth.required');
      const customer = await call(method, path, { token: alice.token, ...withBody });
      expect(customer.status, `${method} ${path} as a customer`).toBe(403);
      expect(customer.body.code).toBe('auth.forbidden');
    }
  });

  it('requires plan, login e-mail and password, and a known plan', async () => {
    const missing = await asAdmin('POST', '/api/admin/credentials', { additionalInfo: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('validation.failed');
    expect((missing.body.errors as Array<{ path: string }>).map((e) => e.path).sort()).toEqual([
      'email',
      'password',
      'planId',
    ]);
    const blank = await asAdmin('POST', '/api/admin/credentials', { planId: 'netflix', email: ' ', password: '   ' });
    expect((blank.body.errors as Array<{ path: string }>).map((e) => e.path).sort()).toEqual(['email', 'password']);
    const notAnEmail = await asAdmin('POST', '/api/admin/credentials', {
      planId: 'netflix',
      email: 'not-an-address',
      password: 'secret',
    });
    expect(notAnEmail.status).toBe(400);
    const unknownPlan = await asAdmin('POST', '/api/admin/credentials', {
      planId: 'no-such-plan',
      email: 'a@example.com',
      password: 'secret',
    });
    expect(unknownPlan.status).toBe(422);
    expect(unknownPlan.body.code).toBe('credentials.unknown_plan');
  });

  it('stores a set and answers it once with its password', async () => {
    const created = await asAdmin('POST', '/api/admin/credentials', {
      planId: 'netflix',
      email: NETFLIX_LOGIN,
      password: NETFLIX_PASSWORD,
      additionalInfo: NETFLIX_NOTES,
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body).toMatchObject({
      planId: 'netflix',
      planName: 'Netflix',
      email: NETFLIX_LOGIN,
      password: NETFLIX_PASSWORD,
      additionalInfo: NETFLIX_NOTES,
      hasPassword: true,
      assignedCount: 0,
      createdBy: admin.userId,
    });
    netflixId = created.body.id as string;

    const spotify = await asAdmin('POST', '/api/admin/credentials', {
      planId: 'spotify',
      email: 'duo@spotify-shared.example',
      password: SPOTIFY_PASSWORD,
      additionalInfo: '',
    });
    expect(spotify.status).toBe(201);
    expect(spotify.body.additionalInfo).toBeNull();
    spotifyId = spotify.body.id as string;
  });

  it('lists sets without any password, filtered by plan, with Content-Range', async () => {
    const all = await asAdmin('GET', `/api/admin/credentials?sort=${encodeURIComponent('["planId","ASC"]')}`);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('credentials 0-1/2');
    expect(all.headers.get('cache-control')).toBe('no-store');
    const rows = all.body as unknown as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.planId)).toEqual(['netflix', 'spotify']);
    expect(rows[0]).toMatchObject({ id: netflixId, email: NETFLIX_LOGIN, hasPassword: true, hasAdditionalInfo: true });
    expect(rows[1]).toMatchObject({ id: spotifyId, hasAdditionalInfo: false });
    for (const row of rows) {
      expect(row).not.toHaveProperty('password');
      expect(row).not.toHaveProperty('additionalInfo');
    }
    expect(JSON.stringify(all.body)).not.toContain(NETFLIX_PASSWORD);

    const filter = encodeURIComponent(JSON.stringify({ planId: 'spotify' }));
    const spotifyOnly = await asAdmin(
      'GET',
      `/api/admin/credentials?filter=${filter}&range=${encodeURIComponent('[0,9]')}`,
    );
    expect(spotifyOnly.headers.get('content-range')).toBe('credentials 0-0/1');
    expect((spotifyOnly.body as unknown as Array<{ id: string }>).map((r) => r.id)).toEqual([spotifyId]);

    const badSort = await asAdmin('GET', `/api/admin/credentials?sort=${encodeURIComponent('["password","ASC"]')}`);
    expect(badSort.status).toBe(400);
  });

  it('reveals one set to the operator and records who did, without the secret', async () => {
    const revealed = await asAdmin('GET', `/api/admin/credentials/${netflixId}`);
    expect(revealed.status).toBe(200);
    expect(revealed.body).toMatchObject({ password: NETFLIX_PASSWORD, additionalInfo: NETFLIX_NOTES });
    // Each reading is an event (CredentialsRevealed), read here from its read model.
    const reveals = await eventually(
      () => shop.runtime.knex('credential_reveals').where({ credential_set_id: netflixId, viewer: 'admin' }),
      (rows) => rows.length > 0,
    );
    expect(reveals.map((r) => r.revealed_by)).toContain(admin.userId);
    expect(reveals.map((r) => r.credentials_version)).toEqual(reveals.map(() => 1));
    expect(JSON.stringify(reveals)).not.toContain(NETFLIX_PASSWORD);

    const unknown = await asAdmin('GET', `/api/admin/credentials/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('credentials.not_found');
  });

  it('generates 12-character passwords from the four kinds of characters', async () => {
    const generated = await asAdmin('POST', '/api/admin/credentials/generate-password');
    expect(generated.status).toBe(200);
    const passwords = [generated.body.password as string, ...Array.from({ length: 50 }, generateServicePassword)];
    for (const password of passwords) {
      expect(password).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[!@#$%^&*]/);
    }
    expect(new Set(passwords).size).toBe(passwords.length);
  });

  it('keeps login, password and notes encrypted in the table', async () => {
    const rows = await shop.runtime.knex('service_credentials').select('*');
    expect(rows).toHaveLength(2);
    const stored = JSON.stringify(rows);
    for (const secret of [NETFLIX_LOGIN, NETFLIX_PASSWORD, NETFLIX_NOTES, SPOTIFY_PASSWORD, 'duo@spotify-shared']) {
      expect(stored).not.toContain(secret);
    }
  });
});

describe('assigning credentials to a subscription', () => {
  it('refuses a pending order, another plan, unknown credentials or subscription', async () => {
    const pending = await pendingOrder(alice, 'fr');
    const notActive = await asAdmin('POST', `/api/admin/subscriptions/${pending.subscriptionId}/credentials`, {
      credentialsId: netflixId,
    });
    expect(notActive.status).toBe(409);
    expect(notActive.body).toMatchObject({ code: 'subscription.not_active', status: 409 });

    aliceSubscription = await activeNetflix(shop.runtime, alice.userId, 30);
    const otherPlan = await asAdmin('POST', `/api/admin/subscriptions/${aliceSubscription}/credentials`, {
      credentialsId: spotifyId,
    });
    expect(otherPlan.status).toBe(409);
    expect(otherPlan.body.code).toBe('credentials.plan_mismatch');

    const unknownSet = await asAdmin('POST', `/api/admin/subscriptions/${aliceSubscription}/credentials`, {
      credentialsId: randomUUID(),
    });
    expect(unknownSet.status).toBe(404);
    expect(unknownSet.body.code).toBe('credentials.not_found');

    const unknownSubscription = await asAdmin('POST', `/api/admin/subscriptions/${randomUUID()}/credentials`, {
      credentialsId: netflixId,
    });
    expect(unknownSubscription.status).toBe(404);
    expect(unknownSubscription.body.code).toBe('subscription.not_found');

    const noBody = await asAdmin('POST', `/api/admin/subscriptions/${aliceSubscription}/credentials`, {});
    expect(noBody.status).toBe(400);
  });

  it('shows "preparing" to the owner until a set is assigned, and nothing to anyone else', async () => {
    const preparing = await credentialsOf(alice, aliceSubscription);
    expect(preparing.status).toBe(200);
    expect(preparing.headers.get('cache-control')).toBe('no-store');
    expect(preparing.body).toEqual({
      status: 'preparing',
      subscriptionId: aliceSubscription,
      planName: 'Netflix',
      logo: '/logos/netflix.svg',
    });

    const someoneElse = await credentialsOf(bob, aliceSubscription);
    const unknown = await credentialsOf(bob, randomUUID());
    const malformed = await credentialsOf(bob, 'not-an-id');
    for (const reply of [someoneElse, unknown, malformed]) {
      expect(reply.status).toBe(404);
      expect(reply.body.code).toBe('subscription.not_found');
    }
    expect((await call('GET', `/api/me/subscriptions/${aliceSubscription}/credentials`)).status).toBe(401);

    const pending = await pendingOrder(bob, 'en');
    await eventually(
      () => getSubscription(shop.runtime.knex, pending.subscriptionId),
      (s) => s !== null,
    );
    const notActive = await credentialsOf(bob, pending.subscriptionId);
    expect(notActive.status).toBe(409);
    expect(notActive.body).toMatchObject({ code: 'subscription.not_active', subscriptionStatus: 'pending' });
  });

  it('assigns the set once, and the owner alone reads it', async () => {
    const assigned = await asAdmin('POST', `/api/admin/subscriptions/${aliceSubscription}/credentials`, {
      credentialsId: netflixId,
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toEqual({ subscriptionId: aliceSubscription, credentialsId: netflixId, changed: true });
    const again = await asAdmin('POST', `/api/admin/subscriptions/${aliceSubscription}/credentials`, {
      credentialsId: netflixId,
    });
    expect(again.body.changed).toBe(false);

    const ready = await eventually(
      () => credentialsOf(alice, aliceSubscription),
      (reply) => reply.body.status === 'ready',
    );
    expect(ready.body).toEqual({
      status: 'ready',
      subscriptionId: aliceSubscription,
      planName: 'Netflix',
      logo: '/logos/netflix.svg',
      email: NETFLIX_LOGIN,
      password: NETFLIX_PASSWORD,
      additionalInfo: NETFLIX_NOTES,
    });
    expect((await credentialsOf(bob, aliceSubscription)).status).toBe(404);
    const customerReveals = await eventually(
      () => shop.runtime.knex('credential_reveals').where({ credential_set_id: netflixId, viewer: 'customer' }),
      (rows) => rows.length > 0,
    );
    expect(customerReveals[0]).toMatchObject({
      revealed_by: alice.userId,
      subscription_id: aliceSubscription,
      credentials_version: 1,
    });
  });

  it('tells the customer by e-mail and notification, in French, with the link and never the secret', async () => {
    const mail = await eventually(
      async () => smtp.messages.find((m) => m.to.includes(alice.email) && m.text.includes('/product-access/')),
      (found) => found !== undefined,
      20_000,
    );
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('Bonjour Alice Martin,');
    expect(mail!.text).toContain('Les identifiants de votre abonnement Netflix sont disponibles');
    expect(mail!.text).toContain(`https://shop.example/product-access/${aliceSubscription}`);
    for (const secret of [NETFLIX_PASSWORD, NETFLIX_LOGIN, NETFLIX_NOTES]) {
      expect(mail!.raw).not.toContain(secret);
      expect(mail!.text).not.toContain(secret);
    }
    const notifications = await eventually(
      () => call('GET', '/api/me/notifications?lang=fr', { token: alice.token }),
      (reply) =>
        (reply.body.data as Array<{ title: string }> | undefined)?.some(
          (n) => n.title === 'Vos identifiants sont prêts',
        ) ?? false,
    );
    const news = (notifications.body.data as Array<{ title: string; type: string; message: string }>).find(
      (n) => n.title === 'Vos identifiants sont prêts',
    )!;
    expect(news.type).toBe('subscription');
    expect(news.message).not.toContain(NETFLIX_PASSWORD);
  });

  it('mails a customer who ordered in English in English', async () => {
    const order = await pendingOrder(bob, 'en');
    const sessionId = order.redirectUrl.split('/').at(-1)!;
    const pay = await call('POST', `/sandbox/sessions/${sessionId}/pay`, { token: bob.token, redirect: 'manual' });
    expect(pay.status).toBe(303);
    await eventually(
      () => getSubscription(shop.runtime.knex, order.subscriptionId),
      (s) => s?.status === 'active',
    );
    // One shared account serves several subscribers of the same plan.
    const assigned = await asAdmin('POST', `/api/admin/subscriptions/${order.subscriptionId}/credentials`, {
      credentialsId: netflixId,
    });
    expect(assigned.status).toBe(200);
    const mail = await eventually(
      async () => smtp.messages.find((m) => m.to.includes(bob.email) && m.text.includes('/product-access/')),
      (found) => found !== undefined,
      20_000,
    );
    expect(mail!.raw).toMatch(/Subject: Your credentials are ready: Netflix/);
    expect(mail!.text).toContain('The credentials of your Netflix subscription are available');
    expect(mail!.text).not.toContain(NETFLIX_PASSWORD);
    const listed = await eventually(
      () => asAdmin('GET', `/api/admin/credentials?filter=${encodeURIComponent(JSON.stringify({ id: netflixId }))}`),
      (reply) => (reply.body as unknown as Array<{ assignedCount: number }>)[0]?.assignedCount === 2,
    );
    expect((listed.body as unknown as Array<{ assignedCount: number }>)[0]!.assignedCount).toBe(2);
  });
});

describe('changing and deleting credentials', () => {
  it('changes a shared set for every subscriber; keeps the password when none is sent', async () => {
    const changed = await asAdmin('PUT', `/api/admin/credentials/${netflixId}`, {
      planId: 'netflix',
      email: NETFLIX_LOGIN,
      password: ROTATED_PASSWORD,
      additionalInfo: null,
    });
    expect(changed.status).toBe(200);
    // A change answers what the list shows: the stored secrets leave only by the recorded reveal.
    expect(changed.body).toMatchObject({ hasPassword: true, hasAdditionalInfo: false, updatedBy: admin.userId });
    expect(changed.body).not.toHaveProperty('password');
    expect(changed.body).not.toHaveProperty('additionalInfo');
    const seen = await credentialsOf(alice, aliceSubscription);
    expect(seen.body).toMatchObject({ password: ROTATED_PASSWORD, additionalInfo: null });
    // What the customer read is recorded with the version it came from: the rotated one.
    const lastRead = await eventually(
      () =>
        shop.runtime
          .knex('credential_reveals')
          .where({ credential_set_id: netflixId, viewer: 'customer', revealed_by: alice.userId })
          .orderBy('position', 'desc')
          .first(),
      (row) => row?.credentials_version === changed.body.version,
    );
    expect(lastRead.credentials_version).toBe(changed.body.version);
    expect(changed.body.version).toBeGreaterThan(1);

    const loginOnly = await asAdmin('PUT', `/api/admin/credentials/${netflixId}`, {
      planId: 'netflix',
      email: NETFLIX_LOGIN,
    });
    expect(loginOnly.status).toBe(200);
    expect(JSON.stringify(loginOnly.body)).not.toContain(ROTATED_PASSWORD);
    const adminReveals = () =>
      shop.runtime.knex('credential_reveals').where({ credential_set_id: netflixId, viewer: 'admin' });
    const revealsBefore = (await adminReveals()).length;
    const revealed = await asAdmin('GET', `/api/admin/credentials/${netflixId}`);
    expect(revealed.body.password).toBe(ROTATED_PASSWORD);
    await eventually(adminReveals, (rows) => rows.length === revealsBefore + 1);

    const invalid = await asAdmin('PUT', `/api/admin/credentials/${netflixId}`, { planId: 'netflix', email: '' });
    expect(invalid.status).toBe(400);
    const moved = await asAdmin('PUT', `/api/admin/credentials/${netflixId}`, {
      planId: 'spotify',
      email: NETFLIX_LOGIN,
    });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('credentials.in_use');
    const unknown = await asAdmin('PUT', `/api/admin/credentials/${randomUUID()}`, {
      planId: 'netflix',
      email: NETFLIX_LOGIN,
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses to delete a set that active subscriptions use, deletes one that none uses', async () => {
    const inUse = await asAdmin('DELETE', `/api/admin/credentials/${netflixId}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ code: 'credentials.in_use', subscriptions: 2 });

    const deleted = await asAdmin('DELETE', `/api/admin/credentials/${spotifyId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: spotifyId });
    expect((await asAdmin('GET', `/api/admin/credentials/${spotifyId}`)).status).toBe(404);
    expect((await asAdmin('DELETE', `/api/admin/credentials/${spotifyId}`)).status).toBe(404);
  });

  it('a second active subscription of the same customer waits for its own assignment', async () => {
    const second = await activeNetflix(shop.runtime, alice.userId, 30);
    expect((await credentialsOf(alice, second)).body.status).toBe('preparing');
  });
});

describe('no secret outside the encrypted table', () => {
  it('neither the event log nor the logs hold a login, password or note', async () => {
    const client = new pg.Client({ connectionString: shop.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ text: string }>(
        `SELECT event_type || data::text || metadata::text AS text FROM es_events`,
      );
      const log = rows.map((r) => r.text).join('\n');
      expect(log).toContain('CredentialsAssigned');
      const logs = logLines.join('\n');
      expect(logs).toContain('service credentials revealed');
      for (const secret of [NETFLIX_LOGIN, NETFLIX_PASSWORD, NETFLIX_NOTES, ROTATED_PASSWORD, SPOTIFY_PASSWORD]) {
        expect(log).not.toContain(secret);
        expect(logs).not.toContain(secret);
      }
    } finally {
      await client.end();
    }
  });
});
