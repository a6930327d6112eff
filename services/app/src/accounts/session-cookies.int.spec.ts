import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port.js';
import {
  cookieJarOf,
  randomIp,
  requestJson,
  signUpAndSignIn,
  type HttpCustomer,
  type JsonReply,
  type JsonRequest,
} from '../testing/http-customer.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';

/** The shop's public origin, which its own pages send as `Origin`. */
let origin: string;
let port: number;
beforeAll(async () => {
  port = await freePort();
  origin = `http://localhost:${port}`;
});
const shop = useTestShop('session_cookies', { env: () => ({ PORT: String(port), PUBLIC_URL: origin }) });

const call = (method: string, path: string, options: JsonRequest = {}) => requestJson(shop.url, method, path, options);

/** A browser's sign-in: the session's cookies as the shop set them. */
async function browserSignIn(customer: HttpCustomer): Promise<Record<string, string>> {
  const signIn = await call('POST', '/api/auth/sign-in', {
    body: { email: customer.email, password: customer.password },
    ip: randomIp('10.82'),
    headers: { Origin: origin },
  });
  expect(signIn.status).toBe(200);
  return cookieJarOf(signIn.headers);
}

const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/**
 * A write as the shop's page makes it: session cookies, the CSRF header, and the shop's `Origin`
 * unless `from` says otherwise (`{ referer }` alone: a request that carries no Origin).
 */
function rename(
  jar: Record<string, string>,
  fullName: string,
  from: { origin?: string; referer?: string } = { origin },
): Promise<JsonReply> {
  return call('PATCH', '/api/me', {
    body: { fullName },
    headers: {
      Cookie: cookieHeader(jar),
      'X-CSRF-Token': jar.csrf_token ?? '',
      ...(from.origin !== undefined ? { Origin: from.origin } : {}),
      ...(from.referer !== undefined ? { Referer: from.referer } : {}),
    },
  });
}

async function newCustomer(label: string) {
  const customer = await signUpAndSignIn(shop.url, { label, ip: randomIp('10.82') });
  await eventually(
    () => call('GET', '/api/me', { token: customer.token }),
    (reply) => reply.status === 200,
  );
  return customer;
}

describe('the CSRF token belongs to one session', () => {
  it('accepts the session’s own token and refuses one issued to another session, or made up', async () => {
    const alice = await newCustomer('csrf-alice');
    const laptop = await browserSignIn(alice);
    const phone = await browserSignIn(alice);
    const mallory = await browserSignIn(await newCustomer('csrf-mallory'));
    expect(laptop.csrf_token).not.toBe(phone.csrf_token);

    expect((await rename(laptop, 'Alice Laptop')).status).toBe(200);
    for (const foreign of [phone.csrf_token!, mallory.csrf_token!, 'planted-by-a-sibling-site']) {
      // The cookie and the header agree (a planted cookie), but neither was issued to this session.
      const refused = await rename({ ...laptop, csrf_token: foreign }, 'Mallory');
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('auth.csrf_rejected');
    }
  });

  it('issues a new token at sign-in and drops it at sign-out', async () => {
    const bob = await newCustomer('csrf-bob');
    const first = await browserSignIn(bob);
    const signOut = await call('POST', '/api/auth/sign-out', {
      body: {},
      headers: { Cookie: cookieHeader(first), 'X-CSRF-Token': first.csrf_token!, Origin: origin },
    });
    expect(signOut.status).toBe(204);
    expect(cookieJarOf(signOut.headers).csrf_token).toBe('');

    const second = await browserSignIn(bob);
    expect(second.csrf_token).not.toBe(first.csrf_token);
    expect((await rename({ ...second, csrf_token: first.csrf_token! }, 'Old token')).status).toBe(403);
    expect((await rename(second, 'Bob Again')).status).toBe(200);
  });

  it('refreshes with the refresh cookie only when the token is the session’s own', async () => {
    const carol = await newCustomer('csrf-carol');
    const jar = await browserSignIn(carol);
    const other = await browserSignIn(carol);
    // The access token has expired: only the refresh cookie and the CSRF cookie are left.
    const refresh = (csrf: string) =>
      call('POST', '/api/auth/refresh', {
        body: {},
        headers: {
          Cookie: `refresh_token=${jar.refresh_token}; csrf_token=${csrf}`,
          'X-CSRF-Token': csrf,
          Origin: origin,
        },
      });
    const forged = await refresh(other.csrf_token!);
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('auth.csrf_rejected');
    const refreshed = await refresh(jar.csrf_token!);
    expect(refreshed.status).toBe(200);
    const rotated = cookieJarOf(refreshed.headers);
    expect((await rename(rotated, 'Carol Refreshed')).status).toBe(200);
  });
});

describe('cookie-authenticated writes come from the shop’s own pages', () => {
  it('refuses another Origin, or another Referer when there is no Origin, and changes nothing', async () => {
    const dave = await newCustomer('origin-dave');
    const jar = await browserSignIn(dave);
    for (const from of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: `${origin}.evil.example` },
      { origin: origin.replace('http:', 'https:') },
      { referer: 'https://evil.example/page' },
      { origin: 'https://evil.example', referer: `${origin}/profile` },
    ]) {
      const refused = await rename(jar, 'Mallory', from);
      expect(refused.status).toBe(403);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(refused.body.code).toBe('auth.origin_rejected');
    }
    const me = await call('GET', '/api/me', { token: dave.token });
    expect(me.body.fullName).not.toBe('Mallory');

    expect((await rename(jar, 'Dave From The Page', { referer: `${origin}/profile?tab=security` })).status).toBe(200);
    expect((await rename(jar, 'Dave From The Shop')).status).toBe(200);
    // Neither header (a client that is not a browser): the session-bound CSRF token still guards it.
    expect((await rename(jar, 'Dave From A Script', {})).status).toBe(200);
  });

  it('does not act with the session on a read another site sends the browser to: a link there reads as a visitor', async () => {
    const fay = await newCustomer('cross-site-fay');
    const jar = await browserSignIn(fay);
    // SameSite=Lax cookies go with a link followed from another site; the browser says where it came from.
    const read = (site: string) =>
      call('GET', '/api/me', { headers: { Cookie: cookieHeader(jar), 'Sec-Fetch-Site': site } });
    const crossSite = await read('cross-site');
    expect([crossSite.status, crossSite.body.code]).toEqual([401, 'auth.required']);
    for (const site of ['same-origin', 'none']) {
      const own = await read(site);
      expect([site, own.status, own.body.email]).toEqual([site, 200, fay.email]);
    }
    // A Bearer client is not a browser's cookie: where it says it comes from does not matter.
    const bearer = await call('GET', '/api/me', { token: fay.token, headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(bearer.status).toBe(200);
    // The scheme's name is case-insensitive (RFC 9110).
    for (const scheme of ['bearer', 'BEARER']) {
      const reply = await call('GET', '/api/me', { headers: { Authorization: `${scheme} ${fay.token}` } });
      expect([scheme, reply.status]).toEqual([scheme, 200]);
    }
  });

  it('does not concern Bearer clients without cookies, visitors without a session, or payment webhooks', async () => {
    const erin = await newCustomer('origin-erin');
    const jar = await browserSignIn(erin);
    const bearer = await call('PATCH', '/api/me', {
      token: erin.token,
      body: { fullName: 'Erin By App' },
      headers: { Origin: 'https://elsewhere.example' },
    });
    expect(bearer.status).toBe(200);

    const visitor = await call('POST', '/api/auth/sign-in', {
      body: { email: erin.email, password: 'not the password' },
      ip: randomIp('10.83'),
      headers: { Origin: 'https://elsewhere.example' },
    });
    expect(visitor.body.code).toBe('auth.invalid_credentials');

    const webhook = await call('POST', '/webhooks/sandbox', {
      raw: '{}',
      headers: { Cookie: cookieHeader(jar), Origin: 'https://provider.example' },
    });
    expect(webhook.body.code).not.toBe('auth.origin_rejected');
    expect(webhook.body.code).not.toBe('auth.csrf_rejected');
  });
});
