import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accountsProjection } from '@shop/projections';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestShop, TEST_SECRETS_KEY, type TestShop } from '../testing/test-shop.js';

const SHOPCTL = fileURLToPath(new URL('./shopctl.ts', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'shopctl-'));
let database: TestDatabase;
let shop: TestShop;

beforeAll(async () => {
  database = await createTestDatabase('shopctl');
  shop = await startTestShop({ databaseUrl: database.url });
});

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const shopctl = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', SHOPCTL, ...args], {
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      REDIS_URL: '',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // The same master key as the shop: the CLI's rebuild opens the personal data sealed in events.
      SECRETS_KEY: TEST_SECRETS_KEY,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });

const post = (p: string, body: unknown) =>
  fetch(`${shop.url}${p}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('shopctl', () => {
  it('grants the admin role to an existing account, and the history shows who did it', async () => {
    const email = 'first-admin@example.com';
    await post('/api/auth/sign-up', { email, password: 'long enough', fullName: 'Operator' });
    const signIn = (await (await post('/api/auth/sign-in', { email, password: 'long enough' })).json()) as {
      accessToken: string;
      user: { id: string };
    };
    const adminList = () =>
      fetch(`${shop.url}/api/admin/users`, { headers: { Authorization: `Bearer ${signIn.accessToken}` } });
    expect((await adminList()).status).toBe(403);

    const granted = shopctl('users', 'grant-admin', email);
    expect({ status: granted.status, stderr: granted.stderr }).toEqual({ status: 0, stderr: '' });
    expect(granted.stdout).toContain(`${email} (${signIn.user.id}) is now an admin`);
    expect(shopctl('users', 'grant-admin', email).stdout).toContain('was already an admin');
    expect((await eventually(adminList, (res) => res.status === 200)).status).toBe(200);

    const history = shopctl('events', 'stream', `account-${signIn.user.id}`);
    expect(history.stdout).toMatch(/RoleGranted {2}by admin:shopctl/);
    expect(history.stdout).not.toContain(email);

    const unknown = shopctl('users', 'grant-admin', 'nobody@example.com');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account for nobody@example.com');
  });

  it('reports projection status and rebuilds a projection while the shop serves', async () => {
    const status = shopctl('projections', 'status');
    expect({ status: status.status, stderr: status.stderr }).toEqual({ status: 0, stderr: '' });
    expect(status.stdout).toMatch(/^projection +version \(built \/ code\) +generation +lag \(events\)/);
    const version = accountsProjection.version;
    expect(status.stdout).toMatch(new RegExp(`accounts +${version} / ${version} +1 +0 +\\d+ +\\S+ +0`));
    const rebuilt = shopctl('projections', 'rebuild', 'accounts');
    expect({ status: rebuilt.status, stderr: rebuilt.stderr }).toEqual({ status: 0, stderr: '' });
    expect(rebuilt.stdout).toMatch(/accounts: rebuilt generation 2 from \d+ events/);
    expect(shopctl('projections', 'rebuild', 'nope').stderr).toContain('Unknown projection "nope"');
  });
});
