import { randomUUID } from 'node:crypto';
import type { AdminStats } from '@shop/contracts';
import { accountStreamId, subscriptionStreamId } from '@shop/domain';
import { getSubscription, listSubscriptionsOfUser } from '@shop/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDataProvider, refusal, type AdminDataProvider } from '../testing/admin-data-provider.js';
import { randomIp, requestJson, signUpAdmin, signUpAndSignIn, type HttpCustomer } from '../testing/http-customer.js';
import { paidSubscription } from '../testing/paid-subscription.js';
import { useStandIn, useTestShop } from '../testing/shop-under-test.js';
import { decodeQuotedPrintable, startSmtpCapture } from '../testing/smtp-capture.js';
import { shopctlProcess } from '../testing/shopctl-process.js';
import { eventually } from '../testing/test-shop.js';

const DAY = 24 * 3600_000;

const smtp = useStandIn('smtp', () => startSmtpCapture((raw, to) => ({ text: decodeQuotedPrintable(raw), to })));
const shop = useTestShop('admin_users', { env: () => ({ SMTP_URL: smtp.url }) });
let provider: AdminDataProvider;
let admin: HttpCustomer;
/** An active Netflix subscription (with). */
let alice: HttpCustomer;
/** One subscription, past its expiry (expired). */
let bob: HttpCustomer;
/** A subscription granted then voided: counts nowhere (without). */
let carol: HttpCustomer;

const call = (method: string, path: string, token?: string, body?: unknown, headers?: Record<string, string>) =>
  requestJson(shop.url, method, path, { token, body, headers, ip: randomIp('10.81') });

type Row = Record<string, unknown> & { id: string };
const list = (params: { sort?: [string, 'ASC' | 'DESC']; page?: number; perPage?: number; filter?: object }) =>
  provider.getList('users', {
    sort: { field: params.sort?.[0] ?? 'createdAt', order: params.sort?.[1] ?? 'DESC' },
    pagination: { page: params.page ?? 1, perPage: params.perPage ?? 25 },
    filter: { ...params.filter },
  });
const idsOf = async (params: Parameters<typeof list>[0]) => (await list(params)).data.map((row) => row.id);
const figures = async () => (await call('GET', '/api/admin/stats', admin.token)).body as unknown as AdminStats;

beforeAll(async () => {
  admin = await signUpAdmin(shop, { label: 'users-admin', fullName: 'Olga Operator', ip: randomIp('10.80') });
  provider = await adminDataProvider(shop.url, admin.token);
  alice = await signUpAndSignIn(shop.url, { label: 'alice', fullName: 'Alice Martin', ip: randomIp('10.80') });
  bob = await signUpAndSignIn(shop.url, { label: 'bob', fullName: 'Bob Stone', ip: randomIp('10.80') });
  carol = await signUpAndSignIn(shop.url, { label: 'carol', fullName: 'Carol 100% Sure', ip: randomIp('10.80') });

  const active = new Date(Date.now() + 10 * DAY);
  active.setUTCHours(12, 0, 0, 0);
  const { subscriptionId: aliceSub } = await paidSubscription(shop.runtime.store, alice.userId, active);
  const past = new Date(Date.now() - 2 * DAY);
  past.setUTCHours(12, 0, 0, 0);
  const { subscriptionId: bobSub } = await paidSubscription(shop.runtime.store, bob.userId, past);
  // Granted to a customer the operator sees: once projected.
  await eventually(
    () => call('GET', `/api/admin/users/${carol.userId}`, admin.token),
    (reply) => reply.status === 200,
  );
  const granted = await call('POST', `/api/admin/users/${carol.userId}/subscriptions`, admin.token, {
    planId: 'netflix',
  });
  expect(granted.status).toBe(201);
  const voided = await call('DELETE', `/api/admin/subscriptions/${String(granted.body.subscriptionId)}`, admin.token, {
    reason: 'Granted to the wrong customer',
    insist: true,
  });
  if (voided.status !== 200) {
    // The void route may not be mounted yet: void through the service, as the route would.
    const { OperatorSubscriptions } = await import('../subscriptions/operator-subscriptions.js');
    await new OperatorSubscriptions(shop.runtime).void(
      String(granted.body.subscriptionId),
      'Granted to the wrong customer',
      { adminId: admin.userId, correlationId: randomUUID() },
      { insist: true },
    );
  }
  await eventually(
    async () => [
      await getSubscription(shop.runtime.knex, aliceSub),
      await getSubscription(shop.runtime.knex, bobSub),
      await shop.runtime.knex('subscriptions').where({ id: granted.body.subscriptionId }).first('voided_at'),
      (await list({})).data.length,
    ],
    ([a, b, c, count]) =>
      a !== null && b !== null && (c as { voided_at: Date | null } | undefined)?.voided_at != null && count === 4,
  );
});

describe('the users routes', () => {
  it('are for admins only', async () => {
    const paths: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users/counts'],
      ['GET', `/api/admin/users/${alice.userId}`],
      ['POST', '/api/admin/users', { email: 'x@example.com' }],
      ['PUT', `/api/admin/users/${alice.userId}`, { fullName: 'x' }],
      ['DELETE', `/api/admin/users/${alice.userId}`],
      ['POST', `/api/admin/users/${alice.userId}/subscriptions`, { planId: 'netflix', months: 1 }],
      ['POST', '/api/admin/exports', { resource: 'users', filter: {}, count: 1 }],
    ];
    for (const [method, path, body] of paths) {
      const visitor = await call(method, path, undefined, body);
      expect(visitor.status, `${method} ${path} without a session`).toBe(401);
      const customer = await call(method, path, alice.token, body);
      expect(customer.status, `${method} ${path} as a customer`).toBe(403);
      expect(customer.body.code).toBe('auth.forbidden');
    }
    expect((await call('GET', `/api/admin/users/${alice.userId}`, admin.token)).body.fullName).toBe('Alice Martin');
  });
});

describe('GET /api/admin/users', () => {
  it('lists people with their segment, total spent and newest subscriptions, newest first', async () => {
    const { data, total } = await list({});
    expect(total).toBe(4);
    expect(data.map((row) => row.id)).toEqual([carol.userId, bob.userId, alice.userId, admin.userId]);
    const byId = new Map(data.map((row) => [row.id, row]));
    expect(byId.get(alice.userId)).toMatchObject({
      email: alice.email,
      fullName: 'Alice Martin',
      roles: ['customer'],
      segment: 'with',
      profileVersion: 1,
      subscriptions: [{ planName: 'Netflix', status: 'active', expiresAt: expect.stringMatching(/Z$/) }],
    });
    expect(byId.get(alice.userId)!.totalSpentCents).toBeGreaterThan(0);
    expect(byId.get(bob.userId)).toMatchObject({ segment: 'expired' });
    // The voided grant counts nowhere: not in the row, the segment nor the total spent.
    expect(byId.get(carol.userId)).toMatchObject({ segment: 'without', totalSpentCents: 0, subscriptions: [] });
    expect(byId.get(admin.userId)).toMatchObject({ roles: ['customer', 'owner'], segment: 'without' });
  });

  it('sorts by e-mail, name, creation and total spent, and pages with Content-Range', async () => {
    const byEmail = [admin, alice, bob, carol].sort((a, b) => a.email.localeCompare(b.email)).map((c) => c.userId);
    expect(await idsOf({ sort: ['email', 'ASC'] })).toEqual(byEmail);
    expect(await idsOf({ sort: ['email', 'DESC'] })).toEqual([...byEmail].reverse());
    expect(await idsOf({ sort: ['fullName', 'ASC'] })).toEqual([alice.userId, bob.userId, carol.userId, admin.userId]);
    expect((await idsOf({ sort: ['totalSpentCents', 'DESC'] })).slice(0, 2).sort()).toEqual(
      [alice.userId, bob.userId].sort(),
    );
    expect(await idsOf({ sort: ['createdAt', 'ASC'] })).toEqual([admin.userId, alice.userId, bob.userId, carol.userId]);
    const page = await list({ sort: ['createdAt', 'ASC'], page: 2, perPage: 3 });
    expect(page.data.map((row) => row.id)).toEqual([carol.userId]);
    expect(page.total).toBe(4);
    const raw = await call('GET', '/api/admin/users?range=[1,2]', admin.token);
    expect(raw.headers.get('content-range')).toBe('users 1-2/4');
  });

  it('filters by words of the name or e-mail (case-insensitive, wildcards taken literally), segment and ids', async () => {
    expect(await idsOf({ filter: { q: 'ALICE' } })).toEqual([alice.userId]);
    expect(await idsOf({ filter: { q: 'martin alice' } })).toEqual([alice.userId]);
    expect(await idsOf({ filter: { q: bob.email } })).toEqual([bob.userId]);
    expect(await idsOf({ filter: { q: '100%' } })).toEqual([carol.userId]);
    expect(await idsOf({ filter: { q: '_' } })).toEqual([]);
    expect(await idsOf({ filter: { segment: 'with' } })).toEqual([alice.userId]);
    expect(await idsOf({ filter: { segment: 'expired' } })).toEqual([bob.userId]);
    expect(await idsOf({ filter: { segment: 'without' } })).toEqual([carol.userId, admin.userId]);
    expect(await idsOf({ filter: { segment: 'without', q: 'carol' } })).toEqual([carol.userId]);
    const many = await provider.getMany('users', { ids: [alice.userId, bob.userId, 'nobody'] });
    expect(many.data.map((row) => row.id).sort()).toEqual([alice.userId, bob.userId].sort());
  });

  it('counts each segment', async () => {
    const counts = await call('GET', '/api/admin/users/counts', admin.token);
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual({ with: 1, without: 2, expired: 1, total: 4 });
  });

  it('refuses a malformed list request', async () => {
    for (const query of [
      'sort=["password","ASC"]',
      'filter={"segment":"vip"}',
      'filter={"role":"admin"}',
      'range=[5,1]',
    ]) {
      const reply = await call('GET', `/api/admin/users?${encodeURI(query)}`, admin.token);
      expect(reply.status, query).toBe(400);
      expect(reply.body.code).toBe('validation.failed');
    }
  });
});

describe('GET /api/admin/users/:id', () => {
  it('answers one customer, 404 for an unknown one', async () => {
    const { data } = await provider.getOne('users', { id: bob.userId });
    expect(data).toMatchObject({ id: bob.userId, email: bob.email, segment: 'expired' });
    expect(await refusal(provider.getOne('users', { id: randomUUID() }))).toEqual({
      status: 404,
      code: 'account.not_found',
    });
  });
});

describe('POST /api/admin/users', () => {
  it('opens an account and mails the person a link to choose a password', async () => {
    const email = `dora-${randomUUID().slice(0, 8)}@example.com`;
    const { data } = await provider.create('users', { data: { email, fullName: 'Dora Created' } });
    expect(data).toMatchObject({ email, fullName: 'Dora Created', roles: ['customer'], segment: 'without' });
    const mail = await eventually(
      async () => smtp.messages.find((m) => m.to.includes(email)),
      (m) => m !== undefined,
    );
    expect(mail!.text).toContain('/auth/reset-password?token=');
    // A welcome, not a reset they never asked for, and a link that lasts days, not half an hour.
    expect(mail!.text).toContain('Un compte PremiumShare a été ouvert pour vous');
    expect(mail!.text).toContain('An account at PremiumShare was opened for you');
    expect(mail!.text).not.toContain('Vous avez demandé à réinitialiser');
    // The link's row commits just after the mail server took the message.
    const token = await eventually(
      () =>
        shop.runtime
          .knex('password_reset_tokens')
          .where({ user_id: data.id })
          .first<{ expires_at: Date }>('expires_at'),
      (row) => row !== undefined,
    );
    expect(token!.expires_at.getTime() - Date.now()).toBeGreaterThan(6 * 24 * 3600_000);
    expect((await provider.getOne('users', { id: data.id })).data.email).toBe(email);
    // Nobody knows the password it was opened with.
    const signIn = await call('POST', '/api/auth/sign-in', undefined, { email, password: 'a good password' });
    expect(signIn.status).toBe(401);
  });

  it('refuses an e-mail already taken (409) and bad input (400), opening nothing', async () => {
    expect(await refusal(provider.create('users', { data: { email: alice.email.toUpperCase() } }))).toEqual({
      status: 409,
      code: 'auth.email_taken',
    });
    const before = (await list({})).total;
    for (const body of [{}, { email: 'not an e-mail' }, { email: 'e@example.com', role: 'admin' }]) {
      const reply = await call('POST', '/api/admin/users', admin.token, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    expect((await list({})).total).toBe(before);
  });
});

describe('PUT /api/admin/users/:id', () => {
  it('corrects the name and e-mail; the whole record react-admin sends back is accepted', async () => {
    const customer = await signUpAndSignIn(shop.url, { label: 'eve', fullName: 'Eve Typo', ip: randomIp('10.80') });
    const { data: previousData } = await eventually(
      () => provider.getOne('users', { id: customer.userId }).catch(() => ({ data: null as unknown as Row })),
      (reply) => reply.data !== null,
    );
    const newEmail = `eve-fixed-${randomUUID().slice(0, 8)}@example.com`;
    const { data } = await provider.update('users', {
      id: customer.userId,
      data: { ...previousData, fullName: 'Eve Fixed', email: newEmail },
      previousData,
    });
    expect(data).toMatchObject({ fullName: 'Eve Fixed', email: newEmail, profileVersion: 3 });
    expect((await provider.getOne('users', { id: customer.userId })).data).toMatchObject({
      fullName: 'Eve Fixed',
      email: newEmail,
      profileVersion: 3,
    });
    // The new e-mail signs in.
    expect(
      (await call('POST', '/api/auth/sign-in', undefined, { email: newEmail, password: customer.password })).status,
    ).toBe(200);
    // Saving the form again unchanged records nothing.
    const again = await provider.update('users', { id: customer.userId, data, previousData: data });
    expect(again.data.profileVersion).toBe(3);
  });

  it('tells the former address that the e-mail was changed, once, naming the new one only in part', async () => {
    const customer = await signUpAndSignIn(shop.url, { label: 'fay', fullName: 'Fay Moved', ip: randomIp('10.80') });
    const { data: previousData } = await eventually(
      () => provider.getOne('users', { id: customer.userId }).catch(() => ({ data: null as unknown as Row })),
      (reply) => reply.data !== null,
    );
    const local = `fay-new-${randomUUID().slice(0, 8)}`;
    const newEmail = `${local}@example.org`;
    await provider.update('users', { id: customer.userId, data: { ...previousData, email: newEmail }, previousData });

    const notice = await eventually(
      async () => smtp.messages.filter((m) => m.to.includes(customer.email)),
      (found) => found.length > 0,
    );
    expect(notice).toHaveLength(1);
    const [mail] = notice;
    expect(mail!.text).toContain("L'adresse e-mail de votre compte PremiumShare a été changée");
    expect(mail!.text).toContain('The e-mail address of your PremiumShare account was changed');
    expect(mail!.text).toContain(`${local.slice(0, 2)}`);
    expect(mail!.text).toContain('@example.org');
    // Whoever reads the former address learns where the account went only in part.
    expect(mail!.text).not.toContain(newEmail);
    // The new address is not told: it is the one to confirm nothing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.filter((m) => m.to.includes(newEmail))).toHaveLength(0);
    expect(smtp.messages.filter((m) => m.to.includes(customer.email))).toHaveLength(1);
  });

  it('refuses an edit made on a stale version (409 account.changed_meanwhile), keeping the change made meanwhile', async () => {
    const { data: loaded } = await provider.getOne('users', { id: bob.userId });
    await provider.update('users', {
      id: bob.userId,
      data: { fullName: 'Bob Stone Jr', profileVersion: loaded.profileVersion },
      previousData: loaded,
    });
    expect(
      await refusal(
        provider.update('users', {
          id: bob.userId,
          data: { ...loaded, fullName: 'Robert Stone' },
          previousData: loaded,
        }),
      ),
    ).toEqual({ status: 409, code: 'account.changed_meanwhile' });
    expect((await provider.getOne('users', { id: bob.userId })).data.fullName).toBe('Bob Stone Jr');
  });

  it("refuses another account's e-mail (409), bad input (400) and an unknown account (404)", async () => {
    expect(
      await refusal(
        provider.update('users', { id: bob.userId, data: { email: alice.email }, previousData: { id: bob.userId } }),
      ),
    ).toEqual({ status: 409, code: 'auth.email_taken' });
    for (const body of [{ email: 'nope' }, { fullName: 'x'.repeat(201) }, { profileVersion: 'one' }]) {
      const reply = await call('PUT', `/api/admin/users/${bob.userId}`, admin.token, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    expect((await provider.getOne('users', { id: bob.userId })).data.email).toBe(bob.email);
    const unknown = await call('PUT', `/api/admin/users/${randomUUID()}`, admin.token, { fullName: 'Nobody' });
    expect(unknown.status).toBe(404);
  });
});

describe('POST /api/admin/users/:id/subscriptions', () => {
  it('grants an active subscription, mailed and notified as a paid one; a retry with the same key grants nothing more', async () => {
    const customer = await signUpAndSignIn(shop.url, { label: 'frank', fullName: 'Frank Gift', ip: randomIp('10.80') });
    // The operator grants to a customer they see in the list: once projected.
    await eventually(
      () => call('GET', `/api/admin/users/${customer.userId}`, admin.token),
      (reply) => reply.status === 200,
    );
    const key = `grant-${randomUUID()}`;
    const body = { planId: 'netflix', months: 3, customPriceCents: 999 };
    const first = await call('POST', `/api/admin/users/${customer.userId}/subscriptions`, admin.token, body, {
      'Idempotency-Key': key,
    });
    expect(first.status).toBe(201);
    const again = await call('POST', `/api/admin/users/${customer.userId}/subscriptions`, admin.token, body, {
      'Idempotency-Key': key,
    });
    expect(again.body.subscriptionId).toBe(first.body.subscriptionId);
    // The same key for another customer or other terms is another request: refused, nothing granted.
    const other = await signUpAndSignIn(shop.url, { label: 'keyreuse', fullName: 'Kim Reuse', ip: randomIp('10.81') });
    for (const [userId, terms] of [
      [other.userId, body],
      [customer.userId, { ...body, months: 6 }],
    ] as const) {
      const reused = await call('POST', `/api/admin/users/${userId}/subscriptions`, admin.token, terms, {
        'Idempotency-Key': key,
      });
      expect(reused).toMatchObject({ status: 422, body: { code: 'idempotency.key_reused' } });
    }
    expect(await listSubscriptionsOfUser(shop.runtime.knex, other.userId)).toEqual([]);
    const subscription = await eventually(
      () => getSubscription(shop.runtime.knex, String(first.body.subscriptionId)),
      (s) => s?.status === 'active',
    );
    expect(subscription).toMatchObject({ userId: customer.userId, months: 3, totalCents: 999, planName: 'Netflix' });
    expect(Date.parse(subscription!.expiresAt!)).toBeGreaterThan(Date.now() + 80 * DAY);
    const row = await eventually(
      () => provider.getOne('users', { id: customer.userId }),
      (reply) => reply.data.segment === 'with',
    );
    expect(row.data).toMatchObject({ totalSpentCents: 999, subscriptions: [{ totalCents: 999, status: 'active' }] });
    const mails = await eventually(
      async () => smtp.messages.filter((m) => m.to.includes(customer.email)),
      (found) => found.length >= 1,
    );
    expect(mails).toHaveLength(1);
    const notifications = await eventually(
      () => call('GET', '/api/me/notifications', customer.token),
      (reply) => JSON.stringify(reply.body).includes('Netflix'),
    );
    expect(notifications.status).toBe(200);
    // The catalogue price when none is given, one month by default.
    const plain = await call('POST', `/api/admin/users/${customer.userId}/subscriptions`, admin.token, {
      planId: 'netflix',
    });
    const catalogue = await eventually(
      () => getSubscription(shop.runtime.knex, String(plain.body.subscriptionId)),
      (s) => s?.status === 'active',
    );
    expect(catalogue).toMatchObject({ months: 1, totalCents: 453 });
  });

  it('refuses bad input (400), an unknown plan (422) and an unknown customer (404), granting nothing', async () => {
    const path = `/api/admin/users/${alice.userId}/subscriptions`;
    for (const body of [
      { planId: 'netflix', months: 0 },
      { planId: 'netflix', months: 1.5 },
      { planId: 'netflix', customPriceCents: -1 },
      { months: 1 },
    ]) {
      const reply = await call('POST', path, admin.token, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('POST', path, admin.token, { planId: 'no-such-plan' })).status).toBe(422);
    const unknown = await call('POST', `/api/admin/users/${randomUUID()}/subscriptions`, admin.token, {
      planId: 'netflix',
    });
    expect(unknown.status).toBe(404);
    expect((await provider.getOne('users', { id: alice.userId })).data.subscriptions).toHaveLength(1);
  });
});

describe('DELETE /api/admin/users/:id (erasure)', () => {
  it("erases the person: no sign-in, sessions ended, gone from the lists, their subscriptions' history kept, the operator recorded", async () => {
    const gina = await signUpAndSignIn(shop.url, { label: 'gina', fullName: 'Gina Leaving', ip: randomIp('10.80') });
    const sent = await call('POST', '/api/support/messages', gina.token, {
      email: gina.email,
      category: 'account',
      subject: 'Please erase me',
      message: 'I am leaving, erase my data please.',
    });
    expect(sent.status).toBe(201);
    await eventually(
      () => call('GET', `/api/admin/users/${gina.userId}`, admin.token),
      (reply) => reply.status === 200,
    );
    const granted = await call('POST', `/api/admin/users/${gina.userId}/subscriptions`, admin.token, {
      planId: 'netflix',
    });
    const subscriptionId = String(granted.body.subscriptionId);
    await eventually(
      () => provider.getOne('users', { id: gina.userId }),
      (reply) => reply.data.segment === 'with',
    );

    const figuresBefore = await figures();

    const { data } = await provider.delete('users', { id: gina.userId });
    expect(data).toEqual({ id: gina.userId });

    expect(
      (await call('POST', '/api/auth/sign-in', undefined, { email: gina.email, password: gina.password })).status,
    ).toBe(401);
    // The access token they held is refused at once: its session is gone.
    expect((await call('GET', '/api/me', gina.token)).status).toBe(401);
    expect(await shop.runtime.knex('auth_sessions').where({ user_id: gina.userId }).count({ n: '*' })).toEqual([
      { n: '0' },
    ]);
    // Their page stays readable: erased, when, and their subscriptions.
    const page = await eventually(
      () => provider.getOne('users', { id: gina.userId }),
      (reply) => reply.data.erasedAt !== undefined,
    );
    expect(page.data).toMatchObject({ id: gina.userId, email: '[erased]', fullName: '[erased]' });
    expect(page.data.erasedAt).toMatch(/Z$/);
    expect(JSON.stringify(page.data)).not.toContain(gina.email);
    await eventually(
      () => shop.runtime.knex('accounts').where({ id: gina.userId }).first('email', 'full_name', 'erased_at'),
      (row) => row?.email === '[erased]' && row.full_name === '[erased]' && row.erased_at !== null,
    );
    expect(await idsOf({ filter: { q: 'gina' } })).toEqual([]);
    expect(await idsOf({ filter: { id: [gina.userId] } })).toEqual([]);
    // Their live subscription ended with them, the reason recorded; its history stays, the person shown as erased.
    const subscription = await eventually(
      () => call('GET', `/api/admin/subscriptions/${subscriptionId}`, admin.token),
      (reply) => reply.body.status === 'cancelled',
    );
    expect(subscription.body).toMatchObject({
      id: subscriptionId,
      status: 'cancelled',
      statusReason: 'customer erased',
      customerEmail: '[erased]',
    });
    const ended = (await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId))).at(-1)!;
    expect(ended).toMatchObject({
      type: 'SubscriptionStatusChanged',
      data: { from: 'active', to: 'cancelled', reason: 'customer erased' },
      metadata: { actor: { type: 'admin', id: admin.userId } },
    });
    // Every figure stops counting them at once: one person, one active subscription, one to supply
    // fewer; the money they paid stays earned.
    const after = await eventually(
      figures,
      (now) =>
        now.totalUsers === figuresBefore.totalUsers - 1 &&
        now.activeSubscriptions === figuresBefore.activeSubscriptions - 1,
    );
    expect(after).toMatchObject({
      totalUsers: figuresBefore.totalUsers - 1,
      activeSubscriptions: figuresBefore.activeSubscriptions - 1,
      pendingCredentials: figuresBefore.pendingCredentials - 1,
      totalRevenueCents: figuresBefore.totalRevenueCents,
      users: {
        ...figuresBefore.users,
        with: figuresBefore.users.with - 1,
        total: figuresBefore.users.total - 1,
      },
      subscriptions: {
        ...figuresBefore.subscriptions,
        active: figuresBefore.subscriptions.active - 1,
      },
    });
    expect(after.conversionPercent).toBe(Math.round((after.activeSubscriptions / after.totalUsers) * 1000) / 10);
    expect(after.revenuePerUserCents).toBe(Math.round(after.totalRevenueCents / after.totalUsers));
    expect(after.activityRatePercent).toBe(
      Math.round((after.activeSubscriptions / (after.activeSubscriptions + after.expiredSubscriptions)) * 1000) / 10,
    );
    // Their inquiry's key is destroyed too.
    const inquiryKey = await shop.runtime
      .knex('personal_data_keys')
      .where({ subject_id: `inquiry-${String(sent.body.id)}` })
      .first('wrapped_key', 'erased_at');
    expect(inquiryKey).toMatchObject({ wrapped_key: null });
    // And the back-office's inquiries no longer show what they wrote.
    await eventually(
      () => call('GET', `/api/admin/inquiries/${String(sent.body.id)}`, admin.token),
      (reply) => reply.body.email === '[erased]',
    );
    const inquiry = await call('GET', `/api/admin/inquiries/${String(sent.body.id)}`, admin.token);
    expect(JSON.stringify(inquiry.body)).not.toContain('erase my data');
    expect(JSON.stringify(inquiry.body)).not.toContain(gina.email);
    const events = await shop.runtime.store.readStream(accountStreamId(gina.userId));
    const erased = events.find((event) => event.type === 'PersonalDataErased');
    expect(erased?.metadata.actor).toEqual({ type: 'admin', id: admin.userId });
    // Erasing again: nobody is left to erase.
    expect((await call('DELETE', `/api/admin/users/${gina.userId}`, admin.token)).status).toBe(404);
    // Nothing is granted to an erased person.
    const refused = await call('POST', `/api/admin/users/${gina.userId}/subscriptions`, admin.token, {
      planId: 'netflix',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('account.erased');
  });

  it('refuses to erase the operator themself (409) and an unknown id (404)', async () => {
    expect(await refusal(provider.delete('users', { id: admin.userId }))).toEqual({
      status: 409,
      code: 'account.cannot_erase_self',
    });
    expect((await call('GET', '/api/admin/users/counts', admin.token)).status).toBe(200);
    expect(await refusal(provider.delete('users', { id: randomUUID() }))).toMatchObject({ status: 404 });
  });

  it('refuses to erase another operator, so two cannot erase each other and leave the shop without one', async () => {
    const second = await signUpAdmin(shop, {
      label: 'second-op',
      fullName: 'Paul Operator',
      ip: randomIp('10.82'),
    });
    const [one, other] = await Promise.all([
      call('DELETE', `/api/admin/users/${second.userId}`, admin.token),
      call('DELETE', `/api/admin/users/${admin.userId}`, second.token),
    ]);
    for (const answer of [one, other]) {
      expect(answer).toMatchObject({ status: 409, body: { code: 'account.cannot_erase_admin' } });
    }
    expect((await call('GET', '/api/admin/users/counts', admin.token)).status).toBe(200);
    expect((await call('GET', '/api/admin/users/counts', second.token)).status).toBe(200);
    expect(
      (await shop.runtime.store.readStream(accountStreamId(second.userId))).map((event) => event.type),
    ).not.toContain('PersonalDataErased');
  });
});

describe('POST /api/admin/exports', () => {
  it('records who exported which list, the filters by name and the row count, nothing of the people', async () => {
    const key = `export-${randomUUID()}`;
    const body = { resource: 'users', filter: { q: alice.email, segment: 'with' }, count: 1 };
    const first = await call('POST', '/api/admin/exports', admin.token, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const again = await call('POST', '/api/admin/exports', admin.token, body, { 'Idempotency-Key': key });
    expect(again.body.exportId).toBe(first.body.exportId);
    const reused = await call(
      'POST',
      '/api/admin/exports',
      admin.token,
      { ...body, count: 999 },
      { 'Idempotency-Key': key },
    );
    expect(reused).toMatchObject({ status: 422, body: { code: 'idempotency.key_reused' } });
    const stream = `exports-${new Date().toISOString().slice(0, 7)}`;
    const recorded = (await shop.runtime.store.readStream(stream)).filter(
      (event) => (event.data as { exportId: string }).exportId === first.body.exportId,
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      type: 'DataExported',
      data: { resource: 'users', filters: ['q', 'segment'], rowCount: 1, exportedBy: admin.userId },
      metadata: { actor: { type: 'admin', id: admin.userId } },
    });
    expect(JSON.stringify(recorded[0]!.data)).not.toContain(alice.email);
    for (const bad of [
      { resource: 'credentials', filter: {}, count: 1 },
      { resource: 'users', filter: {}, count: -1 },
      { resource: 'users' },
    ]) {
      expect((await call('POST', '/api/admin/exports', admin.token, bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('shopctl users erase', () => {
  const cli = shopctlProcess(() => shop.database.url, 'shopctl-users');
  afterAll(() => cli.cleanUp());

  it("erases a person by e-mail as the shop's own tool, and says so of an unknown e-mail", async () => {
    const hana = await signUpAndSignIn(shop.url, { label: 'hana', fullName: 'Hana Cli', ip: randomIp('10.80') });
    const erased = await cli.run('users', 'erase', hana.email.toUpperCase());
    expect(erased.stderr).toBe('');
    expect(erased.status).toBe(0);
    expect(erased.stdout).toContain(hana.userId);
    expect(
      (await call('POST', '/api/auth/sign-in', undefined, { email: hana.email, password: hana.password })).status,
    ).toBe(401);
    const events = await shop.runtime.store.readStream(accountStreamId(hana.userId));
    expect(events.find((event) => event.type === 'PersonalDataErased')?.metadata.actor).toMatchObject({
      type: 'system',
      id: expect.stringMatching(/^shopctl:/),
    });
    const unknown = await cli.run('users', 'erase', hana.email);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain(`no account with the e-mail ${hana.email}`);
  });
});
