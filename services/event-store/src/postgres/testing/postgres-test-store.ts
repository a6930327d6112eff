import { createTestDatabase, type TestDatabase } from '@shop/testing';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { PostgresEventStore, type PostgresEventStoreOptions } from '../postgres-event-store.js';

/** A pool on the test database `url`, holding up to `max` connections. */
export function testPool(url: string, max = 4): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  // Dropping the test database ends idle connections from the server side: expected, not a failure.
  pool.on('error', () => undefined);
  return pool;
}

export interface PostgresTestStore {
  database: TestDatabase;
  pool: pg.Pool;
  store: PostgresEventStore;
}

/**
 * A PostgreSQL event store on a fresh database for the whole test file: opened before its tests,
 * closed after them; `opened` hands it to the file's variables (and may prepare it further).
 */
export function usePostgresTestStore(
  name: string,
  opened: (test: PostgresTestStore) => void | Promise<void>,
  options: { poolMax?: number; store?: Omit<PostgresEventStoreOptions, 'pool'> } = {},
): void {
  let test: PostgresTestStore | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase(name);
    const pool = testPool(database.url, options.poolMax);
    test = { database, pool, store: new PostgresEventStore({ pool, ...options.store }) };
    await opened(test);
  });
  afterAll(async () => {
    await test?.store.close();
    await test?.pool.end();
    await test?.database.drop();
  });
}
