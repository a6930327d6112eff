import { accountsProjection } from '@shop/projections';
import { describe, expect, it } from 'vitest';
import { testShopWithShopctl } from '../testing/shopctl-process.js';
import { eventually, turnOnStaffTwoFactor } from '../testing/test-shop.js';

const cli = testShopWithShopctl('shopctl');
const { shopctl } = cli;

const post = (p: string, body: unknown) =>
  fetch(`${cli.shop.url}${p}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('shopctl', () => {
  it('grants the owner role to an existing account (grant-admin, as before), and the history shows who did it', async () => {
    const email = 'first-admin@example.com';
    await post('/api/auth/sign-up', { email, password: 'long enough', fullName: 'Operator' });
    const signIn = (await (await post('/api/auth/sign-in', { email, password: 'long enough' })).json()) as {
      accessToken: string;
      user: { id: string };
    };
    const adminList = () =>
      fetch(`${cli.shop.url}/api/admin/users`, { headers: { Authorization: `Bearer ${signIn.accessToken}` } });
    expect((await adminList()).status).toBe(403);

    const granted = await shopctl('users', 'grant-admin', email);
    expect({ status: granted.status, stderr: granted.stderr }).toEqual({ status: 0, stderr: '' });
    expect(granted.stdout).toContain(`${email} (${signIn.user.id}) is now an owner`);
    expect((await shopctl('users', 'grant-admin', email)).stdout).toContain('was already an owner');
    // An owner without two-factor sign-in is told to turn it on; then the back-office opens.
    const refused = await eventually(adminList, (res) => res.status === 403);
    expect(((await refused.json()) as { code: string }).code).toBe('auth.two_factor_required');
    await turnOnStaffTwoFactor(cli.shop, { email, userId: signIn.user.id, token: signIn.accessToken });
    expect((await eventually(adminList, (res) => res.status === 200)).status).toBe(200);

    const history = await shopctl('events', 'stream', `account-${signIn.user.id}`);
    expect(history.stdout).toMatch(/RoleGranted {2}by system:shopctl/);
    expect(history.stdout).not.toContain(email);

    const unknown = await shopctl('users', 'grant-admin', 'nobody@example.com');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account for nobody@example.com');
  });

  it('grants and revokes staff roles, each recorded with the operator; the last owner keeps the role', async () => {
    const email = 'support-person@example.com';
    const signUp = (await (
      await post('/api/auth/sign-up', { email, password: 'long enough', fullName: 'Sam Support' })
    ).json()) as { id: string };

    const granted = await shopctl('users', 'grant', email, 'support');
    expect({ status: granted.status, stderr: granted.stderr }).toEqual({ status: 0, stderr: '' });
    expect(granted.stdout).toContain(`${email} (${signUp.id}) is now support`);
    const revoked = await shopctl('users', 'revoke', email, 'support');
    expect({ status: revoked.status, stderr: revoked.stderr }).toEqual({ status: 0, stderr: '' });
    expect(revoked.stdout).toContain(`${email} (${signUp.id}) is no longer support`);

    const history = await shopctl('events', 'stream', `account-${signUp.id}`);
    expect(history.stdout).toMatch(/RoleGranted {2}by system:shopctl:/);
    expect(history.stdout).toMatch(/RoleRevoked {2}by system:shopctl:/);

    const wrongRole = await shopctl('users', 'grant', email, 'admin');
    expect(wrongRole.status).not.toBe(0);
    expect(wrongRole.stderr).toContain('a role is one of owner, support, finance');

    // The owner of the test above is the only one.
    const lastOwner = await shopctl('users', 'revoke', 'first-admin@example.com', 'owner');
    expect(lastOwner.status).toBe(1);
    expect(lastOwner.stderr).toContain('role.last_owner');
    await shopctl('users', 'grant', email, 'owner');
    const handedOver = await shopctl('users', 'revoke', 'first-admin@example.com', 'owner');
    expect({ status: handedOver.status, stderr: handedOver.stderr }).toEqual({ status: 0, stderr: '' });
    expect(handedOver.stdout).toContain('is no longer owner');

    // Erasing the last owner would leave the shop without one: refused, and nothing of theirs is erased.
    const lastErased = await shopctl('users', 'erase', email);
    expect(lastErased.status).toBe(1);
    expect(lastErased.stderr).toContain('role.last_owner');
    await shopctl('users', 'grant', 'first-admin@example.com', 'owner');
    const erased = await shopctl('users', 'erase', email);
    expect({ status: erased.status, stderr: erased.stderr }).toEqual({ status: 0, stderr: '' });
    // Their role is taken back first, recorded, then their data erased.
    const afterwards = await shopctl('events', 'stream', `account-${signUp.id}`);
    const types = [...afterwards.stdout.matchAll(/ {2}#\d+ {2}(\w+) {2}by /g)].map((match) => match[1]);
    expect(types.slice(-2)).toEqual(['RoleRevoked', 'PersonalDataErased']);
  }, 120_000);

  it('reports projection status and rebuilds a projection while the shop serves', async () => {
    const status = await shopctl('projections', 'status');
    expect({ status: status.status, stderr: status.stderr }).toEqual({ status: 0, stderr: '' });
    expect(status.stdout).toMatch(/^projection +version \(built \/ code\) +generation +lag \(events\)/);
    const version = accountsProjection.version;
    expect(status.stdout).toMatch(new RegExp(`accounts +${version} / ${version} +1 +0 +\\d+ +\\S+ +0`));
    const rebuilt = await shopctl('projections', 'rebuild', 'accounts');
    expect({ status: rebuilt.status, stderr: rebuilt.stderr }).toEqual({ status: 0, stderr: '' });
    expect(rebuilt.stdout).toMatch(/accounts: rebuilt generation 2 from \d+ events/);
    expect((await shopctl('projections', 'rebuild', 'nope')).stderr).toContain('Unknown projection "nope"');
  });

  it('lists the API keys without them, and revokes one named by the key itself, recorded with the operator', async () => {
    const { id, key } = await cli.shop.runtime.apiKeys.create(
      { name: 'Accounting export', scopes: ['read:subscriptions'] },
      { adminId: 'owner-1', correlationId: 'test' },
    );
    const call = () =>
      fetch(`${cli.shop.url}/api/admin/subscriptions`, { headers: { Authorization: `Bearer ${key}` } });
    expect((await call()).status).toBe(200);

    const listed = await shopctl('api-keys', 'list');
    expect({ status: listed.status, stderr: listed.stderr }).toEqual({ status: 0, stderr: '' });
    expect(listed.stdout).toContain(
      `${id}  ${key.slice(0, 11)}…  Accounting export  [read:subscriptions]  last used 20`,
    );
    expect(listed.stdout).not.toContain(key.slice(11));

    // Found in a public repository: revoked by the key itself.
    const revoked = await shopctl('api-keys', 'revoke', key, '--reason', 'published by mistake');
    expect({ status: revoked.status, stderr: revoked.stderr }).toEqual({ status: 0, stderr: '' });
    expect(revoked.stdout).toContain(`API key ${id} revoked at`);
    expect((await call()).status).toBe(401);
    const history = await shopctl('events', 'stream', `api-key-${id}`);
    expect(history.stdout).toMatch(/ApiKeyRevoked {2}by system:shopctl/);
    expect(history.stdout).toContain('published by mistake');
    expect(history.stdout).not.toContain(key.slice(11));

    expect((await shopctl('api-keys', 'revoke', key.slice(0, 11))).stdout).toContain(
      `API key ${id} was already revoked`,
    );
    const unknown = await shopctl('api-keys', 'revoke', 'sk_nothing1');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('no API key (or more than one) is named so');
  });
});
