import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { TestServices } from './global-setup.js';

export type { TestServices };
export { redisAnswers } from './redis-answers.js';

export function testServices(): TestServices {
  return inject('services');
}

export interface TestDatabase {
  url: string;
  name: string;
  drop: () => Promise<void>;
}

const CLOSING_GRACE_MS = 2_000;

/** A fresh database of its own, so test files run in parallel without seeing each other. */
export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const { postgresUrl } = testServices();
  const name = `shop_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        // A pool's end() resolves while its connections are still closing: let them finish, so
        // FORCE only ends what was left open (which then sees 57P01, as a test may expect).
        const deadline = Date.now() + CLOSING_GRACE_MS;
        while (Date.now() < deadline) {
          const { rows } = await client.query<{ open: boolean }>(
            'SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = $1) AS open',
            [name],
          );
          if (!rows[0]!.open) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Ends, from the server's side, the session holding the advisory lock taken on `hashtext(key)`,
 * as a network cut or an operator's pg_terminate_backend would.
 */
export async function terminateAdvisoryLockHolder(url: string, key: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      `SELECT pg_terminate_backend(l.pid) FROM pg_locks l
       WHERE l.locktype = 'advisory' AND l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND l.objid = (hashtext($1)::bigint & 4294967295)::oid`,
      [key],
    );
    if (rowCount !== 1) throw new Error(`expected one holder of the lock ${key}, found ${rowCount}`);
  } finally {
    await admin.end();
  }
}

/** A key prefix of its own in Redis for one test file. */
export function uniqueRedisPrefix(label = 'test'): string {
  return `shop-test-${label}-${randomBytes(4).toString('hex')}`;
}

/**
 * Polls until `accept` holds or the deadline passes; returns the last value read. A read that
 * throws (a view not created yet) is retried until the deadline, then its error is thrown.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let value: T | undefined;
    try {
      value = await read();
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (value !== undefined && (accept(value) || Date.now() > deadline)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
