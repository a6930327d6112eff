import { accountStreamId, credentialRevealStreamId, subscriptionStreamId, type StaffRole } from '@shop/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDataProvider, refusal, type AdminDataProvider } from '../testing/admin-data-provider.js';
import { randomIp, requestJson, signUpAndSignIn, signUpStaff, type HttpCustomer } from '../testing/http-customer.js';
import { activeNetflix } from '../testing/paid-subscription.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { eventually, turnOnStaffTwoFactor } from '../testing/test-shop.js';

/**
 * Staff roles through the back-office's own data provider: an owner grants and revokes them, each
 * an event with the owner as actor; `roles` reads in the users resource; the last owner keeps the
 * role, even against two revocations at once.
 */

const shop = useTestShop('staff_roles', { plans: true });
let owner: HttpCustomer;
let ownerProvider: AdminDataProvider;
let person: HttpCustomer;

const grant = (provider: AdminDataProvider, userId: string, role: string) =>
  provider.create(`users/${userId}/roles`, { data: { role } });
const revoke = (provider: AdminDataProvider, userId: string, role: string) =>
  provider.delete(`users/${userId}/roles`, { id: role });
const rolesOf = async (userId: string) => (await ownerProvider.getOne('users', { id: userId })).data.roles;

/** A member of staff given `role` whose account has not turned two-factor sign-in on yet. */
const staffWithoutTwoFactor = (label: string, role: StaffRole) =>
  signUpStaff(shop, { label, roles: [role], twoFactor: false, ip: randomIp('10.90') });

beforeAll(async () => {
  owner = await signUpStaff(shop, { label: 'roles-owner', roles: ['owner'], ip: randomIp('10.90') });
  ownerProvider = await adminDataProvider(shop.url, owner.token);
  person = await signUpAndSignIn(shop.url, { label: 'roles-person', ip: randomIp('10.90') });
  // The users resource reads the accounts read model, which follows the log a moment behind.
  for (const userId of [owner.userId, person.userId]) {
    await eventually(
      () =>
        ownerProvider.getOne('users', { id: userId }).then(
          ({ data }) => data,
          () => null,
        ),
      (row) => row !== null,
    );
  }
});

describe('staff roles', () => {
  it('read as roles in the users resource: customer for everyone, then the staff roles', async () => {
    expect(await rolesOf(person.userId)).toEqual(['customer']);
    expect(await rolesOf(owner.userId)).toEqual(['customer', 'owner']);
    const { data } = await ownerProvider.getList('users', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'createdAt', order: 'ASC' },
      filter: {},
    });
    expect(data.find((row) => row.id === owner.userId)?.roles).toEqual(['customer', 'owner']);
  });

  it('are granted and revoked by an owner, several at once, each an event with the owner as actor', async () => {
    const granted = await grant(ownerProvider, person.userId, 'support');
    expect(granted.data.roles).toEqual(['customer', 'support']);
    expect((await grant(ownerProvider, person.userId, 'finance')).data.roles).toEqual([
      'customer',
      'support',
      'finance',
    ]);
    // Granting a role held changes nothing.
    expect((await grant(ownerProvider, person.userId, 'finance')).data.roles).toEqual([
      'customer',
      'support',
      'finance',
    ]);
    const revoked = await revoke(ownerProvider, person.userId, 'support');
    expect(revoked.data.roles).toEqual(['customer', 'finance']);

    const events = await shop.runtime.store.readStream(accountStreamId(person.userId));
    const roleEvents = events.filter((event) => event.type === 'RoleGranted' || event.type === 'RoleRevoked');
    expect(roleEvents.map((event) => [event.type, event.data, event.metadata.actor])).toEqual([
      [
        'RoleGranted',
        expect.objectContaining({ role: 'support', grantedBy: owner.userId }),
        { type: 'admin', id: owner.userId },
      ],
      [
        'RoleGranted',
        expect.objectContaining({ role: 'finance', grantedBy: owner.userId }),
        { type: 'admin', id: owner.userId },
      ],
      [
        'RoleRevoked',
        expect.objectContaining({ role: 'support', revokedBy: owner.userId }),
        { type: 'admin', id: owner.userId },
      ],
    ]);
  });

  it('take effect on the next request: a support member reads, cannot grant roles nor export, and is refused once revoked', async () => {
    const support = await signUpStaff(shop, { label: 'roles-support', roles: ['support'], ip: randomIp('10.90') });
    const supportProvider = await adminDataProvider(shop.url, support.token);
    expect((await supportProvider.getOne('users', { id: person.userId })).data.id).toBe(person.userId);
    // Support cannot manage staff, nor refund, nor export.
    expect(await refusal(grant(supportProvider, support.userId, 'owner'))).toEqual({
      status: 403,
      code: 'auth.forbidden',
    });
    expect(await refusal(supportProvider.create('exports', { data: { resource: 'users', rows: 1 } }))).toEqual({
      status: 403,
      code: 'auth.forbidden',
    });
    await revoke(ownerProvider, support.userId, 'support');
    const refused = await eventually(
      () => requestJson(shop.url, 'GET', '/api/admin/users', { token: support.token, ip: randomIp('10.91') }),
      (reply) => reply.status === 403,
    );
    expect(refused.body.code).toBe('auth.forbidden');
  });

  it('refuse a role that is not a staff role, and an unknown account', async () => {
    expect(await refusal(grant(ownerProvider, person.userId, 'customer'))).toMatchObject({
      status: 400,
      code: 'validation.failed',
    });
    expect(await refusal(grant(ownerProvider, person.userId, 'admin'))).toMatchObject({ status: 400 });
    expect(await refusal(revoke(ownerProvider, person.userId, 'king'))).toMatchObject({ status: 400 });
    expect(await refusal(grant(ownerProvider, 'nobody', 'support'))).toEqual({
      status: 404,
      code: 'account.not_found',
    });
  });

  it('keep the last owner: revoking them is refused with 409 role.last_owner, until another owner exists', async () => {
    // Only the owner of this file holds the role.
    expect(await refusal(revoke(ownerProvider, owner.userId, 'owner'))).toEqual({
      status: 409,
      code: 'role.last_owner',
    });
    expect(await rolesOf(owner.userId)).toEqual(['customer', 'owner']);
    const second = await signUpStaff(shop, { label: 'roles-owner-2', roles: ['owner'], ip: randomIp('10.90') });
    expect((await revoke(ownerProvider, second.userId, 'owner')).data.roles).toEqual(['customer']);
    await grant(ownerProvider, second.userId, 'owner');
    // Both owners revoke each other at once: one of the two revocations is refused, one owner remains.
    const secondProvider = await adminDataProvider(shop.url, second.token);
    const outcomes = await Promise.allSettled([
      revoke(ownerProvider, second.userId, 'owner'),
      revoke(secondProvider, owner.userId, 'owner'),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as { status: number; body: { code: string } }).status).toBe(409);
    expect((rejected.reason as { status: number; body: { code: string } }).body.code).toBe('role.last_owner');
    // One of the two lost the role: read from the log, not through a provider that may have lost it.
    const owners = [
      await shop.runtime.accounts.currentRoles(owner.userId),
      await shop.runtime.accounts.currentRoles(second.userId),
    ].filter((roles) => roles.includes('owner'));
    expect(owners).toHaveLength(1);
  });

  it('open the back-office only with two-factor sign-in on: 403 auth.two_factor_required before, whatever the role', async () => {
    const newcomer = await staffWithoutTwoFactor('roles-newcomer', 'finance');
    for (const path of ['/api/admin/users', '/api/admin/invoices', '/api/admin/stats', '/api/admin/nothing-here']) {
      const refused = await requestJson(shop.url, 'GET', path, { token: newcomer.token, ip: randomIp('10.94') });
      expect([path, refused.status, refused.body.code]).toEqual([path, 403, 'auth.two_factor_required']);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    // A customer hears that the back-office is not for them, not about two-factor.
    const customer = await signUpAndSignIn(shop.url, { label: 'roles-customer', ip: randomIp('10.90') });
    const notStaff = await requestJson(shop.url, 'GET', '/api/admin/users', {
      token: customer.token,
      ip: randomIp('10.94'),
    });
    expect(notStaff.body.code).toBe('auth.forbidden');
    await turnOnStaffTwoFactor(shop, newcomer);
    const allowed = await requestJson(shop.url, 'GET', '/api/admin/invoices', {
      token: newcomer.token,
      ip: randomIp('10.94'),
    });
    expect(allowed.status).toBe(200);
  });

  it('are not opened to a session that never gave a second factor when two-factor is turned on from another', async () => {
    const member = await staffWithoutTwoFactor('roles-two-sessions', 'support');
    // A second session, say on a laptop left signed in elsewhere, opened with the password alone.
    const elsewhere = await requestJson(shop.url, 'POST', '/api/auth/sign-in', {
      body: { email: member.email, password: member.password },
      ip: randomIp('10.90'),
    });
    expect(elsewhere.status).toBe(200);
    const elsewhereToken = elsewhere.body.accessToken as string;
    await turnOnStaffTwoFactor(shop, member);

    // The session that turned it on gave the code; the other one never did: it is signed out.
    const here = await requestJson(shop.url, 'GET', '/api/admin/users', { token: member.token, ip: randomIp('10.94') });
    expect(here.status).toBe(200);
    for (const path of ['/api/admin/users', '/api/me']) {
      const there = await requestJson(shop.url, 'GET', path, { token: elsewhereToken, ip: randomIp('10.94') });
      expect([path, there.status, there.body.code]).toEqual([path, 401, 'auth.required']);
    }
  });

  it("keep a staff member's account from support: its e-mail and name are corrected by an owner only", async () => {
    const keeper = await signUpStaff(shop, { label: 'roles-guarded', roles: ['owner'], ip: randomIp('10.90') });
    const support = await signUpStaff(shop, { label: 'roles-corrector', roles: ['support'], ip: randomIp('10.90') });
    const supportProvider = await adminDataProvider(shop.url, support.token);
    const correct = (provider: AdminDataProvider, userId: string, data: Record<string, unknown>) =>
      provider.update('users', { id: userId, data, previousData: { id: userId } });
    const eventsOf = async (userId: string) =>
      (await shop.runtime.store.readStream(accountStreamId(userId))).map((event) => event.type);

    // A customer's account is support's to correct.
    const customer = await signUpAndSignIn(shop.url, { label: 'roles-corrected', ip: randomIp('10.90') });
    await eventually(
      () =>
        supportProvider.getOne('users', { id: customer.userId }).then(
          ({ data }) => data,
          () => null,
        ),
      (row) => row !== null,
    );
    const corrected = await correct(supportProvider, customer.userId, { fullName: 'Corrected By Support' });
    expect(corrected.data.fullName).toBe('Corrected By Support');

    // A staff member's is not: moving an owner's e-mail would hand their account to whoever reads
    // the new address (a password reset); nor is support's own. Nothing is recorded.
    for (const [target, code] of [
      [keeper, 'account.staff_protected'],
      [support, 'staff.own_account'],
    ] as const) {
      const before = await eventsOf(target.userId);
      for (const data of [{ email: `taken-over-${target.userId}@example.com` }, { fullName: 'Renamed' }]) {
        expect(await refusal(correct(supportProvider, target.userId, data))).toEqual({ status: 403, code });
      }
      expect(await eventsOf(target.userId)).toEqual(before);
    }
    const reset = await requestJson(shop.url, 'POST', '/api/auth/password-reset', {
      body: { email: `taken-over-${keeper.userId}@example.com` },
      ip: randomIp('10.96'),
    });
    expect(reset.status).toBe(202);
    expect(
      await shop.runtime.knex('account_credentials').where({ user_id: keeper.userId }).first('email_normalized'),
    ).toEqual({ email_normalized: keeper.email });

    // An owner (who manages staff) may correct it.
    const renamed = await correct(await adminDataProvider(shop.url, keeper.token), support.userId, {
      fullName: 'Support Agent',
    });
    expect(renamed.data.fullName).toBe('Support Agent');
  });

  it('let support read a stored password only with a reason, recorded with the reading; an owner may give one', async () => {
    // An owner of its own: the test of the last owner above may have taken the role from the first.
    const keeper = await signUpStaff(shop, { label: 'roles-keeper', roles: ['owner'], ip: randomIp('10.90') });
    const { data: set } = await (
      await adminDataProvider(shop.url, keeper.token)
    ).create('credentials', {
      data: { planId: 'netflix', email: 'family@example.com', password: 'S3cret-pass!' },
    });
    const support = await signUpStaff(shop, { label: 'roles-reader', roles: ['support'], ip: randomIp('10.90') });
    const reveal = (who: HttpCustomer, query = '') =>
      requestJson(shop.url, 'GET', `/api/admin/credentials/${set.id}${query}`, {
        token: who.token,
        ip: randomIp('10.95'),
      });
    const refused = await reveal(support);
    expect([refused.status, refused.body.code]).toEqual([400, 'credentials.reason_required']);
    expect(refused.body).not.toHaveProperty('password');
    const withReason = await reveal(support, `?reason=${encodeURIComponent('Customer cannot sign in (inquiry 42)')}`);
    expect([withReason.status, withReason.body.password]).toEqual([200, 'S3cret-pass!']);
    expect((await reveal(keeper)).status).toBe(200);

    const readings = async (readerId: string) =>
      (await shop.runtime.store.readStream(credentialRevealStreamId(readerId)))
        .filter((event) => event.type === 'CredentialsRevealed')
        .map((event) => event.data as { credentialSetId: string; reason?: string });
    expect(await readings(support.userId)).toEqual([
      expect.objectContaining({ credentialSetId: set.id, reason: 'Customer cannot sign in (inquiry 42)' }),
    ]);
    expect((await readings(keeper.userId)).at(-1)).not.toHaveProperty('reason');
  });

  it('keep support and finance from acting on their own account and subscriptions: 403 staff.own_account, nothing changes', async () => {
    const support = await signUpStaff(shop, { label: 'roles-self-support', roles: ['support'], ip: randomIp('10.90') });
    const finance = await signUpStaff(shop, { label: 'roles-self-finance', roles: ['finance'], ip: randomIp('10.90') });
    const supportsOwn = await activeNetflix(shop.runtime, support.userId, 20);
    const financesOwn = await activeNetflix(shop.runtime, finance.userId, 20);
    const as = (member: HttpCustomer, method: string, path: string, body: unknown) =>
      requestJson(shop.url, method, path, { token: member.token, body, ip: randomIp('10.95') });
    const refusals = [
      // A subscription given to oneself, at any price and length.
      await as(support, 'POST', `/api/admin/users/${support.userId}/subscriptions`, {
        planId: 'netflix',
        months: 12,
        customPriceCents: 0,
      }),
      // One's own subscription set active again, or its status changed, alone or among others.
      await as(support, 'POST', `/api/admin/subscriptions/${supportsOwn}/reactivation`, {}),
      await as(support, 'POST', '/api/admin/subscriptions/bulk-status', {
        ids: [supportsOwn],
        status: 'expired',
        reason: 'tidying up',
      }),
      // A credential set given to one's own subscription, whose password one then reads as its customer.
      await as(support, 'POST', `/api/admin/subscriptions/${supportsOwn}/credentials`, { credentialsId: 'any' }),
      // One's own payment refunded, the access kept.
      await as(finance, 'POST', `/api/admin/subscriptions/${financesOwn}/refunds`, {
        amountCents: 100,
        reason: 'self refund',
      }),
    ];
    expect(refusals.map((reply) => [reply.status, reply.body.code])).toEqual(
      refusals.map(() => [403, 'staff.own_account']),
    );
    for (const [member, subscriptionId] of [
      [support, supportsOwn],
      [finance, financesOwn],
    ] as const) {
      const events = await shop.runtime.store.readStream(subscriptionStreamId(subscriptionId));
      expect(events.map((event) => event.type)).toEqual(['OrderPlaced', 'PaymentConfirmed']);
      const mine = await requestJson(shop.url, 'GET', '/api/me/subscriptions', { token: member.token });
      expect((mine.body.data as unknown[]).length).toBe(1);
    }

    // The same acts on someone else's account are theirs to do.
    const customersOwn = await activeNetflix(shop.runtime, person.userId, 20);
    const refund = await as(finance, 'POST', `/api/admin/subscriptions/${customersOwn}/refunds`, {
      amountCents: 100,
      reason: 'goodwill',
    });
    expect(refund.body.code).not.toBe('staff.own_account');
    const grant = await as(support, 'POST', `/api/admin/users/${person.userId}/subscriptions`, {
      planId: 'netflix',
      months: 1,
    });
    expect(grant.status).toBe(201);
  });

  it('read a grant of the former admin role, recorded before staff roles, as owner', async () => {
    const legacy = await signUpAndSignIn(shop.url, { label: 'roles-legacy', ip: randomIp('10.90') });
    await shop.runtime.store.appendToStream(
      accountStreamId(legacy.userId),
      [
        {
          type: 'RoleGranted',
          data: { userId: legacy.userId, role: 'admin', grantedBy: 'shopctl', at: new Date().toISOString() },
          metadata: { actor: { type: 'system', id: 'shopctl' } },
        },
      ],
      { expectedVersion: 'any' },
    );
    expect(await shop.runtime.accounts.currentRoles(legacy.userId)).toEqual(['customer', 'owner']);
    await turnOnStaffTwoFactor(shop, legacy);
    const allowed = await eventually(
      () => requestJson(shop.url, 'GET', '/api/admin/users', { token: legacy.token, ip: randomIp('10.93') }),
      (reply) => reply.status === 200,
    );
    expect(allowed.status).toBe(200);
  });
});
