import { ALL_PROJECTIONS } from '@shop/projections';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compiled } from './testing/compiled-processes.js';
import { freePort } from './testing/free-port.js';
import { startShopProcess } from './testing/shop-process.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-embedded-'));

/** The environment of a machine with nothing configured: no database, no Redis. */
function bareEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ...extra };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.EVENTSTORE_URL;
  return env;
}

async function startShop(): Promise<{ child: ChildProcess; url: string }> {
  // A known port, so the links the shop builds (PUBLIC_URL defaults to localhost:PORT) are reachable.
  return startShopProcess(bareEnv({ PORT: String(await freePort()) }), 60_000);
}

async function stopShop(child: ChildProcess): Promise<number | null> {
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exit;
}

function shopctl(...args: string[]) {
  return spawnSync(process.execPath, [...compiled('shopctl'), ...args], {
    env: bareEnv(),
    encoding: 'utf8',
    timeout: 60_000,
  });
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded default (nothing configured)', () => {
  it('serves the seeded catalogue, keeps its data across restarts, and the CLI works beside it', async () => {
    const first = await startShop();
    try {
      const plans = (await (await fetch(`${first.url}/api/plans`)).json()) as {
        data: Array<{ id: string; monthlyPriceCents: number }>;
      };
      expect(plans.data.map((p) => [p.id, p.monthlyPriceCents])).toEqual([
        ['netflix', 453],
        ['youtube-premium', 425],
        ['spotify', 242],
        ['disney-plus', 299],
        ['nordvpn', 141],
      ]);
      // The whole journey, offline: sign up, order, pay on the sandbox, active subscription, expiry timer.
      const json = { 'Content-Type': 'application/json' };
      const post = (p: string, body: unknown, token?: string) =>
        fetch(`${first.url}${p}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { ...json, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
      expect((await post('/api/auth/sign-up', { email: 'lea@example.fr', password: 'jardin-42' })).status).toBe(201);
      const { accessToken } = (await (
        await post('/api/auth/sign-in', { email: 'lea@example.fr', password: 'jardin-42' })
      ).json()) as {
        accessToken: string;
      };
      const placed = (await (
        await post(
          '/api/orders',
          { planId: 'netflix', months: 3, promoCode: 'BIENVENUE10', billingCountry: 'FR' },
          accessToken,
        )
      ).json()) as {
        subscriptionId: string;
        totalCents: number;
        redirectUrl: string;
      };
      expect(placed.totalCents).toBe(1223);
      expect(placed.redirectUrl.startsWith(`${first.url}/sandbox/checkout/`)).toBe(true);
      const paid = await post(`/sandbox/sessions/${placed.redirectUrl.split('/').pop()!}/pay`, {}, accessToken);
      expect(paid.headers.get('location')).toContain('/payment-success?session_id=');
      let subscriptions: { data: Array<{ status: string }> } = { data: [] };
      for (let i = 0; i < 100 && subscriptions.data[0]?.status !== 'active'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        subscriptions = (await (
          await fetch(`${first.url}/api/me/subscriptions`, { headers: { Authorization: `Bearer ${accessToken}` } })
        ).json()) as typeof subscriptions;
      }
      expect(subscriptions.data[0]?.status).toBe('active');
      const ready = (await (await fetch(`${first.url}/readyz`)).json()) as {
        checks: Array<{ name: string; detail?: { delayed?: number } }>;
      };
      // This subscription's expiry timer and its "expiring soon" notice, kept in the job ledger.
      expect(ready.checks.find((c) => c.name === 'jobs')?.detail?.delayed).toBeGreaterThanOrEqual(2);

      // The CLI reaches the running shop's database instead of opening the folder twice.
      const status = shopctl('projections', 'status', '--json');
      expect(status.status).toBe(0);
      const statuses = JSON.parse(status.stdout) as Array<{
        name: string;
        lagEvents: number;
        activeGeneration: number;
      }>;
      expect(statuses.map((s) => [s.name, s.activeGeneration, s.lagEvents])).toEqual(
        ALL_PROJECTIONS.map((projection) => [projection.name, 1, 0]),
      );
      // A second shop on the same folder would corrupt it: it refuses with a clear line.
      const second = spawnSync(process.execPath, [...compiled('main')], {
        env: bareEnv(),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain('Another shop process already serves the data folder');
    } finally {
      expect(await stopShop(first.child)).toBe(0);
    }
    expect(existsSync(path.join(dataDir, 'embedded-server.json'))).toBe(false);

    // With the shop stopped, the CLI opens the data folder itself.
    const history = shopctl('events', 'stream', 'plan-netflix');
    expect(history.status).toBe(0);
    expect(history.stdout).toContain('plan-netflix: 1 event(s)');
    expect(history.stdout).toMatch(/#1 {2}PlanPublished {2}by system:catalogue-seed/);

    const restarted = await startShop();
    try {
      const plan = (await (await fetch(`${restarted.url}/api/plans/netflix?lang=en`)).json()) as { features: string[] };
      expect(plan.features).toContain('Up to 4 screens at once');
      // The subscription's expiry and its "expiring soon" notice, months away, outlived the restart.
      const readyAgain = (await (await fetch(`${restarted.url}/readyz`)).json()) as {
        checks: Array<{ name: string; detail?: { delayed?: number } }>;
      };
      expect(readyAgain.checks.find((c) => c.name === 'jobs')?.detail?.delayed).toBeGreaterThanOrEqual(2);
    } finally {
      expect(await stopShop(restarted.child)).toBe(0);
    }
    // Restarting seeded nothing new.
    expect(shopctl('events', 'stream', 'plan-netflix').stdout).toContain('plan-netflix: 1 event(s)');
  }, 180_000);

  it('stops at start-up with one clear line when a setting is wrong', () => {
    const result = spawnSync(process.execPath, [...compiled('main')], {
      env: bareEnv({ PORT: 'eighty' }),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: PORT: /)]);
  });

  it('stops at start-up saying so when its port is taken by another process', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as AddressInfo;
      const result = spawnSync(process.execPath, [...compiled('main')], {
        env: bareEnv({ PORT: String(port), HOST: '127.0.0.1' }),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        `The shop could not start: listen EADDRINUSE: address already in use 127.0.0.1:${port}`,
      );
    } finally {
      taken.close();
    }
  }, 90_000);
});
