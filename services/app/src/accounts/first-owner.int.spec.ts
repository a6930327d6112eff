import { describe, expect, it } from 'vitest';
import { adminDataProvider } from '../testing/admin-data-provider.js';
import { randomIp, requestJson, type HttpCustomer } from '../testing/http-customer.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { eventually, turnOnStaffTwoFactor } from '../testing/test-shop.js';

/**
 * `ADMIN_EMAILS` makes a new shop's first owner: an address it lists, when it signs up (or exists
 * at start-up) while the shop has no owner. The shop does not check that a sign-up's address is
 * its owner's, so once it has an owner, an address the setting lists is anyone's: freed by an
 * owner who changed theirs, not yet signed up, or given to an account by support's correction.
 */
const FOUNDER = 'founder@example.com';
const PARTNER = 'partner@example.com';
const shop = useTestShop('first_owner', { env: { ADMIN_EMAILS: `${FOUNDER},${PARTNER}` }, plans: true });

const signUp = (email: string) =>
  requestJson(shop.url, 'POST', '/api/auth/sign-up', {
    body: { email, password: 'a good password' },
    ip: randomIp('10.96'),
  });
const signIn = (email: string) =>
  requestJson(shop.url, 'POST', '/api/auth/sign-in', {
    body: { email, password: 'a good password' },
    ip: randomIp('10.96'),
  });

describe('ADMIN_EMAILS', () => {
  let founder: HttpCustomer;

  it('makes an owner of the listed address that signs up while the shop has none', async () => {
    const reply = await signUp(FOUNDER);
    expect(reply.status).toBe(201);
    const session = await signIn(FOUNDER);
    expect(session.body.user).toMatchObject({ roles: ['customer', 'owner'] });
    founder = {
      userId: reply.body.id as string,
      email: FOUNDER,
      password: 'a good password',
      token: session.body.accessToken as string,
    };
    expect(await shop.runtime.accounts.currentRoles(founder.userId)).toEqual(['customer', 'owner']);
  });

  it('makes no owner once the shop has one: another listed address signing up is a customer', async () => {
    // The owner is read in the accounts read model, which follows the log a moment behind.
    await eventually(
      () => shop.runtime.knex('accounts').where({ id: founder.userId }).first<{ roles: string[] } | undefined>('roles'),
      (row) => row?.roles.includes('owner') === true,
    );
    const reply = await signUp(PARTNER);
    expect(reply.status).toBe(201);
    expect((await signIn(PARTNER)).body.user).toMatchObject({ roles: ['customer'] });
    expect(await shop.runtime.accounts.currentRoles(reply.body.id as string)).toEqual(['customer']);
  });

  it('makes no owner of whoever takes a listed address the owner gave up, at sign-up or at the next start-up', async () => {
    await turnOnStaffTwoFactor(shop, founder);
    const provider = await adminDataProvider(shop.url, founder.token);
    const own = (await provider.getOne('users', { id: founder.userId })).data;
    await provider.update('users', {
      id: founder.userId,
      data: { email: 'founder.new@example.com', profileVersion: own.profileVersion },
      previousData: own,
    });
    const taker = await signUp(FOUNDER);
    expect(taker.status).toBe(201);
    expect((await signIn(FOUNDER)).body.user).toMatchObject({ roles: ['customer'] });

    // The next start-up applies the setting again to the accounts that hold a listed address.
    expect(await shop.runtime.accounts.applyAdminEmails()).toEqual({ granted: 0, shopHasOwner: true });
    expect(await shop.runtime.accounts.currentRoles(taker.body.id as string)).toEqual(['customer']);
    expect(await shop.runtime.accounts.currentRoles(founder.userId)).toEqual(['customer', 'owner']);
  });
});
