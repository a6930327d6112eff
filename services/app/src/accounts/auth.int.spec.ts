import { randomUUID } from 'node:crypto';
import { accountStreamId } from '@shop/domain';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { requestJson } from '../testing/http-customer.js';
import { tokenHash } from '../security/tokens.js';
import { purgeEndedSessions } from './sessions.js';
import { PASSWORD_CHECKS_PER_HOUR } from '../security/rate-limits.js';
import { eventually, turnOnStaffTwoFactor } from '../testing/test-shop.js';
import { useTestShop } from '../testing/shop-under-test.js';

const shop = useTestShop('auth', { redis: true });

/** Each test speaks from its own address, so per-address limits of one test do not touch another. */
const client = (ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) => {
  const call = (
    method: string,
    path: string,
    options: { body?: unknown; token?: string; cookies?: string; headers?: Record<string, string> } = {},
  ) =>
    requestJson(shop.url, method, path, {
      ip,
      body: options.body,
      token: options.token,
      headers: {
        'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
        ...(options.cookies ? { Cookie: options.cookies } : {}),
        ...options.headers,
      },
    });
  return call;
};

const newEmail = () => `shopper-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'correct horse battery';

async function signUpAndIn(call = client(), email = newEmail(), password = PASSWORD) {
  expect(
    (await call('POST', '/api/auth/sign-up', { body: { email, password, fullName: 'Camille Martin' } })).status,
  ).toBe(201);
  const signIn = await call('POST', '/api/auth/sign-in', { body: { email, password } });
  expect(signIn.status).toBe(200);
  return {
    email,
    call,
    token: signIn.body.accessToken as string,
    refreshToken: signIn.body.refreshToken as string,
    signIn,
  };
}

const profile = (call: Call, token: string) =>
  eventually(
    () => call('GET', '/api/me', { token }),
    (res) => res.status !== 404,
  );

type Call = ReturnType<typeof client>;

/**
 * A customer signed up and in on one device, then signed in with the password on each of `devices`,
 * in turn, each from an address of its own; returned once their profile is there.
 */
async function signedInOnDevices<Device extends string>(...devices: Device[]) {
  const email = newEmail();
  const first = await signUpAndIn(client(), email);
  const others = {} as Record<Device, Awaited<ReturnType<Call>>>;
  for (const device of devices) {
    others[device] = await client()('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD } });
  }
  await profile(first.call, first.token);
  return { email, first, others };
}

/** The statuses a device signed in by `signIn` gets now: for /api/me with its access token, then for a refresh with its refresh token. */
const sessionAnswers = async (call: Call, signIn: Awaited<ReturnType<Call>>) => ({
  me: (await call('GET', '/api/me', { token: signIn.body.accessToken as string })).status,
  refresh: (await call('POST', '/api/auth/refresh', { body: { refreshToken: signIn.body.refreshToken } })).status,
});

function cookiesFrom(headers: Headers): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value] = pair!.split('=');
    jar[name!] = value!;
  }
  return jar;
}
const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

describe('external sign-in providers', () => {
  it('lists none when no provider is configured', async () => {
    const res = await fetch(`${shop.url}/api/auth/providers`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: [] });
  });
});

describe('sign-up', () => {
  it('creates an account; the same e-mail in another case is refused; weak input is rejected with its field', async () => {
    const call = client();
    const email = newEmail();
    const created = await call('POST', '/api/auth/sign-up', { body: { email, password: PASSWORD } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, fullName: email });
    const duplicate = await call('POST', '/api/auth/sign-up', {
      body: { email: email.toUpperCase(), password: PASSWORD },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('auth.email_taken');
    const weak = await call('POST', '/api/auth/sign-up', { body: { email: newEmail(), password: '12345' } });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ code: 'validation.failed', errors: [{ path: 'password' }] });
  });
});

describe('sign-in and the profile', () => {
  it('never says whether an e-mail exists', async () => {
    const { email } = await signUpAndIn();
    const call = client();
    const wrongPassword = await call('POST', '/api/auth/sign-in', { body: { email, password: 'not the password' } });
    const unknown = await call('POST', '/api/auth/sign-in', {
      body: { email: newEmail(), password: 'not the password' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    const { requestId: _a, ...a } = wrongPassword.body;
    const { requestId: _b, ...b } = unknown.body;
    expect(a).toEqual(b);
    expect(a.code).toBe('auth.invalid_credentials');
  });

  it('sets httpOnly session cookies and returns the tokens for non-browser clients; /api/me needs them', async () => {
    const { call, token, signIn, email } = await signUpAndIn();
    const setCookies = signIn.headers.getSetCookie().join('\n');
    expect(setCookies).toMatch(/access_token=[^;]+;.*Path=\/;.*HttpOnly;.*SameSite=Lax/);
    expect(setCookies).toMatch(/refresh_token=[^;]+;.*Path=\/api\/auth;.*HttpOnly;.*SameSite=Strict/);
    expect(setCookies).toMatch(/csrf_token=[^;]+;.*SameSite=Strict/);
    expect(signIn.body).toMatchObject({ tokenType: 'Bearer', expiresIn: 900, user: { roles: ['customer'] } });

    const me = await profile(call, token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, fullName: 'Camille Martin', roles: ['customer'], twoFactorEnabled: false });
    expect(Date.parse(me.body.memberSince as string)).not.toBeNaN();
    expect((await call('GET', '/api/me')).body.code).toBe('auth.required');
    expect((await call('GET', '/api/me', { token: `${token}x` })).status).toBe(401);
  });

  it('rejects a cookie-authenticated write without the CSRF header, and changes nothing', async () => {
    const { call, token, signIn } = await signUpAndIn();
    await profile(call, token);
    const jar = cookiesFrom(signIn.headers);
    const forged = await call('PATCH', '/api/me', { body: { fullName: 'Mallory' }, cookies: cookieHeader(jar) });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('auth.csrf_rejected');
    const wrongHeader = await call('PATCH', '/api/me', {
      body: { fullName: 'Mallory' },
      cookies: cookieHeader(jar),
      headers: { 'X-CSRF-Token': 'guess' },
    });
    expect(wrongHeader.status).toBe(403);
    const genuine = await call('PATCH', '/api/me', {
      body: { fullName: 'Camille Dupont' },
      cookies: cookieHeader(jar),
      headers: { 'X-CSRF-Token': jar.csrf_token! },
    });
    expect(genuine.status).toBe(200);
    const me = await eventually(
      () => call('GET', '/api/me', { token }),
      (res) => res.body.fullName !== 'Camille Martin',
    );
    expect(me.body.fullName).toBe('Camille Dupont');
  });
});

describe('sessions', () => {
  it('rotates refresh tokens; presenting an old one revokes the whole session', async () => {
    const { call, token, refreshToken } = await signUpAndIn();
    await profile(call, token);
    const first = await call('POST', '/api/auth/refresh', { body: { refreshToken } });
    expect(first.status).toBe(200);
    const rotated = first.body.refreshToken as string;
    expect(rotated).not.toBe(refreshToken);
    expect((await call('GET', '/api/me', { token: first.body.accessToken as string })).status).toBe(200);

    const replay = await call('POST', '/api/auth/refresh', { body: { refreshToken } });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('auth.refresh_token_reused');
    // The thief's copy and the owner's current token are both dead, and so is the session.
    expect((await call('POST', '/api/auth/refresh', { body: { refreshToken: rotated } })).status).toBe(401);
    expect((await call('GET', '/api/me', { token: first.body.accessToken as string })).status).toBe(401);
  });

  it('signs out of this device only, or of every device', async () => {
    const {
      first: laptop,
      others: { phone, tablet },
    } = await signedInOnDevices('phone', 'tablet');

    expect(
      (await laptop.call('POST', '/api/auth/sign-out', { token: laptop.token, body: { scope: 'local' } })).status,
    ).toBe(204);
    expect((await laptop.call('GET', '/api/me', { token: laptop.token })).status).toBe(401);
    expect((await laptop.call('GET', '/api/me', { token: phone.body.accessToken as string })).status).toBe(200);

    const everywhere = await laptop.call('POST', '/api/auth/sign-out', {
      token: phone.body.accessToken as string,
      body: { scope: 'global' },
    });
    expect(everywhere.status).toBe(204);
    expect(await sessionAnswers(laptop.call, tablet)).toEqual({ me: 401, refresh: 401 });
  });

  it('forgets sessions ended more than a month ago with their tokens, and keeps those still open', async () => {
    const {
      first: old,
      others: { open },
    } = await signedInOnDevices('open');
    const { knex } = shop.runtime;
    const sessionOf = async (token: string) =>
      (await knex('refresh_tokens')
        .where({ token_hash: tokenHash(token) })
        .first('session_id')) as { session_id: string } | undefined;
    const oldSession = (await sessionOf(old.refreshToken))?.session_id;
    expect(oldSession).toEqual(expect.any(String));
    // Signed out 31 days ago.
    await knex('auth_sessions')
      .where({ id: oldSession })
      .update({ revoked_at: new Date(Date.now() - 31 * 24 * 3600_000), revoked_reason: 'sign_out' });

    expect(await purgeEndedSessions(knex, new Date())).toBeGreaterThanOrEqual(1);
    expect(await knex('auth_sessions').where({ id: oldSession }).first()).toBeUndefined();
    expect(await knex('refresh_tokens').where({ session_id: oldSession }).first()).toBeUndefined();
    const refused = await old.call('POST', '/api/auth/refresh', { body: { refreshToken: old.refreshToken } });
    expect([refused.status, refused.body.code]).toEqual([401, 'auth.invalid_refresh_token']);
    // The other device signed in still is.
    expect(await sessionAnswers(old.call, open)).toEqual({ me: 200, refresh: 200 });
  });

  it('changes the password only with the current one, and signs out the other sessions', async () => {
    const {
      email,
      first: main,
      others: { other },
    } = await signedInOnDevices('other');
    const wrong = await main.call('POST', '/api/me/password', {
      token: main.token,
      body: { currentPassword: 'guess', newPassword: 'brand new secret' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('auth.current_password_incorrect');
    const changed = await main.call('POST', '/api/me/password', {
      token: main.token,
      body: { currentPassword: PASSWORD, newPassword: 'brand new secret' },
    });
    expect(changed.status).toBe(204);
    expect((await main.call('GET', '/api/me', { token: main.token })).status).toBe(200);
    expect((await main.call('GET', '/api/me', { token: other.body.accessToken as string })).status).toBe(401);
    expect((await client()('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD } })).status).toBe(401);
    expect(
      (await client()('POST', '/api/auth/sign-in', { body: { email, password: 'brand new secret' } })).status,
    ).toBe(200);
  });
});

describe('password changes guessed with a stolen session', () => {
  it(`test at most ${PASSWORD_CHECKS_PER_HOUR} current passwords an hour per account; the right one gives the tries back`, async () => {
    const email = newEmail();
    const main = await signUpAndIn(client(), email);
    await profile(main.call, main.token);
    const change = (currentPassword: string, newPassword = 'brand new secret') =>
      main.call('POST', '/api/me/password', { token: main.token, body: { currentPassword, newPassword } });
    // A customer who mistypes and then gets it right has all their tries again.
    expect((await change('mistyped')).status).toBe(400);
    expect((await change(PASSWORD)).status).toBe(204);
    const guesses = await Promise.all(
      Array.from({ length: PASSWORD_CHECKS_PER_HOUR + 3 }, (_, i) => change(`guess ${i}`, `other secret ${i}`)),
    );
    const codes = guesses.map((answer) => answer.body.code as string).sort();
    expect(codes).toEqual(
      [
        ...Array<string>(PASSWORD_CHECKS_PER_HOUR).fill('auth.current_password_incorrect'),
        ...Array<string>(3).fill('auth.password_checks_exhausted'),
      ].sort(),
    );
    const refused = guesses.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Past the limit even the right password is not tested, and the password stays as it was.
    expect((await change('brand new secret', 'yet another secret')).status).toBe(429);
    const signIn = await client()('POST', '/api/auth/sign-in', { body: { email, password: 'brand new secret' } });
    expect(signIn.status).toBe(200);
  });
});

describe('password changes sent at once', () => {
  it('change the password once: the others find their current password no longer current, and one change is recorded', async () => {
    const email = newEmail();
    const main = await signUpAndIn(client(), email);
    const me = await profile(main.call, main.token);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        main.call('POST', '/api/me/password', {
          token: main.token,
          body: { currentPassword: PASSWORD, newPassword: `brand new secret ${i}` },
        }),
      ),
    );
    const changed = answers.flatMap((answer, i) => (answer.status === 204 ? [i] : []));
    expect(changed).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 204)) {
      expect(answer).toMatchObject({ status: 400, body: { code: 'auth.current_password_incorrect' } });
    }
    const signIn = await client()('POST', '/api/auth/sign-in', {
      body: { email, password: `brand new secret ${changed[0]}` },
    });
    expect(signIn.status).toBe(200);
    const recorded = (await shop.runtime.store.readStream(accountStreamId(me.body.id as string))).filter(
      (event) => event.type === 'PasswordChanged',
    );
    expect(recorded).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('are problems titled by their status: 401 Unauthorized, 403 Forbidden', async () => {
    const anonymous = await client()('GET', '/api/me');
    expect(anonymous).toMatchObject({ status: 401, body: { title: 'Unauthorized', code: 'auth.required' } });
    const { call, token } = await signUpAndIn();
    const customer = await call('GET', '/api/admin/users', { token });
    expect(customer).toMatchObject({ status: 403, body: { title: 'Forbidden', code: 'auth.forbidden' } });
  });
});

describe('lock-out and rate limits', () => {
  it('locks an account after five failures, records it, and locks unknown e-mails the same way', async () => {
    const { email, call, token } = await signUpAndIn();
    for (let i = 0; i < 5; i++) {
      expect((await client()('POST', '/api/auth/sign-in', { body: { email, password: `wrong-${i}` } })).status).toBe(
        401,
      );
    }
    const locked = await client()('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD } });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('auth.account_locked');
    expect(locked.body.retryAfterSeconds).toBeGreaterThan(0);

    const activity = await eventually(
      () => call('GET', '/api/me/security-activity', { token }),
      (res) => (res.body.data as unknown[]).length >= 8,
    );
    const actions = (
      activity.body.data as Array<{ action: string; success: boolean; device: string; location: string }>
    ).map((a) => a.action);
    expect(actions[0]).toBe('sign_in_failed:locked');
    expect(actions).toContain('account_locked');
    expect(actions.filter((a) => a === 'sign_in_failed:bad_password')).toHaveLength(5);
    const [latest] = activity.body.data as Array<{ device: string; location: string; success: boolean }>;
    expect(latest).toMatchObject({ device: 'Chrome on Windows', success: false });
    expect(latest!.location).toMatch(/^10\.0\.\d+\.x$/);

    const ghost = newEmail();
    for (let i = 0; i < 5; i++) await client()('POST', '/api/auth/sign-in', { body: { email: ghost, password: 'x' } });
    const ghostLocked = await client()('POST', '/api/auth/sign-in', { body: { email: ghost, password: 'x' } });
    expect(ghostLocked.status).toBe(429);
    expect(ghostLocked.body.code).toBe('auth.account_locked');
  });

  it('tests at most five passwords when they come all at once, and never answers with a store conflict', async () => {
    const { email, call, token } = await signUpAndIn();
    // 25 guesses at once, from as many addresses (the per-address limit is not what is tested), one of them right.
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        client()('POST', '/api/auth/sign-in', { body: { email, password: i === 20 ? PASSWORD : `guess-${i}` } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => ![200, 401, 429].includes(status))).toEqual([]);
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => answer.status === 429).map((answer) => answer.body.code)).toEqual(
      Array(statuses.filter((status) => status === 429).length).fill('auth.account_locked'),
    );
    // Every guess that was tested is recorded on the account; the account is locked once five were.
    const tested = statuses.filter((status) => status === 401).length;
    const me = await profile(call, token);
    const failures = (await shop.runtime.store.readStream(accountStreamId(me.body.id as string)))
      .filter((event) => event.type === 'SignInFailed')
      .map((event) => (event.data as { reason: string }).reason);
    expect(failures.filter((reason) => reason === 'bad_password')).toHaveLength(tested);
    expect(failures.filter((reason) => reason === 'locked')).toHaveLength(
      25 - statuses.filter((s) => s !== 429).length,
    );
    if (tested === 5) {
      const locked = await client()('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD } });
      expect(locked.body.code).toBe('auth.account_locked');
    }
  });

  it('limits sign-in attempts per address', async () => {
    const call = client('192.0.2.77');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await call('POST', '/api/auth/sign-in', { body: { email: newEmail(), password: 'x' } })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('two-factor authentication', () => {
  it('is set up by confirming a code, then asked for at sign-in; codes and recovery codes work once', async () => {
    const { email, call, token } = await signUpAndIn();
    await profile(call, token);
    const setup = await call('POST', '/api/me/2fa/setup', { token });
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/PremiumShare:/);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    const totp = new TOTP({ secret: Secret.fromBase32(setup.body.secret as string), digits: 6, period: 30 });
    const now = Date.now();

    expect((await call('POST', '/api/me/2fa/enable', { token, body: { code: '000000' } })).body.code).toBe(
      'two_factor.invalid_code',
    );
    const enabled = await call('POST', '/api/me/2fa/enable', {
      token,
      body: { code: totp.generate({ timestamp: now }) },
    });
    expect(enabled.status).toBe(200);
    const recoveryCodes = enabled.body.recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(10);

    const withoutCode = await client()('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD } });
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.body.code).toBe('auth.second_factor_required');
    const badCode = await client()('POST', '/api/auth/sign-in', {
      body: { email, password: PASSWORD, totpCode: '123456' },
    });
    expect(badCode.body.code).toBe('auth.invalid_second_factor');

    const nextCode = totp.generate({ timestamp: now + 30_000 });
    expect(
      (await client()('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD, totpCode: nextCode } })).status,
    ).toBe(200);
    const replayed = await client()('POST', '/api/auth/sign-in', {
      body: { email, password: PASSWORD, totpCode: nextCode },
    });
    expect(replayed.body.code).toBe('auth.invalid_second_factor');

    const recovery = await client()('POST', '/api/auth/sign-in', {
      body: { email, password: PASSWORD, totpCode: recoveryCodes[0] },
    });
    expect(recovery.status).toBe(200);
    expect(
      (await client()('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD, totpCode: recoveryCodes[0] } }))
        .status,
    ).toBe(401);

    const me = await eventually(
      () => call('GET', '/api/me', { token }),
      (res) => res.body.twoFactorEnabled === true,
    );
    expect(me.body.twoFactorEnabled).toBe(true);
    expect((await call('POST', '/api/me/2fa/disable', { token, body: { code: recoveryCodes[1] } })).status).toBe(204);
    expect((await client()('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD } })).status).toBe(200);
    const activity = await eventually(
      () => call('GET', '/api/me/security-activity', { token }),
      (res) =>
        (res.body.data as Array<{ action: string }>)[0]?.action === 'two_factor_disabled' ||
        (res.body.data as Array<{ action: string }>).some((a) => a.action === 'two_factor_disabled'),
    );
    const actions = (activity.body.data as Array<{ action: string }>).map((a) => a.action);
    expect(actions).toContain('two_factor_enabled');
    expect(actions).toContain('two_factor_disabled');
    expect(actions.length).toBeLessThanOrEqual(10);
  });
});

describe('roles', () => {
  it('lets only staff with two-factor sign-in into /api/admin, decided on the server', async () => {
    const customer = await signUpAndIn();
    await profile(customer.call, customer.token);
    expect((await customer.call('GET', '/api/admin/users')).body.code).toBe('auth.required');
    const forbidden = await customer.call('GET', '/api/admin/users', { token: customer.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('auth.forbidden');

    await shop.runtime.accounts.grantRole(await shop.runtime.accounts.userIdOf(customer.email), 'owner', {
      by: 'test',
      actor: { type: 'system', id: 'test' },
    });
    // Staff use two-factor sign-in: until it is on, the back-office says so.
    const withoutSecondFactor = await eventually(
      () => customer.call('GET', '/api/admin/users', { token: customer.token }),
      (res) => res.body.code === 'auth.two_factor_required',
    );
    expect(withoutSecondFactor.status).toBe(403);
    await turnOnStaffTwoFactor(shop, {
      email: customer.email,
      token: customer.token,
      userId: await shop.runtime.accounts.userIdOf(customer.email),
    });
    const allowed = await eventually(
      () => customer.call('GET', '/api/admin/users', { token: customer.token }),
      (res) => res.status === 200,
    );
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-range')).toMatch(/^users 0-\d+\/\d+$/);
  });
});
