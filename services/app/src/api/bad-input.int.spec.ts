import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { ALL_PROJECTIONS, projectionStatuses } from '@shop/projections';
import { createTestDatabase, testServices, uniqueRedisPrefix, type TestDatabase } from '@shop/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson } from '../testing/http-customer.js';
import { eventually, startTestShop, turnOnStaffTwoFactor, type TestShop } from '../testing/test-shop.js';

/**
 * Drives every operation of /api/openapi.json with generated bad input: wrong types, huge
 * strings, control characters and lone surrogates, bad percent-encodings, bodies that are not
 * what their headers say, unknown fields. None may answer 5xx, every refusal is problem+json with
 * a code, and nothing may change in the log or the read models.
 */

const RUNS_PER_OPERATION = Number(process.env.BAD_INPUT_RUNS ?? 20);
const ADMIN = `admin-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'a long enough passphrase';

let database: TestDatabase;
let shop: TestShop;
let customerToken: string;
let adminToken: string;

interface Operation {
  method: string;
  path: string;
  hasBody: boolean;
  /** Each member of the body and the JSON types it accepts (empty when the document does not say). */
  bodyProperties: Array<{ name: string; types: string[] }>;
  queryParameters: string[];
}

async function signIn(email: string): Promise<string> {
  const ip = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  expect(
    (await requestJson(shop.url, 'POST', '/api/auth/sign-up', { ip, body: { email, password: PASSWORD } })).status,
  ).toBe(201);
  const reply = await requestJson(shop.url, 'POST', '/api/auth/sign-in', { ip, body: { email, password: PASSWORD } });
  expect(reply.status).toBe(200);
  return String(reply.body.accessToken);
}

async function caughtUp(): Promise<void> {
  await eventually(
    () => projectionStatuses(shop.runtime.knex, shop.runtime.store, ALL_PROJECTIONS),
    (statuses) => statuses.every((s) => s.lagEvents === 0 && s.activeGeneration !== null),
  );
}

/** The log's length and head, and a digest of every read-model table's content. */
async function snapshot(): Promise<Record<string, string>> {
  const { knex } = shop.runtime;
  const log = await knex.raw<{ rows: Array<{ n: string; head: string | null }> }>(
    'SELECT count(*) AS n, max(global_position) AS head FROM es_events',
  );
  const state: Record<string, string> = { log: `${log.rows[0]!.n}@${log.rows[0]!.head}` };
  for (const table of ALL_PROJECTIONS.flatMap((p) => Object.keys(p.tables))) {
    const digest = await knex.raw<{ rows: Array<{ digest: string | null }> }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ?? t`,
      [table],
    );
    state[table] = digest.rows[0]!.digest ?? 'empty';
  }
  return state;
}

beforeAll(async () => {
  database = await createTestDatabase('bad_input');
  shop = await startTestShop({
    databaseUrl: database.url,
    redisUrl: testServices().redisUrl,
    queuePrefix: uniqueRedisPrefix('bad-input'),
    env: { ADMIN_EMAILS: ADMIN },
  });
  customerToken = await signIn(`customer-${randomUUID().slice(0, 8)}@example.com`);
  adminToken = await signIn(ADMIN);
  // ADMIN_EMAILS makes an owner, who uses the back-office once two-factor sign-in is on.
  await turnOnStaffTwoFactor(shop, {
    email: ADMIN,
    token: adminToken,
    userId: await shop.runtime.accounts.userIdOf(ADMIN),
  });
});

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
});

async function operations(): Promise<Operation[]> {
  const reply = await requestJson(shop.url, 'GET', '/api/openapi.json');
  const paths = reply.body.paths as Record<string, Record<string, Record<string, unknown>>>;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const body = (
        operation.requestBody as {
          content?: Record<string, { schema?: { properties?: Record<string, JsonSchema> } }>;
        }
      )?.content?.['application/json']?.schema;
      const parameters = (operation.parameters ?? []) as Array<{ name: string; in: string }>;
      return {
        method: method.toUpperCase(),
        path,
        hasBody: body !== undefined,
        bodyProperties: Object.entries(body?.properties ?? {}).map(([name, schema]) => ({
          name,
          types: typesOf(schema),
        })),
        queryParameters: parameters.filter((p) => p.in === 'query').map((p) => p.name),
      };
    }),
  );
}

interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
}

/** The JSON types a member's schema accepts ('integer' counts as 'number'). */
function typesOf(schema: JsonSchema): string[] {
  const own = [schema.type ?? []].flat().map((type) => (type === 'integer' ? 'number' : type));
  const consts = [...(schema.enum ?? []), ...(schema.const !== undefined ? [schema.const] : [])].map((value) =>
    value === null ? 'null' : typeof value,
  );
  return [...own, ...consts, ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(typesOf)];
}

const jsonTypeOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value;

/** Strings no field accepts: control characters, lone surrogates, or far too long. */
const badString = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\u0007', '\u001b[31m', 'x\ud800', '\udfffy', 'line\u0000\nbreak'),
  fc
    .tuple(fc.string(), fc.constantFrom('\u0000', '\u0001', '\u001f', '\ud800', '\udc00'), fc.string())
    .map(([a, bad, b]) => `${a}${bad}${b}`),
  fc.integer({ min: 6_000, max: 120_000 }).map((length) => 'x'.repeat(length)),
);
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);
/** A path segment as sent on the wire: bad percent-encodings and encoded control characters. */
const badSegment = fc.constantFrom(
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%00',
  '%ED%A0%80',
  '%C0%AF',
  '%FF%FE',
  'a%0Db',
  '%1B',
  'x'.repeat(5000),
);

type BadRequest =
  | { kind: 'json'; body: unknown; query?: string; segment?: string }
  | { kind: 'raw'; bytes: Buffer; headers: Record<string, string>; segment?: string };

function badRequests(operation: Operation): fc.Arbitrary<BadRequest> {
  /** Some members, each with a value of a type it does not accept (or a string no field accepts). */
  const fieldsWith = (value: fc.Arbitrary<unknown>) =>
    operation.bodyProperties.length === 0
      ? fc.constant({ unexpected: 'field' })
      : fc
          .subarray(operation.bodyProperties, { minLength: 1 })
          .chain((fields) =>
            fc
              .tuple(
                ...fields.map((field) =>
                  value.filter((v) => typeof v === 'string' || !field.types.includes(jsonTypeOf(v))),
                ),
              )
              .map((values) => Object.fromEntries(fields.map((field, i) => [field.name, values[i]]))),
          );
  const query = (
    operation.queryParameters.length > 0 ? fc.constantFrom(...operation.queryParameters) : fc.constant('q')
  )
    .chain((name) => fc.tuple(fc.constant(name), fc.oneof(badSegment, badString.map(encodeURIComponentLoosely))))
    .map(([name, value]) => `${name}=${value}`);
  const json = fc.oneof(
    fieldsWith(badString),
    fieldsWith(wrongType),
    fc.record({ ['unknown_' + 'field']: fc.string() }),
    wrongType.filter((value) => value === null || typeof value !== 'object' || Array.isArray(value)),
  );
  const raw = fc.oneof(
    fc.constant({
      bytes: Buffer.from('{"not json'),
      headers: { 'Content-Type': 'application/json' },
    }),
    fc.constant({
      bytes: Buffer.from('{"a":1}'),
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    }),
    fc.constant({
      bytes: gzipSync(Buffer.from('{"a":1')),
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    }),
    fc.constant({
      bytes: Buffer.from('{"a":1}'),
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'br, x-unknown' },
    }),
    fc.constant({
      bytes: Buffer.from('{"a":1}'),
      headers: { 'Content-Type': 'application/json; charset=ebcdic' },
    }),
    fc.constant({
      bytes: Buffer.concat([Buffer.from('{"email":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]),
      headers: { 'Content-Type': 'application/json' },
    }),
    fc.constant({ bytes: Buffer.from('[[[[[[[[[['.repeat(2000)), headers: { 'Content-Type': 'application/json' } }),
  );
  const hasPathParameter = operation.path.includes('{');
  const segment = hasPathParameter ? fc.option(badSegment, { nil: undefined }) : fc.constant(undefined);
  if (operation.hasBody) {
    return fc.oneof(
      fc.tuple(json, segment).map(([body, seg]): BadRequest => ({ kind: 'json', body, segment: seg })),
      fc.tuple(raw, segment).map(([r, seg]): BadRequest => ({ kind: 'raw', ...r, segment: seg })),
    );
  }
  if (operation.method !== 'GET') {
    // An operation that takes no body: anything in one is an unknown field.
    return fc
      .tuple(
        fc.option(query, { nil: undefined }),
        segment,
        fc.dictionary(fc.string({ minLength: 1 }), fc.jsonValue(), { minKeys: 1, maxKeys: 3 }),
      )
      .map(([q, seg, body]): BadRequest => ({ kind: 'json', body, query: q, segment: seg }));
  }
  return fc.oneof(
    fc.tuple(query, segment).map(([q, seg]): BadRequest => ({ kind: 'json', body: undefined, query: q, segment: seg })),
    ...(hasPathParameter
      ? [badSegment.map((seg): BadRequest => ({ kind: 'json', body: undefined, segment: seg }))]
      : []),
  );
}

/** Percent-encodes what must be, leaving lone surrogates as the broken escapes a hostile client would send. */
function encodeURIComponentLoosely(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[^\w-]/gu, (c) => (/\p{Surrogate}/u.test(c) ? '%ED%A0%80' : encodeURIComponent(c)));
  }
}

function urlOf(operation: Operation, request: BadRequest): string {
  // A path parameter gets the bad segment, or a harmless id when the body or query is the bad part.
  const path = operation.path.replace(/\{[^}]+\}/g, () => request.segment ?? 'does-not-exist');
  const query = request.kind === 'json' && request.query ? `?${request.query}` : '';
  return `${shop.url}${path}${query}`;
}

async function send(operation: Operation, request: BadRequest) {
  const token = operation.path.startsWith('/api/admin') ? adminToken : customerToken;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Bearer ${token}`,
    'X-Forwarded-For': `10.6.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  };
  let body: Buffer | string | undefined;
  if (request.kind === 'raw') {
    Object.assign(headers, request.headers);
    body = request.bytes;
  } else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const res = await fetch(urlOf(operation, request), {
    method: operation.method,
    headers,
    body: operation.method === 'GET' ? undefined : body,
    redirect: 'manual',
  });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text };
}

describe('bad input on every documented operation', () => {
  it('is never a 5xx, is refused as problem+json with a code, and changes nothing', async () => {
    const all = await operations();
    expect(all.length).toBeGreaterThan(30);
    await caughtUp();
    const before = await snapshot();

    for (const operation of all) {
      await fc.assert(
        fc.asyncProperty(badRequests(operation), async (request) => {
          const reply = await send(operation, request);
          const where = `${operation.method} ${operation.path} answered ${reply.status}: ${reply.text.slice(0, 300)}`;
          expect(reply.status, where).toBeLessThan(500);
          if (reply.status >= 400) {
            expect(reply.contentType, where).toContain('application/problem+json');
            expect(JSON.parse(reply.text), where).toMatchObject({ code: expect.any(String), status: reply.status });
          } else {
            // Only reads may succeed with bad input (an unknown query parameter is ignored); no write may.
            expect(operation.method, where).toBe('GET');
          }
        }),
        { numRuns: RUNS_PER_OPERATION },
      );
    }

    await caughtUp();
    expect(await snapshot()).toEqual(before);
  });
});
