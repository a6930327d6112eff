import { accountStreamId } from '@shop/domain';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port.js';
import { randomIp, requestJson, signUpAndSignIn, turnOnTwoFactor } from '../testing/http-customer.js';
import { startOidcTestProvider, type OidcTestProvider } from '../testing/oidc-test-provider.js';
import { eventually, startTestShop, type TestShop } from '../testing/test-shop.js';
import { OIDC_STATE_COOKIE, safeReturnTo } from './oidc-routes.js';

let database: TestDatabase;
let shop: TestShop;
let provider: OidcTestProvider;
let issuer: string;
/** How far the shop's clock runs ahead of the real one (to expire what it holds). */
let clockOffsetMs = 0;

beforeAll(async () => {
  database = await createTestDatabase('oidc');
  // The shop must know its own URL (the redirect URI) before it listens, so a free port is chosen first.
  const shopUrl = `http://127.0.0.1:${await freePort()}`;
  // The people the provider knows; the login typed into its form is the account id and the subject.
  provider = await startOidcTestProvider({
    'alice-sub': { email: 'Alice.Martin@example.com', email_verified: true, name: 'Alice Martin' },
    'bruno-sub': { email: 'bruno.petit@example.com', email_verified: true, name: 'Bruno (Google)' },
    'chloe-sub': { email: 'chloe@example.com', email_verified: false, name: 'Chloé' },
  });
  issuer = provider.issuer;
  await provider.accept(`${shopUrl}/api/auth/oidc/google/callback`);
  shop = await startTestShop({
    databaseUrl: database.url,
    clock: () => new Date(Date.now() + clockOffsetMs),
    env: { PORT: new URL(shopUrl).port, PUBLIC_URL: shopUrl, ...provider.env('google') },
  });
  expect(shop.url).toBe(shopUrl);
});

afterAll(async () => {
  await shop?.stop();
  await provider?.stop();
  await database?.drop();
});

/** A browser reduced to what the flow needs: no automatic redirects, one cookie jar per origin. */
class Browser {
  private readonly jars = new Map<string, Map<string, string>>();
  // Its own address, so the shop's per-address limits of one test do not touch another.
  private readonly ip = `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  private jar(url: string) {
    const origin = new URL(url).origin;
    if (!this.jars.has(origin)) this.jars.set(origin, new Map());
    return this.jars.get(origin)!;
  }

  cookie(url: string, name: string): string | undefined {
    return this.jar(url).get(name);
  }

  setCookie(url: string, name: string, value: string | undefined) {
    if (value === undefined) this.jar(url).delete(name);
    else this.jar(url).set(name, value);
  }

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; json?: unknown } = {},
  ): Promise<Response> {
    const jar = this.jar(url);
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        'X-Forwarded-For': this.ip,
        ...(jar.size > 0 ? { Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
        ...(init.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: init.form
        ? new URLSearchParams(init.form).toString()
        : init.json !== undefined
          ? JSON.stringify(init.json)
          : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const expired = attributes.some(
        (a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && new Date(a.slice(8)).getTime() <= Date.now()),
      );
      this.setCookie(url, name, expired || value === '' ? undefined : value);
    }
    return res;
  }
}

const locationOf = (res: Response, base: string) => {
  expect([302, 303], `expected a redirect from ${base}, got ${res.status}`).toContain(res.status);
  return new URL(res.headers.get('location')!, base);
};

/**
 * Clicks "sign in with Google" and goes through the provider's own pages (its development
 * login and consent forms) until it sends the browser back to the shop's callback.
 * `login: null` cancels on the provider's login page instead.
 */
async function throughProvider(browser: Browser, login: string | null, returnTo?: string): Promise<URL> {
  const start = `${shop.url}/api/auth/oidc/google${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;
  let location = locationOf(await browser.request(start), start);
  expect(location.origin).toBe(issuer);
  expect(Object.fromEntries(location.searchParams)).toMatchObject({
    client_id: provider.clientId,
    scope: 'openid email profile',
    code_challenge_method: 'S256',
    redirect_uri: `${shop.url}/api/auth/oidc/google/callback`,
    response_type: 'code',
  });
  for (let step = 0; step < 12; step++) {
    if (location.origin === shop.url) return location;
    const res = await browser.request(location.href);
    if (res.status !== 200) {
      location = locationOf(res, location.href);
      continue;
    }
    const page = await res.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (login === null) {
      location = locationOf(await browser.request(`${location.href}/abort`), location.href);
    } else if (prompt === 'login') {
      const submitted = await browser.request(location.href, {
        method: 'POST',
        form: { prompt: 'login', login, password: 'anything' },
      });
      location = locationOf(submitted, location.href);
    } else if (prompt === 'consent') {
      location = locationOf(await browser.request(location.href, { method: 'POST', form: { prompt } }), location.href);
    } else {
      throw new Error(`unexpected provider page at ${location.href}: ${page.slice(0, 300)}`);
    }
  }
  throw new Error('the provider never sent the browser back to the shop');
}

/** The whole round trip: returns where the shop finally sends the browser. */
async function signInWithProvider(browser: Browser, login: string | null, returnTo?: string): Promise<URL> {
  const callback = await throughProvider(browser, login, returnTo);
  expect(callback.pathname).toBe('/api/auth/oidc/google/callback');
  const landing = locationOf(await browser.request(callback.href), callback.href);
  expect(browser.cookie(shop.url, OIDC_STATE_COOKIE)).toBeUndefined();
  return landing;
}

const profileOf = (browser: Browser) =>
  eventually(
    async () => {
      const res = await browser.request(`${shop.url}/api/me`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    (res) => res.status === 200,
  );

const credentialsOf = (email: string) =>
  shop.runtime.knex('account_credentials').where({ email_normalized: email.toLowerCase() });

const PENDING_SIGN_IN = 'pending_sign_in';
const SECOND_FACTOR = '/api/auth/sign-in/second-factor';

/** A password account with two-factor sign-in turned on, whose e-mail the provider's `subject` shares. */
async function accountWithTwoFactor(subject: string) {
  const customer = await signUpAndSignIn(shop.url, { label: subject, ip: randomIp('10.3') });
  provider.users[subject] = { email: customer.email, email_verified: true };
  return { ...customer, ...(await turnOnTwoFactor(shop.url, customer)) };
}

/** Through the provider and back: the shop must hold the sign-in for the second factor, with no session yet. */
async function heldForSecondFactor(browser: Browser, login: string, returnTo?: string) {
  const callback = await throughProvider(browser, login, returnTo);
  const res = await browser.request(callback.href);
  const landing = locationOf(res, callback.href);
  expect(landing.origin + landing.pathname).toBe(`${shop.url}/auth`);
  expect(browser.cookie(shop.url, 'access_token')).toBeUndefined();
  expect(browser.cookie(shop.url, 'refresh_token')).toBeUndefined();
  expect(browser.cookie(shop.url, OIDC_STATE_COOKIE)).toBeUndefined();
  expect(browser.cookie(shop.url, PENDING_SIGN_IN)).toBeTruthy();
  return { landing, setCookies: res.headers.getSetCookie() };
}

const completeSecondFactor = async (browser: Browser, totpCode: string) => {
  const res = await browser.request(`${shop.url}${SECOND_FACTOR}`, { method: 'POST', json: { totpCode } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const securityActionsOf = (token: string, expected: string) =>
  eventually(
    async () => {
      const res = await fetch(`${shop.url}/api/me/security-activity`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { data: Array<{ action: string }> }).data.map((a) => a.action);
    },
    (actions) => actions.includes(expected),
  );

describe('sign-in with an OpenID Connect provider to an account with two-factor sign-in', () => {
  it('holds the sign-in until a code is given: no session before, single use, replayed codes refused', async () => {
    const dora = await accountWithTwoFactor('dora-sub');
    const browser = new Browser();
    const { landing, setCookies } = await heldForSecondFactor(browser, 'dora-sub', '/profile?tab=security');
    // Only a marker and the return path in the address: never a token.
    expect(Object.fromEntries(landing.searchParams)).toEqual({
      second_factor: 'oidc',
      redirect: '/profile?tab=security',
    });
    const pendingCookie = setCookies.find((line) => line.startsWith(`${PENDING_SIGN_IN}=`))!;
    expect(pendingCookie).toMatch(/; HttpOnly/i);
    expect(pendingCookie).toMatch(/; SameSite=Strict/i);
    expect(pendingCookie).toMatch(/; Max-Age=300\b/i);
    expect(pendingCookie).toMatch(/; Path=\/api\/auth\/sign-in\/second-factor(;|$)/i);
    expect((await browser.request(`${shop.url}/api/me`)).status).toBe(401);
    const held = browser.cookie(shop.url, PENDING_SIGN_IN)!;

    const wrong = await completeSecondFactor(browser, '000000');
    expect(wrong).toMatchObject({ status: 401, body: { code: 'auth.invalid_second_factor' } });
    expect(browser.cookie(shop.url, 'access_token')).toBeUndefined();

    const code = dora.totp.generate({ timestamp: Date.now() + 30_000 });
    const passed = await completeSecondFactor(browser, code);
    expect(passed.status).toBe(200);
    expect(passed.body).toMatchObject({ tokenType: 'Bearer', user: { id: dora.userId } });
    expect(browser.cookie(shop.url, 'access_token')).toBeTruthy();
    expect(browser.cookie(shop.url, 'refresh_token')).toBeTruthy();
    expect(browser.cookie(shop.url, PENDING_SIGN_IN)).toBeUndefined();
    expect((await profileOf(browser)).body.id).toBe(dora.userId);

    // The held sign-in is spent: presenting it again fails, even with a good recovery code.
    const replay = new Browser();
    replay.setCookie(shop.url, PENDING_SIGN_IN, held);
    expect(await completeSecondFactor(replay, dora.recoveryCodes[0]!)).toMatchObject({
      status: 401,
      body: { code: 'auth.second_factor_expired' },
    });
    expect(replay.cookie(shop.url, 'access_token')).toBeUndefined();
    expect(await completeSecondFactor(new Browser(), code)).toMatchObject({
      status: 401,
      body: { code: 'auth.second_factor_expired' },
    });

    // A code already used is refused on a new sign-in; an unused recovery code is accepted once.
    const again = new Browser();
    await heldForSecondFactor(again, 'dora-sub');
    expect(await completeSecondFactor(again, code)).toMatchObject({
      status: 401,
      body: { code: 'auth.invalid_second_factor' },
    });
    expect((await completeSecondFactor(again, dora.recoveryCodes[0]!)).status).toBe(200);
    const spentRecovery = new Browser();
    await heldForSecondFactor(spentRecovery, 'dora-sub');
    expect((await completeSecondFactor(spentRecovery, dora.recoveryCodes[0]!)).body.code).toBe(
      'auth.invalid_second_factor',
    );

    const actions = await securityActionsOf(dora.token, 'sign_in_failed:bad_second_factor');
    expect(actions).toContain('sign_in_failed:bad_second_factor');
    const signIns = (await shop.runtime.store.readStream(accountStreamId(dora.userId))).filter(
      (event) => event.type === 'SignedIn',
    );
    // The password sign-in of the set-up, then the two completed with the provider.
    expect(signIns.map((event) => (event.data as { method: string }).method)).toEqual(['password', 'oidc', 'oidc']);
  });

  it('lets a held sign-in expire after 5 minutes', async () => {
    const late = await accountWithTwoFactor('dora-late-sub');
    const browser = new Browser();
    await heldForSecondFactor(browser, 'dora-late-sub');
    clockOffsetMs = 5 * 60_000 + 1_000;
    try {
      expect(await completeSecondFactor(browser, late.recoveryCodes[0]!)).toMatchObject({
        status: 401,
        body: { code: 'auth.second_factor_expired' },
      });
    } finally {
      clockOffsetMs = 0;
    }
    expect(browser.cookie(shop.url, 'access_token')).toBeUndefined();
    // The refused attempt spent nothing: the recovery code still works on a new sign-in.
    const next = new Browser();
    await heldForSecondFactor(next, 'dora-late-sub');
    expect((await completeSecondFactor(next, late.recoveryCodes[0]!)).status).toBe(200);
  });

  it('counts wrong codes against the same lock-out as password sign-in', async () => {
    const emil = await accountWithTwoFactor('emil-sub');
    const browser = new Browser();
    await heldForSecondFactor(browser, 'emil-sub');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await completeSecondFactor(browser, '000000')).body.code).toBe('auth.invalid_second_factor');
    }
    // Locked now: even a right code is refused, here and with the password.
    const locked = await completeSecondFactor(browser, emil.recoveryCodes[0]!);
    expect(locked).toMatchObject({ status: 429, body: { code: 'auth.account_locked' } });
    expect(browser.cookie(shop.url, 'access_token')).toBeUndefined();
    const withPassword = await requestJson(shop.url, 'POST', '/api/auth/sign-in', {
      body: { email: emil.email, password: emil.password },
      ip: randomIp('10.4'),
    });
    expect(withPassword.body.code).toBe('auth.account_locked');
    const fresh = new Browser();
    await heldForSecondFactor(fresh, 'emil-sub');
    expect((await completeSecondFactor(fresh, emil.recoveryCodes[0]!)).status).toBe(429);

    const actions = await securityActionsOf(emil.token, 'account_locked');
    expect(actions).toEqual(expect.arrayContaining(['account_locked', 'sign_in_failed:bad_second_factor']));
  });
});

describe('sign-in with an OpenID Connect provider', () => {
  it('creates an account for a new verified identity, signs it in, and lands on the requested page', async () => {
    const browser = new Browser();
    const landing = await signInWithProvider(browser, 'alice-sub', '/profile?tab=subscriptions');
    expect(landing.href).toBe(`${shop.url}/profile?tab=subscriptions`);
    expect(browser.cookie(shop.url, 'access_token')).toBeTruthy();
    expect(browser.cookie(shop.url, 'refresh_token')).toBeTruthy();
    expect(browser.cookie(shop.url, PENDING_SIGN_IN)).toBeUndefined();

    const me = await profileOf(browser);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'alice.martin@example.com', fullName: 'Alice Martin', roles: ['customer'] });
    const credentials = await credentialsOf('alice.martin@example.com');
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.password_hash).toBeNull();
    expect(
      await shop.runtime.knex('oidc_identities').where({ provider: 'google', subject: 'alice-sub' }).select('user_id'),
    ).toEqual([{ user_id: me.body.id }]);

    // The account has no password: password sign-in refuses it like any wrong password.
    const passwordSignIn = await fetch(`${shop.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.2.0.1' },
      body: JSON.stringify({ email: 'alice.martin@example.com', password: '' }),
    });
    expect(passwordSignIn.status).toBe(401);
    expect(await passwordSignIn.json()).toMatchObject({ code: 'auth.invalid_credentials' });

    // Signing in again, from another browser, is the same person: no second account.
    const again = new Browser();
    expect((await signInWithProvider(again, 'alice-sub')).href).toBe(`${shop.url}/`);
    expect((await profileOf(again)).body.id).toBe(me.body.id);
    expect(await credentialsOf('alice.martin@example.com')).toHaveLength(1);
  });

  it('links the identity to an existing password account with the same verified e-mail', async () => {
    const signUp = await fetch(`${shop.url}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.2.0.2' },
      body: JSON.stringify({ email: 'Bruno.Petit@example.com', password: 'correct horse battery', fullName: 'Bruno' }),
    });
    expect(signUp.status).toBe(201);
    const { id } = (await signUp.json()) as { id: string };

    const browser = new Browser();
    expect((await signInWithProvider(browser, 'bruno-sub')).href).toBe(`${shop.url}/`);
    const me = await profileOf(browser);
    expect(me.body).toMatchObject({ id, fullName: 'Bruno' });
    const credentials = await credentialsOf('bruno.petit@example.com');
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.password_hash).toEqual(expect.any(String));
    expect(await shop.runtime.knex('oidc_identities').where({ subject: 'bruno-sub' }).select('user_id')).toEqual([
      { user_id: id },
    ]);
  });

  it('refuses to open an account for an e-mail the provider has not verified', async () => {
    const landing = await signInWithProvider(new Browser(), 'chloe-sub');
    expect(landing.origin + landing.pathname).toBe(`${shop.url}/auth`);
    expect(landing.searchParams.get('error')).toBe('email_not_verified');
    expect(landing.searchParams.get('error_description')).toBeTruthy();
    expect(await credentialsOf('chloe@example.com')).toHaveLength(0);
  });

  it("passes the provider's refusal on to the sign-in page", async () => {
    const landing = await signInWithProvider(new Browser(), null);
    expect(landing.origin + landing.pathname).toBe(`${shop.url}/auth`);
    expect(landing.searchParams.get('error')).toBe('access_denied');
    expect(landing.searchParams.get('error_description')).toBe('End-User aborted interaction');
  });

  it('refuses a return whose state cookie is missing, forged or from another sign-in', async () => {
    const expectInvalidState = async (browser: Browser, callback: URL) => {
      const res = await browser.request(callback.href);
      const landing = locationOf(res, callback.href);
      expect(landing.origin + landing.pathname).toBe(`${shop.url}/auth`);
      expect(landing.searchParams.get('error')).toBe('invalid_state');
      expect(landing.searchParams.get('error_description')).toBeTruthy();
      expect(browser.cookie(shop.url, OIDC_STATE_COOKIE)).toBeUndefined();
      expect(browser.cookie(shop.url, 'access_token')).toBeUndefined();
    };

    const missing = new Browser();
    const missingCallback = await throughProvider(missing, 'alice-sub');
    missing.setCookie(shop.url, OIDC_STATE_COOKIE, undefined);
    await expectInvalidState(missing, missingCallback);

    const forged = new Browser();
    const forgedCallback = await throughProvider(forged, 'alice-sub');
    const sealed = Buffer.from(decodeURIComponent(forged.cookie(shop.url, OIDC_STATE_COOKIE)!), 'base64');
    sealed[sealed.length - 1]! ^= 1;
    forged.setCookie(shop.url, OIDC_STATE_COOKIE, encodeURIComponent(sealed.toString('base64')));
    await expectInvalidState(forged, forgedCallback);

    // A second sign-in started in the same browser replaces the cookie; the first return no longer matches.
    const twice = new Browser();
    const firstCallback = await throughProvider(twice, 'alice-sub');
    await throughProvider(twice, 'alice-sub');
    await expectInvalidState(twice, firstCallback);
  });

  it('lists the configured provider and where a sign-in starts, without a session', async () => {
    const res = await fetch(`${shop.url}/api/auth/providers`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: [{ name: 'google', startUrl: '/api/auth/oidc/google' }] });
  });

  it('answers an unknown provider with a 404 problem', async () => {
    for (const path of ['/api/auth/oidc/github', '/api/auth/oidc/github/callback?code=x&state=y']) {
      const res = await fetch(`${shop.url}${path}`, { redirect: 'manual' });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await res.json()).toMatchObject({ status: 404, code: 'auth.unknown_provider' });
    }
  });

  it('only keeps a return path that stays on this site', () => {
    expect(safeReturnTo('/profile')).toBe('/profile');
    expect(safeReturnTo('/checkout/netflix?duration=3#pay')).toBe('/checkout/netflix?duration=3#pay');
    for (const unsafe of [
      undefined,
      '',
      'profile',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/ok\nLocation: x',
    ]) {
      expect(safeReturnTo(unsafe)).toBeNull();
    }
  });
});
