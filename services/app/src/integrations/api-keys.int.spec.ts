import { createHash } from 'node:crypto';
import { API_KEY_SCOPES, WITHHELD_VALUE, type ApiKeyScope } from '@shop/contracts';
import { apiKeyStreamId } from '@shop/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPE_ROUTES } from '../api/auth/api-key-scopes.js';
import {
  randomIp,
  requestsTo,
  signUpAdmin,
  signUpAndSignIn,
  signUpStaff,
  type HttpCustomer,
} from '../testing/http-customer.js';
import { capturingLogger } from '../testing/captured-log.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';

const { logger, lines: logLines } = capturingLogger('trace');
const shop = useTestShop('api_keys', { plans: true, logger });
const request = requestsTo(shop);

let owner: HttpCustomer;
let support: HttpCustomer;
let customer: HttpCustomer;
const CUSTOMER_NAME = 'Ada Lovelace';
/** Every key created here, for the check that none reached the logs. */
const keysCreated: string[] = [];

beforeAll(async () => {
  owner = await signUpAdmin(shop, { label: 'keys-owner', ip: randomIp('10.81') });
  support = await signUpStaff(shop, { label: 'keys-support', roles: ['support'], ip: randomIp('10.81') });
  customer = await signUpAndSignIn(shop.url, {
    label: 'keys-customer',
    fullName: CUSTOMER_NAME,
    ip: randomIp('10.81'),
  });
}, 60_000);

const keyStreams = async () =>
  Number(
    (await shop.runtime.knex('es_events').where('stream_id', 'like', 'api-key-%').count({ n: '*' }).first())?.n ?? 0,
  );

async function createKey(name: string, scopes: ApiKeyScope[]): Promise<{ id: string; key: string }> {
  const reply = await request('POST', '/api/admin/api-keys', { token: owner.token, body: { name, scopes } });
  expect(reply.status).toBe(201);
  keysCreated.push(String(reply.body.key));
  return reply.body as { id: string; key: string };
}

/** A call with an API key, from an address of its own unless told (failed keys count per address). */
const withKey = (key: string, method: string, path: string, options: { ip?: string; body?: unknown } = {}) =>
  request(method, path, { token: key, ip: options.ip ?? randomIp('10.82'), body: options.body });

const isProblem = (reply: { headers: Headers }) =>
  (reply.headers.get('content-type') ?? '').startsWith('application/problem+json');

describe('API keys in the back-office', () => {
  it('are created by an owner: 201 with the key shown once, recorded with its actor, the key and its hash in no event', async () => {
    const created = await createKey('Accounting export', ['read:invoices', 'read:subscriptions']);
    expect(created.key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    const events = await shop.runtime.store.readStream(apiKeyStreamId(created.id));
    expect(events.map((event) => event.type)).toEqual(['ApiKeyCreated']);
    expect(events[0]!.data).toMatchObject({
      keyId: created.id,
      name: 'Accounting export',
      scopes: ['read:invoices', 'read:subscriptions'],
      prefix: created.key.slice(0, 11),
      createdBy: owner.userId,
    });
    expect(events[0]!.metadata.actor).toEqual({ type: 'admin', id: owner.userId });
    const hash = createHash('sha256').update(created.key).digest();
    const recorded = JSON.stringify(events);
    for (const secret of [created.key, created.key.slice(11), hash.toString('hex'), hash.toString('base64')])
      expect(recorded).not.toContain(secret);
  });

  it('are listed (simple-rest) without the key or its hash, with their prefix, scopes and last use', async () => {
    const created = await createKey('CRM', ['read:subscriptions']);
    expect((await withKey(created.key, 'GET', '/api/admin/subscriptions')).status).toBe(200);
    const list = await request('GET', '/api/admin/api-keys?sort=["createdAt","DESC"]', { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toMatch(/^api-keys 0-\d+\/\d+$/);
    const rows = list.body as unknown as Array<Record<string, unknown>>;
    const row = rows.find((candidate) => candidate.id === created.id);
    expect(row).toMatchObject({
      name: 'CRM',
      scopes: ['read:subscriptions'],
      prefix: created.key.slice(0, 11),
      createdBy: owner.userId,
      revokedAt: null,
    });
    expect(row?.lastUsedAt).toEqual(expect.any(String));
    const hash = createHash('sha256').update(created.key).digest();
    const body = JSON.stringify(rows);
    for (const secret of [created.key, hash.toString('hex'), hash.toString('base64'), '\\\\x'])
      expect(body).not.toContain(secret);
  });

  it('are refused to staff without the api_keys.manage permission (support), to a customer and to a key', async () => {
    const body = { name: 'Mine', scopes: ['read:events'] };
    const bySupport = await request('POST', '/api/admin/api-keys', { token: support.token, body });
    expect(bySupport.status).toBe(403);
    expect(bySupport.body.code).toBe('auth.forbidden');
    expect((await request('GET', '/api/admin/api-keys', { token: support.token })).status).toBe(403);
    expect((await request('POST', '/api/admin/api-keys', { token: customer.token, body })).status).toBe(403);
    const { key } = await createKey('Key maker?', [...API_KEY_SCOPES]);
    const byKey = await withKey(key, 'POST', '/api/admin/api-keys', { body });
    expect(byKey.status).toBe(403);
    expect(byKey.body.code).toBe('api_key.scope_missing');
  });

  it('refuse bad input with 400 problem+json naming the field, and record nothing', async () => {
    const before = await keyStreams();
    for (const body of [
      { name: 'Unknown scope', scopes: ['read:everything'] },
      { name: '   ', scopes: ['read:events'] },
      { name: 'No scope', scopes: [] },
      { name: 'x'.repeat(101), scopes: ['read:events'] },
      { name: 'Extra field', scopes: ['read:events'], key: 'sk_chosen' },
    ]) {
      const reply = await request('POST', '/api/admin/api-keys', { token: owner.token, body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.code).toBe('validation.failed');
      expect(isProblem(reply)).toBe(true);
    }
    const unknown = await request('POST', '/api/admin/api-keys', {
      token: owner.token,
      body: { name: 'Unknown scope', scopes: ['read:everything'] },
    });
    expect(unknown.body.errors).toEqual([expect.objectContaining({ path: 'scopes.0' })]);
    expect(await keyStreams()).toBe(before);
  });
});

describe('a request with an API key', () => {
  it('is served on the routes its scopes open (200), refused elsewhere with 403 api_key.scope_missing', async () => {
    const { key } = await createKey('Subscriptions only', ['read:subscriptions']);
    expect((await withKey(key, 'GET', '/api/admin/subscriptions')).status).toBe(200);
    for (const path of ['/api/admin/invoices', '/api/events', '/api/admin/stats', '/api/admin/users', '/api/me']) {
      const reply = await withKey(key, 'GET', path);
      expect(reply.status, path).toBe(403);
      expect(reply.body.code, path).toBe('api_key.scope_missing');
      expect(isProblem(reply)).toBe(true);
    }
    expect((await withKey(key, 'GET', '/api/admin/invoices')).body.scope).toBe('read:invoices');
  });

  it('is 401 api_key.invalid with a key that is not one of the shop, and a key is never read from a cookie', async () => {
    for (const wrong of ['sk_' + 'A'.repeat(43), 'sk_short']) {
      const reply = await withKey(wrong, 'GET', '/api/admin/subscriptions');
      expect(reply.status).toBe(401);
      expect(reply.body.code).toBe('api_key.invalid');
      expect(isProblem(reply)).toBe(true);
      // RFC 9110 and 6750: a 401 names the scheme it wants, and says the token was not good.
      expect(reply.headers.get('www-authenticate')).toBe('Bearer realm="shop", error="invalid_token"');
    }
    const { key } = await createKey('Cookie test', ['read:subscriptions']);
    const inCookie = await request('GET', '/api/admin/subscriptions', { headers: { Cookie: `access_token=${key}` } });
    expect(inCookie.status).toBe(401);
    expect(inCookie.body.code).toBe('auth.required');
    expect(inCookie.headers.get('www-authenticate')).toBe('Bearer realm="shop"');
  });

  it('acts as the key, never as its creator: write:credentials records the actor api-key:<id>, no CSRF token asked', async () => {
    const { id, key } = await createKey('Provisioning', ['write:credentials']);
    const plans = (await request('GET', '/api/plans')).body.data as Array<{ id: string }>;
    const created = await request('POST', '/api/admin/credentials', {
      token: key,
      ip: randomIp('10.82'),
      headers: { Origin: 'https://elsewhere.example' },
      body: { planId: plans[0]!.id, email: 'shared@example.com', password: 'a shared secret' },
    });
    expect(created.status).toBe(201);
    const events = await shop.runtime.store.readStream(`credential-set-${String(created.body.id)}`);
    expect(events[0]!.metadata.actor).toEqual({ type: 'admin', id: `api-key:${id}` });
    // A history names the key as its owner called it, not a person.
    const [entry] = await shop.runtime.history.entries(events, 'fr');
    expect(entry!.actor.name).toBe('clé d’API « Provisioning »');
    // Reading a stored password is not provisioning.
    const reveal = await withKey(key, 'GET', `/api/admin/credentials/${String(created.body.id)}`);
    expect(reveal.status).toBe(403);
  });

  it('is 401 once the key is revoked, the revocation recorded with its actor, never falling back to the session', async () => {
    const { id, key } = await createKey('To revoke', ['read:subscriptions']);
    expect((await withKey(key, 'GET', '/api/admin/subscriptions')).status).toBe(200);
    const revoked = await request('DELETE', `/api/admin/api-keys/${id}?reason=leaked`, { token: owner.token });
    expect(revoked.status).toBe(200);
    const after = await withKey(key, 'GET', '/api/admin/subscriptions');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('api_key.invalid');
    // The owner's session cookie beside the revoked key opens nothing.
    const withSession = await request('GET', '/api/admin/subscriptions', {
      token: key,
      ip: randomIp('10.82'),
      headers: { Cookie: `access_token=${owner.token}` },
    });
    expect(withSession.status).toBe(401);
    expect(withSession.body.code).toBe('api_key.invalid');
    const events = await shop.runtime.store.readStream(apiKeyStreamId(id));
    expect(events.map((event) => event.type)).toEqual(['ApiKeyCreated', 'ApiKeyRevoked']);
    expect(events[1]!.data).toMatchObject({ keyId: id, revokedBy: owner.userId, reason: 'leaked' });
    expect(events[1]!.metadata.actor).toEqual({ type: 'admin', id: owner.userId });
    const again = await request('DELETE', `/api/admin/api-keys/${id}`, { token: owner.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('api_key.already_revoked');
    expect((await request('DELETE', '/api/admin/api-keys/no-such-key', { token: owner.token })).status).toBe(404);
    const listed = await request('GET', `/api/admin/api-keys?filter={"id":"${id}"}`, { token: owner.token });
    expect((listed.body as unknown as Array<{ revokedAt: string | null }>)[0]?.revokedAt).toEqual(expect.any(String));
  });

  it('is refused 429 from an address that sent too many wrong keys, the right key too', async () => {
    const { key } = await createKey('Rate limited', ['read:subscriptions']);
    const ip = randomIp('10.83');
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await withKey('sk_' + 'B'.repeat(43), 'GET', '/api/admin/subscriptions', { ip })).status).toBe(401);
    const limited = await withKey(key, 'GET', '/api/admin/subscriptions', { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('api_key.rate_limited');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await withKey(key, 'GET', '/api/admin/subscriptions')).status).toBe(200);
  });

  it('opens only documented operations: each one a scope names is in the API document, with the key as a way in', async () => {
    const served = (await (await fetch(`${shop.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
    };
    for (const [scope, operations] of Object.entries(API_KEY_SCOPE_ROUTES)) {
      for (const operation of operations) {
        const [method, path] = operation.split(' ') as [string, string];
        const documented = served.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
        expect(documented, operation).toBeDefined();
        expect(documented?.security, operation).toContainEqual({ apiKey: expect.arrayContaining([scope]) });
      }
    }
  });
});

describe("the back-office's read routes with an API key", () => {
  const COMPANY = 'Lovelace Analytical Engines Ltd';
  const VAT_NUMBER = 'BE0123456749';
  let subscriptionId: string;
  let invoiceId: string;
  const readScopes: ApiKeyScope[] = ['read:customers', 'read:subscriptions', 'read:invoices'];

  beforeAll(async () => {
    const placed = await request('POST', '/api/orders', {
      token: customer.token,
      ip: randomIp('10.84'),
      body: {
        planId: 'netflix',
        months: 1,
        provider: 'sandbox',
        billingCountry: 'BE',
        companyName: COMPANY,
        vatNumber: VAT_NUMBER,
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    subscriptionId = String(placed.body.subscriptionId);
    const sessionId = String(placed.body.redirectUrl).split('/').pop()!;
    await request('POST', `/sandbox/sessions/${sessionId}/pay`, { token: customer.token, ip: randomIp('10.84') });
    const invoices = await eventually(
      () => request('GET', '/api/me/invoices', { token: customer.token, ip: randomIp('10.84') }),
      (reply) => reply.status === 200 && (reply.body.data as unknown[]).length > 0,
    );
    invoiceId = String((invoices.body.data as Array<{ id: string }>)[0]!.id);
  }, 60_000);

  /** What each read route answers the key about the customer, their subscription and their invoice. */
  const readAll = async (key: string) => {
    const paths = [
      `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ id: [customer.userId] }))}`,
      `/api/admin/users/${customer.userId}`,
      `/api/admin/subscriptions?filter=${encodeURIComponent(JSON.stringify({ id: [subscriptionId] }))}`,
      `/api/admin/subscriptions/${subscriptionId}`,
      `/api/admin/invoices?filter=${encodeURIComponent(JSON.stringify({ kind: 'invoice' }))}`,
      `/api/admin/invoices/${encodeURIComponent(invoiceId)}`,
    ];
    const replies = await Promise.all(paths.map((path) => withKey(key, 'GET', path)));
    for (const [index, reply] of replies.entries()) expect(reply.status, paths[index]).toBe(200);
    const [users, user, subscriptions, subscription, invoices, invoice] = replies.map((reply) => reply.body);
    const first = (body: unknown) => (body as unknown as Array<Record<string, unknown>>)[0];
    return {
      body: JSON.stringify(replies.map((reply) => reply.body)),
      user: [first(users), user],
      subscription: [first(subscriptions), subscription],
      invoice: [(invoices as unknown as Array<Record<string, unknown>>).find((row) => row.id === invoiceId), invoice],
    };
  };

  it("withhold the customers' personal data from a key without read:personal-data, the rest as staff read it", async () => {
    const { key } = await createKey('Reporting', readScopes);
    const read = await readAll(key);
    for (const secret of [customer.email, CUSTOMER_NAME, COMPANY, VAT_NUMBER]) expect(read.body).not.toContain(secret);
    for (const user of read.user)
      expect(user).toMatchObject({
        id: customer.userId,
        email: WITHHELD_VALUE,
        fullName: WITHHELD_VALUE,
        segment: 'with',
      });
    for (const subscription of read.subscription)
      expect(subscription).toMatchObject({
        id: subscriptionId,
        userId: customer.userId,
        customerEmail: WITHHELD_VALUE,
        customerName: WITHHELD_VALUE,
        planId: 'netflix',
        status: 'active',
      });
    for (const invoice of read.invoice)
      expect(invoice).toMatchObject({
        id: invoiceId,
        customerName: WITHHELD_VALUE,
        companyName: WITHHELD_VALUE,
        vatNumber: WITHHELD_VALUE,
        country: 'BE',
        grossCents: 453,
      });
  });

  it('give them to a key with read:personal-data, as staff read them', async () => {
    const { key } = await createKey('CRM with contacts', [...readScopes, 'read:personal-data']);
    const read = await readAll(key);
    for (const user of read.user) expect(user).toMatchObject({ email: customer.email, fullName: CUSTOMER_NAME });
    for (const subscription of read.subscription)
      expect(subscription).toMatchObject({ customerEmail: customer.email, customerName: CUSTOMER_NAME });
    for (const invoice of read.invoice)
      expect(invoice).toMatchObject({ customerName: CUSTOMER_NAME, companyName: COMPANY, vatNumber: VAT_NUMBER });
    const pdf = await fetch(`${shop.url}/api/admin/invoices/${encodeURIComponent(invoiceId)}/pdf`, {
      headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': randomIp('10.84') },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it('refuse a key without read:personal-data an invoice PDF (it names the buyer), a search by words and a sort by name or e-mail', async () => {
    const { key } = await createKey('Reporting, no contacts', readScopes);
    const pdf = await withKey(key, 'GET', `/api/admin/invoices/${encodeURIComponent(invoiceId)}/pdf`);
    expect(pdf.status).toBe(403);
    expect(pdf.body).toMatchObject({ code: 'api_key.scope_missing', scope: 'read:personal-data' });
    for (const resource of ['users', 'subscriptions', 'invoices']) {
      const search = await withKey(
        key,
        'GET',
        `/api/admin/${resource}?filter=${encodeURIComponent('{"q":"Lovelace"}')}`,
      );
      expect(search.status, resource).toBe(403);
      expect(search.body, resource).toMatchObject({ code: 'api_key.scope_missing', scope: 'read:personal-data' });
      expect(isProblem(search)).toBe(true);
    }
    // Nor sort by it: the order of the rows would tell it.
    for (const [resource, field] of [
      ['users', 'email'],
      ['users', 'fullName'],
      ['subscriptions', 'customerEmail'],
      ['subscriptions', 'customerName'],
    ]) {
      const sorted = await withKey(
        key,
        'GET',
        `/api/admin/${resource}?sort=${encodeURIComponent(`["${field}","ASC"]`)}`,
      );
      expect(sorted.status, field).toBe(403);
      expect(sorted.body, field).toMatchObject({ code: 'api_key.scope_missing', scope: 'read:personal-data' });
    }
    expect(
      (await withKey(key, 'GET', `/api/admin/users?sort=${encodeURIComponent('["createdAt","DESC"]')}`)).status,
    ).toBe(200);
    const { key: withContacts } = await createKey('CRM sorting by name', [...readScopes, 'read:personal-data']);
    const byName = await withKey(
      withContacts,
      'GET',
      `/api/admin/users?sort=${encodeURIComponent('["fullName","ASC"]')}`,
    );
    expect(byName.status).toBe(200);
    // Staff search as before.
    const bySupport = await request('GET', `/api/admin/users?filter=${encodeURIComponent('{"q":"Lovelace"}')}`, {
      token: owner.token,
    });
    expect(bySupport.status).toBe(200);
    expect(bySupport.body).toEqual([expect.objectContaining({ id: customer.userId, fullName: CUSTOMER_NAME })]);
  });
});

describe('GET /api/events', () => {
  interface Page {
    events: Array<{ id: string; type: string; position: number; recordedAt: string; streamId: string; data: object }>;
    next: number;
  }
  const page = async (key: string, query: string) => {
    const reply = await withKey(key, 'GET', `/api/events${query}`);
    expect(reply.status).toBe(200);
    return reply.body as unknown as Page;
  };
  /** The whole log as the key reads it, page after page. */
  const everything = async (key: string) => {
    const events: Page['events'] = [];
    for (let after = 0; ;) {
      const { events: some, next } = await page(key, `?after=${after}&limit=1000`);
      if (some.length === 0) return events;
      events.push(...some);
      after = next;
    }
  };

  it('gives the events in order, `limit` at a time, `next` going on where the page ended', async () => {
    const { key } = await createKey('Feed', ['read:events']);
    const first = await page(key, '?limit=5');
    expect(first.events).toHaveLength(5);
    // The log's own order, as a projection reads it (commit order).
    const { events: logOrder } = await shop.runtime.store.readAll({ maxCount: 5 });
    expect(first.events.map((event) => event.id)).toEqual(logOrder.map((event) => event.id));
    expect(first.events.map((event) => event.position)).toEqual(logOrder.map((event) => event.globalPosition));
    expect(first.next).toBe(first.events.at(-1)!.position);
    expect(Object.keys(first.events[0]!).sort()).toEqual(['data', 'id', 'position', 'recordedAt', 'streamId', 'type']);
    const second = await page(key, `?after=${first.next}&limit=5`);
    const both = await page(key, '?after=0&limit=10');
    expect(both.events.map((event) => event.id)).toEqual([...first.events, ...second.events].map((event) => event.id));
    // Without parameters: the log from its start, 100 at most. Jobs may append while it is read:
    // the page holds what was there before it was asked, and is the start of what is there after.
    const before = (await everything(key)).length;
    const { events: fromStart } = await page(key, '');
    const after = await everything(key);
    expect(fromStart.length).toBeGreaterThanOrEqual(Math.min(100, before));
    expect(fromStart.length).toBeLessThanOrEqual(Math.min(100, after.length));
    expect(fromStart.map((event) => event.id)).toEqual(after.slice(0, fromStart.length).map((event) => event.id));
    const end = await page(key, `?after=${(await everything(key)).at(-1)!.position}`);
    expect(end.events).toEqual([]);
  });

  it('leaves personal data out for a key without read:personal-data and gives it to one with it', async () => {
    const plain = await createKey('Feed without personal data', ['read:events']);
    const personal = await createKey('Feed with personal data', ['read:events', 'read:personal-data']);
    const registered = (events: Page['events']) =>
      events.find((event) => event.type === 'AccountRegistered' && event.streamId === `account-${customer.userId}`);
    const withoutLog = await everything(plain.key);
    expect(registered(withoutLog)?.data).toEqual(
      expect.not.objectContaining({ email: expect.anything(), fullName: expect.anything() }),
    );
    expect(registered(withoutLog)?.data).toMatchObject({ userId: customer.userId });
    const body = JSON.stringify(withoutLog);
    expect(body).not.toContain(customer.email);
    expect(body).not.toContain(CUSTOMER_NAME);
    expect(body).not.toContain('pd1:');
    const withLog = await everything(personal.key);
    expect(registered(withLog)?.data).toMatchObject({ email: customer.email, fullName: CUSTOMER_NAME });
  });

  it('refuses a limit above 1000, a request without a key (a session is not one) and a key without read:events', async () => {
    const { key } = await createKey('Feed limits', ['read:events']);
    const tooMany = await withKey(key, 'GET', '/api/events?limit=1001');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('validation.failed');
    const bySession = await request('GET', '/api/events', { token: owner.token });
    expect(bySession.status).toBe(401);
    expect(bySession.body.code).toBe('api_key.required');
    const other = await createKey('No feed', ['read:invoices']);
    expect((await withKey(other.key, 'GET', '/api/events')).body.code).toBe('api_key.scope_missing');
  });
});

describe('the logs', () => {
  it('never hold a key, though each was created, used and refused here with logging at its most verbose', () => {
    expect(keysCreated.length).toBeGreaterThan(5);
    expect(logLines.length).toBeGreaterThan(0);
    const leaked = keysCreated.filter((key) => logLines.some((line) => line.includes(key.slice(3))));
    expect(leaked).toEqual([]);
  });

  it("name the key a request came with, by its id, on the request's line", async () => {
    const { id, key } = await createKey('Logged', ['read:subscriptions']);
    expect((await withKey(key, 'GET', '/api/admin/subscriptions?range=[0,0]')).status).toBe(200);
    const lines = await eventually(
      async () =>
        logLines
          .filter((raw) => raw.includes(id))
          .map((raw) => JSON.parse(raw) as Record<string, unknown>)
          .filter((entry) => entry.path === '/api/admin/subscriptions'),
      (found) => found.length > 0,
    );
    expect(lines).toContainEqual(expect.objectContaining({ method: 'GET', status: 200, apiKeyId: id }));
  });
});
