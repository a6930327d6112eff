import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestJson } from '../testing/http-customer.js';
import { eventually } from '../testing/test-shop.js';
import { useTestShop } from '../testing/shop-under-test.js';

const shop = useTestShop('hostile', { redis: true });

const randomIp = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const newEmail = () => `hostile-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'a long enough passphrase';

async function logLength(): Promise<number> {
  const row = await shop.runtime.knex('es_events').count<{ count: string }[]>('* as count').first();
  return Number(row?.count ?? 0);
}

/** Sends bytes exactly as given (fetch would refuse some of them or fix them up). */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; contentType: string; body: Record<string, unknown> }> {
  const url = new URL(shop.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path, headers: { ...headers, 'X-Forwarded-For': randomIp() } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: Record<string, unknown> = {};
          try {
            parsed = JSON.parse(text) as Record<string, unknown>;
          } catch {
            parsed = { text };
          }
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            body: parsed,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function signUpAndIn(fullName = 'Camille Martin') {
  const email = newEmail();
  const ip = randomIp();
  const signUp = await requestJson(shop.url, 'POST', '/api/auth/sign-up', {
    ip,
    body: { email, password: PASSWORD, fullName },
  });
  expect(signUp.status).toBe(201);
  const signIn = await requestJson(shop.url, 'POST', '/api/auth/sign-in', { ip, body: { email, password: PASSWORD } });
  expect(signIn.status).toBe(200);
  return { token: String(signIn.body.accessToken), id: String(signUp.body.id) };
}

describe('text the database cannot hold is refused at the door', () => {
  it.each([
    ['a NUL byte', 'a\u0000b'],
    ['a lone surrogate', 'a\ud800b'],
    ['a bell character', 'a\u0007b'],
    ['a newline in a one-line field', 'Camille\nMartin'],
  ])('sign-up with %s in the full name is 400 naming the field, and stores nothing', async (_label, fullName) => {
    const before = await logLength();
    const reply = await requestJson(shop.url, 'POST', '/api/auth/sign-up', {
      ip: randomIp(),
      body: { email: newEmail(), password: PASSWORD, fullName },
    });
    expect(reply.status).toBe(400);
    expect(reply.headers.get('content-type')).toContain('application/problem+json');
    expect(reply.body.code).toBe('validation.failed');
    expect(reply.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'fullName' })]));
    expect(await logLength()).toBe(before);
  });

  it.each([
    ['a zero-width space', '\u200b'],
    ['a Hangul filler', '\u3164\u3164'],
    ['a soft hyphen between spaces', ' \u00ad '],
  ])(
    'a name of %s alone, which reads as no name, is 400 naming the field; a name with an emoji is fine',
    async (_label, invisible) => {
      const { token } = await signUpAndIn('Camille Martin');
      const refused = await requestJson(shop.url, 'PATCH', '/api/me', { token, body: { fullName: invisible } });
      expect([refused.status, refused.body.code]).toEqual([400, 'validation.failed']);
      expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'fullName' })]);
      const signUp = await requestJson(shop.url, 'POST', '/api/auth/sign-up', {
        ip: randomIp(),
        body: { email: newEmail(), password: PASSWORD, fullName: invisible },
      });
      expect([signUp.status, signUp.body.code]).toEqual([400, 'validation.failed']);
      expect((await requestJson(shop.url, 'GET', '/api/me', { token })).body.fullName).toBe('Camille Martin');
      // Joiners and variation selectors inside a visible name are kept as sent.
      const emoji = 'Camille \u2764\ufe0f \ud83d\udc69\u200d\ud83d\udcbb';
      const accepted = await requestJson(shop.url, 'PATCH', '/api/me', { token, body: { fullName: emoji } });
      expect([accepted.status, accepted.body.fullName]).toEqual([200, emoji]);
    },
  );

  it('a support message with a NUL in its subject is 400 naming the field; a multi-line message is fine', async () => {
    const form = {
      email: newEmail(),
      category: 'technical',
      subject: 'Cannot \u0000 watch',
      message: 'Hello,\n\tthe stream stops after a minute.\nThanks',
    };
    const refused = await requestJson(shop.url, 'POST', '/api/support/messages', { ip: randomIp(), body: form });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation.failed');
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'subject' })]);

    const accepted = await requestJson(shop.url, 'POST', '/api/support/messages', {
      ip: randomIp(),
      body: { ...form, subject: 'Cannot watch' },
    });
    expect(accepted.status).toBe(201);
  });

  it('a later customer is still served: the accounts read model keeps up', async () => {
    await requestJson(shop.url, 'POST', '/api/auth/sign-up', {
      ip: randomIp(),
      body: { email: newEmail(), password: PASSWORD, fullName: 'x\u0000y' },
    });
    const { token } = await signUpAndIn('Alex Durand');
    const me = await eventually(
      () => requestJson(shop.url, 'GET', '/api/me', { token }),
      (reply) => reply.status === 200,
    );
    expect(me.body).toMatchObject({ fullName: 'Alex Durand' });
    const ready = await requestJson(shop.url, 'GET', '/readyz');
    expect(ready.status).toBe(200);
  });
});

describe('malformed requests are 4xx problems, never 5xx', () => {
  it.each([
    ['a bad percent-encoding in a path', '/api/plans/%ZZ'],
    ['a NUL in a path', '/api/plans/%00'],
    ['a lone surrogate in a path', '/api/plans/%ED%A0%80'],
    ['a NUL in a query', '/api/plans?category=%00'],
    ['a bad percent-encoding in a query', '/api/plans?category=%E0%A4%A'],
  ])('%s', async (_label, path) => {
    const reply = await rawRequest('GET', path, { Accept: 'application/json' });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.contentType).toContain('application/problem+json');
    expect(typeof reply.body.code).toBe('string');
  });

  it('a body labelled gzip that is not gzip', async () => {
    const reply = await rawRequest(
      'POST',
      '/api/auth/sign-up',
      { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      Buffer.from(JSON.stringify({ email: newEmail(), password: PASSWORD })),
    );
    expect(reply.status).toBe(400);
    expect(reply.contentType).toContain('application/problem+json');
    expect(reply.body.code).toBe('request.bad_encoding');
  });

  it('a body labelled with an unknown encoding or charset', async () => {
    const encoding = await rawRequest(
      'POST',
      '/api/auth/sign-up',
      { 'Content-Type': 'application/json', 'Content-Encoding': 'zstd-x' },
      Buffer.from('{}'),
    );
    expect(encoding.status).toBe(415);
    expect(encoding.contentType).toContain('application/problem+json');
    const charset = await rawRequest(
      'POST',
      '/api/auth/sign-up',
      { 'Content-Type': 'application/json; charset=klingon' },
      Buffer.from('{}'),
    );
    expect(charset.status).toBe(415);
    expect(charset.contentType).toContain('application/problem+json');
  });

  it('a body that is not UTF-8', async () => {
    const reply = await rawRequest(
      'POST',
      '/api/auth/sign-up',
      { 'Content-Type': 'application/json' },
      Buffer.concat([Buffer.from('{"email":"'), Buffer.from([0xff, 0xfe]), Buffer.from('@example.com"}')]),
    );
    expect(reply.status).toBe(400);
    expect(reply.contentType).toContain('application/problem+json');
    expect(reply.body.code).toBe('request.bad_encoding');
  });

  it('a body that is not UTF-8 where any text is valid: refused, not stored with a replacement character', async () => {
    const { token } = await signUpAndIn('Alé Martin');
    const reply = await rawRequest(
      'PATCH',
      '/api/me',
      { 'Content-Type': 'application/json; charset=utf-8', Authorization: `Bearer ${token}` },
      Buffer.concat([Buffer.from('{"fullName":"Al'), Buffer.from([0xe9]), Buffer.from(' Martin"}')]),
    );
    expect([reply.status, reply.body.code]).toEqual([400, 'request.bad_encoding']);
    const me = await requestJson(shop.url, 'GET', '/api/me', { token });
    expect(me.body.fullName).toBe('Alé Martin');
  });

  it('a body the operation reads as JSON, sent as another type: 415, and nothing done without it', async () => {
    const { token } = await signUpAndIn();
    const other = await requestJson(shop.url, 'POST', '/api/auth/sign-in', {
      ip: randomIp(),
      body: { email: (await requestJson(shop.url, 'GET', '/api/me', { token })).body.email, password: PASSWORD },
    });
    // As fetch sends a string body without a Content-Type: text/plain; the address in capitals
    // reaches the same operation (addresses are not case-sensitive), and is held to the same rule.
    for (const [type, address] of [
      ['text/plain;charset=UTF-8', '/api/auth/sign-out'],
      ['application/x-www-form-urlencoded', '/api/auth/sign-out'],
      ['text/plain;charset=UTF-8', '/API/Auth/Sign-Out/'],
    ] as const) {
      const reply = await rawRequest(
        'POST',
        address,
        { 'Content-Type': type, Authorization: `Bearer ${token}` },
        Buffer.from(JSON.stringify({ scope: 'global' })),
      );
      expect([address, type, reply.status, reply.body.code]).toEqual([
        address,
        type,
        415,
        'request.unsupported_media_type',
      ]);
    }
    // Neither this session nor the other device's was signed out by a body the shop did not read.
    for (const session of [token, String(other.body.accessToken)]) {
      expect((await requestJson(shop.url, 'GET', '/api/me', { token: session })).status).toBe(200);
    }
    // Without a body, an operation whose body is optional still answers.
    const bare = await rawRequest('POST', '/api/auth/sign-out', { Authorization: `Bearer ${token}` }, Buffer.alloc(0));
    expect(bare.status).toBe(204);
  });

  it('an id in the path longer than the document allows: 400 naming it, not a 404 that echoes it', async () => {
    const { token } = await signUpAndIn();
    const long = 'x'.repeat(5000);
    for (const [path, auth] of [
      [`/api/plans/${long}`, undefined],
      [`/api/me/invoices/${long}/pdf`, token],
      [`/api/me/subscriptions/${long}/cancel`, token],
    ] as const) {
      const method = path.endsWith('/cancel') ? 'POST' : 'GET';
      const reply = await requestJson(shop.url, method, path, { ...(auth ? { token: auth } : {}), ip: randomIp() });
      expect([path.slice(0, 30), reply.status, reply.body.code]).toEqual([path.slice(0, 30), 400, 'validation.failed']);
      expect(reply.body.errors).toEqual([expect.objectContaining({ path: 'id' })]);
      expect(JSON.stringify(reply.body)).not.toContain(long.slice(0, 300));
    }
    // Signed out, a customer's address still asks to sign in first.
    const anonymous = await requestJson(shop.url, 'GET', `/api/me/invoices/${long}/pdf`, { ip: randomIp() });
    expect(anonymous.status).toBe(401);
  });

  it('a non-ASCII code when turning on the second factor', async () => {
    const { token } = await signUpAndIn();
    const reply = await requestJson(shop.url, 'POST', '/api/me/2fa/enable', { token, body: { code: '١٢٣٤٥٦' } });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('validation.failed');
  });

  it('unknown fields are refused with the same code as any other invalid field', async () => {
    const reply = await requestJson(shop.url, 'POST', '/api/auth/sign-up', {
      ip: randomIp(),
      body: { email: newEmail(), password: PASSWORD, role: 'admin' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('validation.failed');
    expect(reply.body.errors).toEqual([expect.objectContaining({ path: 'role' })]);
  });

  it('a body of the wrong JSON type is refused with the same code', async () => {
    const reply = await requestJson(shop.url, 'POST', '/api/auth/sign-in', { ip: randomIp(), body: ['a', 'b'] });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('validation.failed');
    // JSON that is no object nor array either: the same refusal, not "not valid JSON".
    for (const text of ['null', '42', '"camille@example.com"', 'true']) {
      const scalar = await rawRequest(
        'POST',
        '/api/auth/sign-in',
        { 'Content-Type': 'application/json' },
        Buffer.from(text),
      );
      expect([text, scalar.status, scalar.body.code, scalar.body.detail]).toEqual([
        text,
        400,
        'validation.failed',
        'The body must be a JSON object',
      ]);
    }
    const broken = await rawRequest(
      'POST',
      '/api/auth/sign-in',
      { 'Content-Type': 'application/json' },
      Buffer.from('{"email":'),
    );
    expect([broken.status, broken.body.code]).toEqual([400, 'request.malformed_json']);
  });
});
