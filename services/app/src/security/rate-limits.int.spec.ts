import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateToLatest } from '@shop/projections';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import knexFactory from 'knex';
import pg from 'pg';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase } from '../infrastructure/embedded-database.js';
import { startTestShop, type TestShop } from '../testing/test-shop.js';
import { createRateLimits, LOCK_SECONDS, SIGN_IN_FAILURES_BEFORE_LOCK, type RateLimits } from './rate-limits.js';

async function migrated(url: string): Promise<void> {
  const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  try {
    await migrateToLatest(knex);
  } finally {
    await knex.destroy();
  }
}

/** What an API process holds: its own pool and its own limiters, on the shop's one database. */
function apiProcess(url: string): { limits: RateLimits; stop: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => undefined);
  const limits = createRateLimits({ pool });
  return {
    limits,
    stop: async () => {
      await limits.close();
      await pool.end();
    },
  };
}

/** The refusal of one more attempt, or null when it was let through. */
async function refusal(limits: RateLimits, email: string): Promise<RateLimiterRes | null> {
  try {
    await limits.signInFailuresByEmail.consume(email);
    return null;
  } catch (error) {
    if (error instanceof RateLimiterRes) return error;
    throw error;
  }
}

describe('sign-in limits live in PostgreSQL', () => {
  let database: TestDatabase;
  const running: Array<{ stop: () => Promise<void> }> = [];
  const start = () => {
    const api = apiProcess(database.url);
    running.push(api);
    return api;
  };

  beforeAll(async () => {
    database = await createTestDatabase('rate_limits');
    await migrated(database.url);
  });

  afterAll(async () => {
    for (const api of running) await api.stop();
    await database?.drop();
  });

  it('gives two API processes one budget: five failures spread across both lock the e-mail for both', async () => {
    const [first, second] = [start(), start()];
    const email = 'shared@example.com';
    for (let i = 0; i < SIGN_IN_FAILURES_BEFORE_LOCK; i++) {
      expect(await refusal(i % 2 === 0 ? first.limits : second.limits, email)).toBeNull();
    }
    for (const api of [second, first]) {
      const refused = await refusal(api.limits, email);
      expect(refused).toBeInstanceOf(RateLimiterRes);
      expect(refused!.msBeforeNext).toBeGreaterThan((LOCK_SECONDS - 60) * 1000);
    }
  });

  it('keeps a lock-out when every API process restarts', async () => {
    const before = start();
    const email = 'restarted@example.com';
    for (let i = 0; i <= SIGN_IN_FAILURES_BEFORE_LOCK; i++) await refusal(before.limits, email);
    running.splice(running.indexOf(before), 1);
    await before.stop();

    const after = start();
    const refused = await refusal(after.limits, email);
    expect(refused).toBeInstanceOf(RateLimiterRes);
    expect(refused!.msBeforeNext).toBeGreaterThan((LOCK_SECONDS - 60) * 1000);
  });

  it('counts attempts sent all at once from both processes exactly', async () => {
    const [first, second] = [start(), start()];
    const email = 'burst@example.com';
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => refusal(i % 2 === 0 ? first.limits : second.limits, email)),
    );
    expect(answers.filter((answer) => answer === null)).toHaveLength(SIGN_IN_FAILURES_BEFORE_LOCK);
  });

  it('purges rows long expired, and keeps the rest', async () => {
    const api = start();
    await api.limits.signUpByIp.consume('192.0.2.1');
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      const hourAgo = Date.now() - 2 * 60 * 60 * 1000;
      await pool.query(`INSERT INTO rate_limits (key, points, expire) VALUES ('old:key', 3, $1)`, [hourAgo]);
      await api.limits.purgeExpired();
      const { rows } = await pool.query<{ key: string }>('SELECT key FROM rate_limits ORDER BY key');
      expect(rows.map((row) => row.key)).not.toContain('old:key');
      expect(rows.map((row) => row.key)).toContain('signup-ip:192.0.2.1');
    } finally {
      await pool.end();
    }
  });
});

describe('on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-rate-limits-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('counts attempts from several connections at once on its one session', async () => {
    const embedded = await startEmbeddedDatabase(dataDir);
    try {
      await migrated(embedded.url);
      const api = apiProcess(embedded.url);
      try {
        const answers = await Promise.all(
          Array.from({ length: 12 }, () => refusal(api.limits, 'embedded@example.com')),
        );
        expect(answers.filter((answer) => answer === null)).toHaveLength(SIGN_IN_FAILURES_BEFORE_LOCK);
      } finally {
        await api.stop();
      }
    } finally {
      await embedded.close();
    }
  });
});

describe('two shops on one database', () => {
  let database: TestDatabase;
  let first: TestShop;
  let second: TestShop;

  beforeAll(async () => {
    database = await createTestDatabase('rate_limits_shops');
    first = await startTestShop({ databaseUrl: database.url });
    second = await startTestShop({ databaseUrl: database.url });
  });

  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    await database?.drop();
  });

  const post = (shop: TestShop, route: string, body: unknown) =>
    fetch(`${shop.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('refuses the sixth password on the second shop when the first took some of the five', async () => {
    const email = 'two-shops@example.com';
    const password = 'correct horse battery';
    expect((await post(first, '/api/auth/sign-up', { email, password, fullName: 'Camille Martin' })).status).toBe(201);
    for (let i = 0; i < SIGN_IN_FAILURES_BEFORE_LOCK; i++) {
      const shop = i < 3 ? first : second;
      expect((await post(shop, '/api/auth/sign-in', { email, password: `wrong-${i}` })).status).toBe(401);
    }
    for (const shop of [second, first]) {
      const locked = await post(shop, '/api/auth/sign-in', { email, password });
      expect(locked.status).toBe(429);
      expect(((await locked.json()) as { code: string }).code).toBe('auth.account_locked');
    }
  });
});
