import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestsTo } from '../testing/http-customer.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { eventually } from '../testing/test-shop.js';

const shop = useTestShop('notifications_api');

const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

interface Notification {
  id: string;
  type: string;
  title: string;
  message: string;
  read: boolean;
  createdAt: string;
}
interface Mailbox {
  data: Notification[];
  unread: number;
}

const request = requestsTo(shop);
const call = (method: string, path: string, options: { token?: string; body?: unknown; userAgent?: string } = {}) =>
  request(method, path, {
    token: options.token,
    body: options.body,
    headers: options.userAgent ? { 'User-Agent': options.userAgent } : {},
  });

interface User {
  email: string;
  password: string;
  token: string;
}

async function signUp(label: string): Promise<Omit<User, 'token'>> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID()}`;
  const res = await call('POST', '/api/auth/sign-up', { body: { email, password, fullName: `User ${label}` } });
  expect(res.status).toBe(201);
  return { email, password };
}

async function signIn(user: { email: string; password: string }, userAgent = LAPTOP): Promise<string> {
  const res = await call('POST', '/api/auth/sign-in', {
    body: { email: user.email, password: user.password },
    userAgent,
  });
  expect(res.status).toBe(200);
  return res.body.accessToken as string;
}

async function mailbox(token: string, query = ''): Promise<Mailbox> {
  const res = await call('GET', `/api/me/notifications${query}`, { token });
  if (res.status !== 200) throw new Error(`GET /api/me/notifications answered ${res.status}`);
  return res.body as unknown as Mailbox;
}

const waitForMailbox = (token: string, accept: (box: Mailbox) => boolean) => eventually(() => mailbox(token), accept);

let alice: User;
let bob: User;

beforeAll(async () => {
  const a = await signUp('alice');
  const b = await signUp('bob');
  // The account's first device is its owner's: only a sign-in from another one is news.
  alice = { ...a, token: await signIn(a) };
  await signIn(a, PHONE);
  bob = { ...b, token: await signIn(b) };
  await signIn(b, PHONE);
});

describe('notifications API', () => {
  it('a sign-in from a new device leaves a security notification, in French by default and English on request', async () => {
    const box = await waitForMailbox(alice.token, (b) => b.data.length > 0);
    expect(box.unread).toBe(1);
    expect(box.data).toHaveLength(1);
    expect(Object.keys(box.data[0]!).sort()).toEqual(['createdAt', 'id', 'message', 'read', 'title', 'type']);
    expect(box.data[0]).toMatchObject({ type: 'security', title: 'Nouvelle connexion', read: false });
    expect(box.data[0]!.message).toMatch(/appareil/);

    const res = await call('GET', '/api/me/notifications', { token: alice.token });
    expect(res.headers.get('content-language')).toBe('fr');
    const english = await mailbox(alice.token, '?lang=en');
    expect(english.data[0]).toMatchObject({ id: box.data[0]!.id, title: 'New sign-in' });
    expect(english.data[0]!.message).toMatch(/device/);
  });

  it('lists newest first; signing in again from a known device adds nothing', async () => {
    const first = (await mailbox(alice.token)).data[0]!;
    await signIn(alice, LAPTOP);
    await signIn(alice, PHONE);
    await signIn(alice, DESKTOP);
    // The sign-ins from the known laptop and phone were recorded before the desktop's: once the
    // desktop's notification is there, theirs would be too.
    const box = await waitForMailbox(alice.token, (b) => b.data.length >= 2);
    expect(box.data).toHaveLength(2);
    expect(box.data[1]!.id).toBe(first.id);
    expect(box.data[0]).toMatchObject({ title: 'Nouvelle connexion', read: false });
    expect(Date.parse(box.data[0]!.createdAt)).toBeGreaterThan(Date.parse(box.data[1]!.createdAt));
    expect(box.unread).toBe(2);
  });

  it('marks one notification read, then all of them', async () => {
    const [newest, oldest] = (await mailbox(alice.token)).data;
    expect((await call('POST', `/api/me/notifications/${newest!.id}/read`, { token: alice.token })).status).toBe(204);
    let box = await mailbox(alice.token);
    expect(box.unread).toBe(1);
    expect(box.data.map((n) => [n.id, n.read])).toEqual([
      [newest!.id, true],
      [oldest!.id, false],
    ]);
    // Reading again is harmless.
    expect((await call('POST', `/api/me/notifications/${newest!.id}/read`, { token: alice.token })).status).toBe(204);

    expect((await call('POST', '/api/me/notifications/read-all', { token: alice.token })).status).toBe(204);
    box = await mailbox(alice.token);
    expect(box.unread).toBe(0);
    expect(box.data.every((n) => n.read)).toBe(true);
  });

  it('a deleted notification no longer lists and can no longer be found', async () => {
    const [newest, oldest] = (await mailbox(alice.token)).data;
    expect((await call('DELETE', `/api/me/notifications/${oldest!.id}`, { token: alice.token })).status).toBe(204);
    expect((await mailbox(alice.token)).data.map((n) => n.id)).toEqual([newest!.id]);
    for (const [method, path] of [
      ['DELETE', `/api/me/notifications/${oldest!.id}`],
      ['POST', `/api/me/notifications/${oldest!.id}/read`],
    ] as const) {
      const res = await call(method, path, { token: alice.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'notification.not_found' });
    }
  });

  it("answers another user's notification exactly like an unknown one, and changes nothing", async () => {
    const before = await mailbox(alice.token);
    const aliceId = before.data[0]!.id;
    const withoutRequestId = ({ requestId: _id, ...rest }: Record<string, unknown>) => rest;
    const answers = [];
    for (const id of [aliceId, randomUUID(), 'not%20an%20id']) {
      for (const [method, path] of [
        ['POST', `/api/me/notifications/${id}/read`],
        ['DELETE', `/api/me/notifications/${id}`],
      ] as const) {
        const res = await call(method, path, { token: bob.token });
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        answers.push(withoutRequestId(res.body));
      }
    }
    expect(answers[0]).toEqual({
      type: '/problems/notification.not_found',
      title: 'Not Found',
      status: 404,
      detail: 'No such notification',
      code: 'notification.not_found',
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // An id longer than any notification's is refused as such, whoever asks (ADR 0009).
    const tooLong = await call('DELETE', `/api/me/notifications/${'x'.repeat(300)}`, { token: bob.token });
    expect([tooLong.status, tooLong.body.code]).toEqual([400, 'validation.failed']);

    expect(await mailbox(alice.token)).toEqual(before);
    const bobs = await waitForMailbox(bob.token, (b) => b.data.length > 0);
    expect(bobs.data.map((n) => n.id)).not.toContain(aliceId);
  });

  it('has default settings, and a change of one setting persists', async () => {
    const defaults = {
      emailNotifications: true,
      pushNotifications: true,
      subscriptionAlerts: true,
      securityAlerts: true,
      promotionalEmails: false,
    };
    const initial = await call('GET', '/api/me/notification-settings', { token: alice.token });
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual(defaults);

    const patched = await call('PATCH', '/api/me/notification-settings', {
      token: alice.token,
      body: { promotionalEmails: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...defaults, promotionalEmails: true });
    const again = await call('PATCH', '/api/me/notification-settings', {
      token: alice.token,
      body: { pushNotifications: false },
    });
    expect(again.body).toEqual({ ...defaults, promotionalEmails: true, pushNotifications: false });
    expect((await call('GET', '/api/me/notification-settings', { token: alice.token })).body).toEqual(again.body);
    expect((await call('GET', '/api/me/notification-settings', { token: bob.token })).body).toEqual(defaults);
  });

  it('rejects unknown settings and values that are not booleans', async () => {
    const before = (await call('GET', '/api/me/notification-settings', { token: alice.token })).body;
    for (const body of [{ smsAlerts: true }, { securityAlerts: 'no' }, { emailNotifications: null }, [true]]) {
      const res = await call('PATCH', '/api/me/notification-settings', { token: alice.token, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation.failed' });
    }
    expect((await call('GET', '/api/me/notification-settings', { token: alice.token })).body).toEqual(before);
  });

  it('follows the security alerts setting: off, a password change leaves no notification; on, it does', async () => {
    const isPasswordChange = (n: Notification) => n.title === 'Mot de passe modifié';
    const off = await call('PATCH', '/api/me/notification-settings', {
      token: alice.token,
      body: { securityAlerts: false },
    });
    expect(off.body).toMatchObject({ securityAlerts: false });
    const secondPassword = `pw-${randomUUID()}`;
    const changed = await call('POST', '/api/me/password', {
      token: alice.token,
      body: { currentPassword: alice.password, newPassword: secondPassword },
    });
    expect(changed.status).toBe(204);

    // Bob changes his later, with alerts on: once his notification exists, Alice's job has run
    // (in-process jobs start in log order), so the absence of hers is not just a matter of time.
    expect(
      (
        await call('POST', '/api/me/password', {
          token: bob.token,
          body: { currentPassword: bob.password, newPassword: `pw-${randomUUID()}` },
        })
      ).status,
    ).toBe(204);
    const bobs = await waitForMailbox(bob.token, (b) => b.data.some(isPasswordChange));
    expect(bobs.data[0]).toMatchObject({ type: 'security', title: 'Mot de passe modifié', read: false });
    expect((await mailbox(alice.token)).data.filter(isPasswordChange)).toEqual([]);

    await call('PATCH', '/api/me/notification-settings', { token: alice.token, body: { securityAlerts: true } });
    expect(
      (
        await call('POST', '/api/me/password', {
          token: alice.token,
          body: { currentPassword: secondPassword, newPassword: `pw-${randomUUID()}` },
        })
      ).status,
    ).toBe(204);
    const box = await waitForMailbox(alice.token, (b) => b.data.some(isPasswordChange));
    expect(box.data.filter(isPasswordChange)).toHaveLength(1);
    expect(box.data[0]).toMatchObject({ type: 'security', title: 'Mot de passe modifié', read: false });
    expect((await mailbox(alice.token, '?lang=en')).data[0]!.title).toBe('Password changed');
  });

  it('answers every route with 401 auth.required without a token', async () => {
    const id = randomUUID();
    for (const [method, path, body] of [
      ['GET', '/api/me/notifications', undefined],
      ['POST', `/api/me/notifications/${id}/read`, undefined],
      ['POST', '/api/me/notifications/read-all', undefined],
      ['DELETE', `/api/me/notifications/${id}`, undefined],
      ['GET', '/api/me/notification-settings', undefined],
      ['PATCH', '/api/me/notification-settings', { securityAlerts: false }],
    ] as const) {
      const res = await call(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toMatchObject({ code: 'auth.required' });
    }
  });

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await call('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/me/notifications'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/me/notifications/{id}/read'] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/me/notifications/read-all'] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/me/notifications/{id}'] ?? {})).toEqual(['delete']);
    expect(Object.keys(doc.paths['/api/me/notification-settings'] ?? {}).sort()).toEqual(['get', 'patch']);
  });
});
