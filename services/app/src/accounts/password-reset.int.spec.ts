import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountMailJobHandlers } from './account-mail-jobs.js';
import type { MailMessage } from '../mail/mailer.js';
import { tokenHash } from '../security/tokens.js';
import { mailerFailingOnce } from '../testing/failing-mailer.js';
import { useStandIn, useTestShop } from '../testing/shop-under-test.js';
import { decodeQuotedPrintable, startSmtpCapture } from '../testing/smtp-capture.js';
import { eventually } from '../testing/test-shop.js';

interface ReceivedMail {
  to: string[];
  /** The message with quoted-printable undone, as a mail client would show it. */
  text: string;
}

const PUBLIC_URL = 'https://shop.example';
const EMAIL = 'alice@example.com';
const FIRST_PASSWORD = 'first-secret';
const NEW_PASSWORD = 'second-secret';

const smtp = useStandIn('smtp', () =>
  startSmtpCapture<ReceivedMail>((raw, to) => ({ to, text: decodeQuotedPrintable(raw) })),
);
const shop = useTestShop('password_reset', { env: () => ({ SMTP_URL: smtp.url, PUBLIC_URL }) });

const post = (path: string, body: unknown) =>
  fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const signIn = (password: string) => post('/api/auth/sign-in', { email: EMAIL, password });
const me = (accessToken: string) =>
  fetch(`${shop.url}/api/me`, { headers: { authorization: `Bearer ${accessToken}` } });
const requestReset = (email: string) => post('/api/auth/password-reset', { email });
const confirm = (token: string, newPassword: string) =>
  post('/api/auth/password-reset/confirm', { token, newPassword });

const linkPattern = /https:\/\/shop\.example\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/;
const tokenFrom = (mail: ReceivedMail) => linkPattern.exec(mail.text)![1]!;
const waitForMail = (count: number) =>
  eventually(
    async () => smtp.messages.length,
    (n) => n >= count,
    20_000,
  ).then((n) => {
    expect(n).toBe(count);
    return smtp.messages[count - 1]!;
  });
const resetTokensInLog = async () =>
  (
    await shop.runtime
      .knex('es_events')
      .where({ event_type: 'PasswordResetRequested' })
      .count<{ n: string }[]>('* as n')
  )[0]!.n;

let userId: string;
let sessionBeforeReset: string;
let firstToken: string;

describe('forgotten password', () => {
  it('signs up and signs in with the first password', async () => {
    const signUp = await post('/api/auth/sign-up', {
      email: EMAIL,
      password: FIRST_PASSWORD,
      fullName: 'Alice Martin',
    });
    expect(signUp.status).toBe(201);
    userId = ((await signUp.json()) as { id: string }).id;
    const session = await signIn(FIRST_PASSWORD);
    expect(session.status).toBe(200);
    sessionBeforeReset = ((await session.json()) as { accessToken: string }).accessToken;
    // GET /api/me reads the accounts read model, which follows the log.
    const profile = await eventually(
      () => me(sessionBeforeReset),
      (res) => res.status === 200,
    );
    expect(profile.status).toBe(200);
  });

  it('answers an unknown address exactly like a known one, and mails a link only to the known one', async () => {
    const unknown = await requestReset('nobody@example.com');
    expect(unknown.status).toBe(202);
    const unknownBody = await unknown.text();
    expect(await resetTokensInLog()).toBe('0');

    // Upper case on purpose: the address is normalized like at sign-in.
    const known = await requestReset('ALICE@EXAMPLE.COM');
    expect(known.status).toBe(202);
    expect(await known.text()).toBe(unknownBody);
    expect(known.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
    expect(await resetTokensInLog()).toBe('1');

    const mail = await waitForMail(1);
    expect(mail.to).toEqual([EMAIL]);
    expect(smtp.messages.flatMap((m) => m.to)).not.toContain('nobody@example.com');
    expect(mail.text).toMatch(/^Subject: /m);
    // French first, English below, the same link in both.
    const french = mail.text.indexOf('Bonjour Alice Martin,');
    const english = mail.text.indexOf('Hello Alice Martin,');
    expect(french).toBeGreaterThan(-1);
    expect(english).toBeGreaterThan(french);
    expect(mail.text).toContain('ouvrez ce lien dans les 30 minutes');
    firstToken = tokenFrom(mail);
    expect(mail.text.split(firstToken).length - 1).toBeGreaterThanOrEqual(2);
  });

  it('keeps the raw token out of the event log and stores only its hash', async () => {
    const events = await shop.runtime.knex.raw<{ rows: Array<{ data: string; metadata: string }> }>(
      'SELECT data::text, metadata::text FROM es_events',
    );
    expect(events.rows.length).toBeGreaterThan(0);
    for (const row of events.rows) {
      expect(row.data).not.toContain(firstToken);
      expect(row.metadata).not.toContain(firstToken);
    }
    // The row commits once the mail server has taken the message: a moment after the mail arrives.
    const rows = await eventually(
      () =>
        shop.runtime.knex.raw<{ rows: Array<{ row: string }> }>(
          'SELECT row_to_json(t)::text AS row FROM password_reset_tokens t',
        ),
      (read) => read.rows.length > 0,
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.row).not.toContain(firstToken);
    const stored = await shop.runtime.knex('password_reset_tokens').first();
    expect(stored).toMatchObject({ token_hash: tokenHash(firstToken), user_id: userId, used_at: null });
    expect(new Date(stored.expires_at).getTime() - new Date(stored.created_at).getTime()).toBeCloseTo(30 * 60_000, -4);
  });

  it('sends no second link when the job runs again for the same request', async () => {
    const { request_id: requestId } = await shop.runtime.knex('password_reset_tokens').first('request_id');
    const sent: MailMessage[] = [];
    const handlers = accountMailJobHandlers({
      knex: shop.runtime.knex,
      mailer: { send: async (message) => void sent.push(message) },
      publicUrl: PUBLIC_URL,
      clock: () => new Date(),
      logger: shop.runtime.logger,
      vault: shop.runtime.vault,
    });
    await handlers['send-password-reset']({ userId, requestId, requestedAt: new Date().toISOString() });
    expect(sent).toHaveLength(0);
    expect(await shop.runtime.knex('password_reset_tokens').count<{ n: string }[]>('* as n')).toEqual([{ n: '1' }]);
  });

  it('retries a send that failed with a fresh token, leaving no link behind from the failed try', async () => {
    const requestId = randomUUID();
    const sent: MailMessage[] = [];
    const handlers = accountMailJobHandlers({
      knex: shop.runtime.knex,
      mailer: mailerFailingOnce(sent),
      publicUrl: PUBLIC_URL,
      clock: () => new Date(),
      logger: shop.runtime.logger,
      vault: shop.runtime.vault,
    });
    const job = { userId, requestId, requestedAt: new Date().toISOString() };
    await expect(handlers['send-password-reset'](job)).rejects.toThrow('mail server away');
    expect(await shop.runtime.knex('password_reset_tokens').where({ request_id: requestId })).toHaveLength(0);
    await handlers['send-password-reset'](job);
    await handlers['send-password-reset'](job);
    expect(sent).toHaveLength(1);
    const token = linkPattern.exec(sent[0]!.text)![1]!;
    const row = await shop.runtime.knex('password_reset_tokens').where({ request_id: requestId }).first();
    expect(row.token_hash).toBe(tokenHash(token));
    // Not used further: remove it so the rest of the file sees only links that went through the shop.
    await shop.runtime.knex('password_reset_tokens').where({ request_id: requestId }).delete();
  });

  it('sets the new password with the token, ends every session, and refuses the token a second time', async () => {
    const res = await confirm(firstToken, NEW_PASSWORD);
    expect(res.status).toBe(204);

    const old = await signIn(FIRST_PASSWORD);
    expect(old.status).toBe(401);
    expect(await old.json()).toMatchObject({ code: 'auth.invalid_credentials' });
    const fresh = await signIn(NEW_PASSWORD);
    expect(fresh.status).toBe(200);

    const before = await me(sessionBeforeReset);
    expect(before.status).toBe(401);
    const after = await me(((await fresh.json()) as { accessToken: string }).accessToken);
    expect(after.status).toBe(200);

    const again = await confirm(firstToken, 'third-secret');
    expect(again.status).toBe(400);
    expect(again.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await again.json()).toMatchObject({ status: 400, code: 'auth.reset_token_invalid' });
    expect((await signIn(NEW_PASSWORD)).status).toBe(200);

    const changed = await shop.runtime.knex('es_events').where({ event_type: 'PasswordChanged' }).select('data');
    expect(changed.map((row) => row.data)).toEqual([expect.objectContaining({ userId, via: 'reset' })]);
  });

  it('refuses unknown and expired tokens, a new password shorter than sign-up allows, and a common one', async () => {
    const unknown = await confirm('not-a-token-we-issued', 'whatever-secret');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'auth.reset_token_invalid' });

    expect((await requestReset(EMAIL)).status).toBe(202);
    const token = tokenFrom(await waitForMail(2));
    // The link's row commits once the mail server has taken the message.
    await eventually(
      () =>
        shop.runtime
          .knex('password_reset_tokens')
          .where({ token_hash: tokenHash(token) })
          .first('token_hash'),
      (row) => row !== undefined,
    );
    expect((await confirm(token, '12345')).status).toBe(400);
    const common = await confirm(token, 'Azerty123');
    expect(common.status).toBe(400);
    expect(common.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await common.json()).toMatchObject({
      code: 'auth.password_too_common',
      errors: [{ path: 'newPassword' }],
    });
    // Refused before the link was spent: the customer can choose another password with it.
    expect(
      await shop.runtime
        .knex('password_reset_tokens')
        .where({ token_hash: tokenHash(token) })
        .first('used_at'),
    ).toEqual({ used_at: null });
    await shop.runtime
      .knex('password_reset_tokens')
      .where({ token_hash: tokenHash(token) })
      .update({ expires_at: shop.runtime.knex.raw("now() - interval '1 second'") });
    const expired = await confirm(token, 'expired-secret');
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ code: 'auth.reset_token_invalid' });
    expect((await signIn(NEW_PASSWORD)).status).toBe(200);
  });

  it('allows three requests per e-mail an hour, then answers 429 with a stable code, account or not', async () => {
    // Two requests for this address were made above.
    expect((await requestReset(EMAIL)).status).toBe(202);
    const limited = await requestReset(EMAIL);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await limited.json()).toMatchObject({ status: 429, code: 'auth.password_reset_rate_limited' });

    for (let i = 0; i < 3; i++) expect((await requestReset('stranger@example.com')).status).toBe(202);
    const stranger = await requestReset('stranger@example.com');
    expect(stranger.status).toBe(429);
    expect(await stranger.json()).toMatchObject({ code: 'auth.password_reset_rate_limited' });
  });
});
