import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { capturingLogger } from '../testing/captured-log.js';
import { requestJson } from '../testing/http-customer.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';

const { logger, lines: logLines } = capturingLogger('trace');
const shop = useTestShop('secrets', { logger });

/** Signed in both ways a client may be: the bearer token and the cookie. */
const call = (method: string, path: string, body?: unknown, token?: string) =>
  requestJson(shop.url, method, path, { body, token, headers: token ? { Cookie: `access_token=${token}` } : {} });

describe('secrets never reach the event log or the logs', () => {
  it('after sign-up, sign-in, refresh, 2FA and a password change, no password, hash, token or TOTP secret is stored in events or logged', async () => {
    const email = `secret-${randomUUID().slice(0, 8)}@example.com`;
    const password = `pw-${randomUUID()}`;
    const newPassword = `pw2-${randomUUID()}`;
    const secrets: string[] = [password, newPassword];

    expect((await call('POST', '/api/auth/sign-up', { email, password, fullName: 'Alex Secret' })).status).toBe(201);
    const signIn = await call('POST', '/api/auth/sign-in', { email, password });
    const token = signIn.body.accessToken as string;
    secrets.push(token, signIn.body.refreshToken as string);
    secrets.push(...signIn.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=')[1]!));
    await eventually(
      () => call('GET', '/api/me', undefined, token),
      (res) => res.status === 200,
    );

    const refreshed = await call('POST', '/api/auth/refresh', { refreshToken: signIn.body.refreshToken });
    const current = refreshed.body.accessToken as string;
    secrets.push(current, refreshed.body.refreshToken as string);

    const setup = await call('POST', '/api/me/2fa/setup', undefined, current);
    secrets.push(setup.body.secret as string);
    const totp = new TOTP({ secret: Secret.fromBase32(setup.body.secret as string), digits: 6, period: 30 });
    const enabled = await call('POST', '/api/me/2fa/enable', { code: totp.generate() }, current);
    secrets.push(...(enabled.body.recoveryCodes as string[]));
    await call('POST', '/api/me/password', { currentPassword: password, newPassword }, current);
    await call('POST', '/api/auth/sign-in', { email, password: 'wrong-password-attempt' });
    await eventually(
      () => call('GET', '/api/me/security-activity', undefined, current),
      (res) =>
        (res.body.data as Array<{ action: string }> | undefined)?.some((a) => a.action === 'password_changed') ?? false,
    );

    const client = new pg.Client({ connectionString: shop.database.url });
    await client.connect();
    const { rows } = await client.query<{ text: string }>(
      `SELECT event_type || data::text || metadata::text AS text FROM es_events`,
    );
    const { rows: hashes } = await client.query<{ password_hash: string }>(
      'SELECT password_hash FROM account_credentials',
    );
    await client.end();
    const log = rows.map((r) => r.text).join('\n');
    const logs = logLines.join('\n');

    expect(log).toContain('PasswordChanged');
    expect(log).toContain('TwoFactorEnabled');
    expect(logs).toContain('/api/auth/sign-in');
    // Requests are logged without their headers at all, so no cookie or Authorization can slip through.
    expect(logs).not.toContain('"headers"');
    const hash = hashes[0]!.password_hash;
    expect(hash).toMatch(/^\$argon2id\$/);
    for (const secret of [...secrets, hash, 'wrong-password-attempt']) {
      expect(log).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
    expect(log).not.toContain('$argon2');
    expect(logs).not.toContain('$argon2');
    // Personal data is sealed in events: the e-mail and name are not readable there.
    expect(log).not.toContain(email);
    expect(log).not.toContain('Alex Secret');
  });
});
