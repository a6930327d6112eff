import { accountStreamId } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import {
  randomIp,
  requestJson,
  signUpAndSignIn,
  turnOnTwoFactor,
  type HttpCustomer,
  type JsonRequest,
} from '../testing/http-customer.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';

/** How far the shop's clock runs ahead of the real one: a test moves it past a lock. */
let clockAheadMs = 0;
const shop = useTestShop('account_security', { redis: true, clock: () => new Date(Date.now() + clockAheadMs) });

const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';

const call = (method: string, path: string, options: JsonRequest = {}) =>
  requestJson(shop.url, method, path, {
    ip: options.ip ?? randomIp('10.9'),
    ...options,
    headers: { 'User-Agent': LAPTOP, ...options.headers },
  });

const customer = (label: string, password?: string) =>
  signUpAndSignIn(shop.url, { label, password, ip: randomIp('10.9') });

/** Waits for the projected profile, which the 2FA set-up and the activity read. */
const profileOf = (who: HttpCustomer) =>
  eventually(
    () => call('GET', '/api/me', { token: who.token }),
    (reply) => reply.status === 200,
  );

const activityOf = async (who: HttpCustomer, until: (actions: string[]) => boolean) => {
  const reply = await eventually(
    () => call('GET', '/api/me/security-activity', { token: who.token }),
    (res) => until((res.body.data as Array<{ action: string }>).map((a) => a.action)),
  );
  return reply.body.data as Array<{ action: string; device: string | null; location: string | null; success: boolean }>;
};

/** A code of the right shape that the authenticator shows at none of the accepted steps. */
function wrongCode(valid: string[]): string {
  for (let n = 0; ; n++) {
    const candidate = String(n * 137_911)
      .padStart(6, '0')
      .slice(-6);
    if (!valid.includes(candidate)) return candidate;
  }
}

describe('turning two-factor off', () => {
  it('locks after five wrong codes like sign-in, refuses even a right code meanwhile, and records every attempt', async () => {
    const owner = await customer('two-factor-off');
    await profileOf(owner);
    const { totp, recoveryCodes } = await turnOnTwoFactor(shop.url, owner);
    const now = Date.now();
    const valid = [-30_000, 0, 30_000].map((delta) => totp.generate({ timestamp: now + delta }));
    const wrong = [wrongCode(valid), 'aaaaa-bbbbb', wrongCode([...valid, wrongCode(valid)]), '00000-00000', '999999'];
    for (const code of wrong) {
      const reply = await call('POST', '/api/me/2fa/disable', { token: owner.token, body: { code } });
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('two_factor.invalid_code');
    }

    const locked = await call('POST', '/api/me/2fa/disable', { token: owner.token, body: { code: recoveryCodes[0] } });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(locked.body).toMatchObject({ code: 'two_factor.locked' });
    expect(locked.body.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);

    // Still on, and the recovery code offered while locked was not spent.
    expect(
      (await call('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password } })).body.code,
    ).toBe('auth.second_factor_required');
    const withRecovery = await call('POST', '/api/auth/sign-in', {
      body: { email: owner.email, password: owner.password, totpCode: recoveryCodes[0] },
    });
    expect(withRecovery.status).toBe(200);

    const activity = await activityOf(owner, (actions) => actions.includes('two_factor_disable_failed:locked'));
    const actions = activity.map((a) => a.action);
    expect(actions.filter((a) => a === 'two_factor_disable_failed:bad_code')).toHaveLength(5);
    expect(actions).toContain('two_factor_disable_locked');
    const refused = activity.find((a) => a.action === 'two_factor_disable_failed:locked')!;
    expect(refused).toMatchObject({ success: false, device: 'Chrome on Windows' });
    expect(refused.location).toMatch(/^10\.9\.\d+\.x$/);

    const events = (await shop.runtime.store.readStream(accountStreamId(owner.userId))).map((e) => e.type);
    expect(events.filter((type) => type === 'TwoFactorDisableFailed')).toHaveLength(6);
    expect(events.filter((type) => type === 'TwoFactorDisableLocked')).toHaveLength(1);
    expect(events).not.toContain('TwoFactorDisabled');

    // Fifteen minutes later the lock has passed: the right code turns it off, and that is recorded too.
    clockAheadMs = 16 * 60_000;
    try {
      const code = totp.generate({ timestamp: Date.now() + clockAheadMs });
      const off = await call('POST', '/api/me/2fa/disable', { token: owner.token, body: { code } });
      expect(off.status).toBe(204);
    } finally {
      clockAheadMs = 0;
    }
    await activityOf(owner, (all) => all.includes('two_factor_disabled'));
    expect(
      (await call('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password } })).status,
    ).toBe(200);
  });

  it.each([
    ['enable', 'abcdef'],
    ['enable', '１２３４５６'],
    ['enable', 'é12345'],
    ['enable', '12345٦'],
    ['enable', '12 34 56'],
    ['disable', 'ééééééé'],
    ['disable', '١٢٣٤٥٦'],
    ['disable', 'zzzzz-zzzzz'],
    ['disable', 'abcde-fghij'],
  ])('refuses a code that is not ASCII digits (or a recovery code) on /2fa/%s: %s', async (action, code) => {
    const owner = await customer(`two-factor-${action}`);
    await profileOf(owner);
    if (action === 'enable') {
      expect((await call('POST', '/api/me/2fa/setup', { token: owner.token })).status).toBe(200);
    } else {
      await turnOnTwoFactor(shop.url, owner);
    }
    const reply = await call('POST', `/api/me/2fa/${action}`, { token: owner.token, body: { code } });
    expect(reply.status).toBe(400);
    expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(reply.body).toMatchObject({ code: 'validation.failed', errors: [{ path: 'code' }] });
  });
});

describe('sessions', () => {
  it('lists each session with its device, place and last use, marks the current one, and revokes one at once', async () => {
    const owner = await customer('sessions');
    const laptop = await call('POST', '/api/auth/sign-in', {
      body: { email: owner.email, password: owner.password },
      ip: '10.9.1.7',
    });
    const phone = await call('POST', '/api/auth/sign-in', {
      body: { email: owner.email, password: owner.password },
      headers: { 'User-Agent': PHONE, 'CF-IPCountry': 'fr' },
    });
    const laptopToken = laptop.body.accessToken as string;
    const phoneToken = phone.body.accessToken as string;

    const listed = await call('GET', '/api/me/sessions', { token: laptopToken });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toContain('no-store');
    const sessions = listed.body.data as Array<Record<string, unknown>>;
    // The sign-up helper's session, the laptop's and the phone's.
    expect(sessions).toHaveLength(3);
    const current = sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ device: 'Chrome on Windows', location: '10.9.1.x' });
    const onPhone = sessions.find((s) => s.device === 'Safari on iOS')!;
    expect(onPhone).toMatchObject({ location: 'FR', current: false });
    expect(Date.parse(onPhone.createdAt as string)).not.toBeNaN();
    expect(Date.parse(onPhone.lastSeenAt as string)).not.toBeNaN();
    expect(Object.keys(onPhone).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'lastSeenAt', 'location']);

    const revoked = await call('DELETE', `/api/me/sessions/${onPhone.id as string}`, { token: laptopToken });
    expect(revoked.status).toBe(204);
    expect((await call('GET', '/api/me', { token: phoneToken })).status).toBe(401);
    const refresh = await call('POST', '/api/auth/refresh', { body: { refreshToken: phone.body.refreshToken } });
    expect(refresh.status).toBe(401);
    expect((await call('GET', '/api/me/sessions', { token: laptopToken })).status).toBe(200);
    const after = (await call('GET', '/api/me/sessions', { token: laptopToken })).body.data as Array<{ id: string }>;
    expect(after.map((s) => s.id)).not.toContain(onPhone.id);
    expect(after).toHaveLength(2);

    // Revoked once: a second time it is gone.
    expect((await call('DELETE', `/api/me/sessions/${onPhone.id as string}`, { token: laptopToken })).status).toBe(404);

    const [event] = (await shop.runtime.store.readStream(accountStreamId(owner.userId))).filter(
      (e) => e.type === 'SessionRevoked',
    );
    expect(event).toBeDefined();
    expect(event!.metadata.actor).toEqual({ type: 'customer', id: owner.userId });
    expect(Object.keys(event!.data as object).sort()).toEqual(['at', 'device', 'sessionId', 'userId']);
    expect(event!.data).toMatchObject({ userId: owner.userId, sessionId: onPhone.id });
    const hashes = await shop.runtime.knex('refresh_tokens').where({ user_id: owner.userId }).pluck('token_hash');
    const logged = JSON.stringify({ data: event!.data, metadata: event!.metadata });
    for (const secret of [...hashes, phone.body.refreshToken as string, phoneToken]) {
      expect(logged).not.toContain(secret);
    }

    const activity = await activityOf(owner, (actions) => actions.includes('session_revoked'));
    expect(activity.find((a) => a.action === 'session_revoked')).toMatchObject({ success: true });
  });

  it("answers 404 for someone else's session, and for one that does not exist, and revokes nothing", async () => {
    const owner = await customer('sessions-owner');
    const stranger = await customer('sessions-stranger');
    const [ownSession] = (await call('GET', '/api/me/sessions', { token: owner.token })).body.data as Array<{
      id: string;
    }>;
    const attempt = await call('DELETE', `/api/me/sessions/${ownSession!.id}`, { token: stranger.token });
    expect(attempt.status).toBe(404);
    expect(attempt.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(attempt.body.code).toBe('session.not_found');
    expect((await call('GET', '/api/me/sessions', { token: owner.token })).status).toBe(200);
    expect((await call('DELETE', '/api/me/sessions/not-a-session', { token: stranger.token })).status).toBe(404);
    expect((await call('GET', '/api/me/sessions')).status).toBe(401);
    expect((await call('DELETE', `/api/me/sessions/${ownSession!.id}`)).status).toBe(401);
  });

  it('are described in the OpenAPI document', async () => {
    const doc = (await call('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    expect(doc.paths['/api/me/sessions']).toHaveProperty('get');
    expect(doc.paths['/api/me/sessions/{id}']).toHaveProperty('delete');
  });
});

describe('common passwords', () => {
  it('are refused at sign-up with a stable code naming the field; the address stays free', async () => {
    const email = `common-${Date.now()}@example.com`;
    for (const password of ['motdepasse', 'Password1', 'azerty123', 'iloveyou']) {
      const reply = await call('POST', '/api/auth/sign-up', { body: { email, password } });
      expect(reply.status).toBe(400);
      expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(reply.body).toMatchObject({ code: 'auth.password_too_common', errors: [{ path: 'password' }] });
    }
    // The length floor stays: six characters that no list holds are enough.
    expect((await call('POST', '/api/auth/sign-up', { body: { email, password: 'k7#pQz' } })).status).toBe(201);
    expect((await call('POST', '/api/auth/sign-up', { body: { email: `x${email}`, password: '12345' } })).status).toBe(
      400,
    );
  });

  it('are refused as a new password, and the current one keeps working', async () => {
    const owner = await customer('common-change');
    const reply = await call('POST', '/api/me/password', {
      token: owner.token,
      body: { currentPassword: owner.password, newPassword: 'qwerty123' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'auth.password_too_common', errors: [{ path: 'newPassword' }] });
    expect(
      (await call('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password } })).status,
    ).toBe(200);
  });
});
