import { createTestDatabase, eventually, type TestDatabase } from '@shop/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStoreContract } from '../contract/event-store-contract.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { testPool } from './testing/postgres-test-store.js';

let database: TestDatabase;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  database = await createTestDatabase('es_contract');
});

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await database.drop();
});

eventStoreContract('PostgreSQL', {
  openStore: async (options) => {
    const pool = testPool(database.url);
    pools.push(pool);
    return new PostgresEventStore({ pool, upcasters: options?.upcasters ?? [] });
  },
});

describe('PostgreSQL log order', () => {
  it('orders the log by transaction id as a number, also across a power of ten (99 before 100)', async () => {
    const pool = testPool(database.url, 2);
    pools.push(pool);
    const store = new PostgresEventStore({ pool });
    await store.readStream('warm-up');
    // Transaction ids this low are always long finished, so they sit below every reader's horizon.
    await pool.query(
      `INSERT INTO es_events (transaction_id, event_id, stream_id, stream_version, event_type, data)
       SELECT t::text::xid8, 'order-' || t, 'order-check', row_number() OVER (ORDER BY t), 'Tick', '{}'::jsonb
       FROM unnest(ARRAY[98, 99, 100, 101]) AS t`,
    );
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 3; page++) {
      const batch = await store.readAll({ after, maxCount: 2 });
      seen.push(...batch.events.filter((e) => e.streamId === 'order-check').map((e) => e.id));
      after = batch.checkpoint;
    }
    expect(seen).toEqual(['order-98', 'order-99', 'order-100', 'order-101']);
  });
});

describe('the newest event written, past the readers’ horizon', () => {
  it('includes an event that a transaction begun earlier still hides from readers', async () => {
    const pool = testPool(database.url, 3);
    pools.push(pool);
    const store = new PostgresEventStore({ pool });
    await store.readStream('warm-up');
    // A transaction that began before the append and is still open holds the horizon back.
    const older = await pool.connect();
    try {
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      await store.appendToStream('horizon-check', [{ type: 'Hidden', data: {} }]);
      const [written] = await store.readStream('horizon-check');
      expect((await store.head()).globalPosition).toBeLessThan(written!.globalPosition);
      const last = await store.lastWritten();
      expect(await store.countAfter(last)).toBe(0);
      await older.query('COMMIT');
      // Readers reach it once no transaction begun before it is open (other tests' included).
      const reached = await eventually(
        () => store.head(),
        (head) => head.checkpoint === last,
      );
      expect(reached.checkpoint).toBe(last);
    } finally {
      older.release();
    }
  });
});

describe('writes that share an append’s transaction', () => {
  it('commit with the events, and a failure in them leaves neither the row nor the events', async () => {
    const pool = testPool(database.url, 2);
    pools.push(pool);
    const store = new PostgresEventStore({ pool });
    expect(store.sharesTransactions).toBe(true);
    await pool.query('CREATE TABLE IF NOT EXISTS taken_names (name text PRIMARY KEY)');

    await store.appendToStream('name-ada', [{ type: 'NameTaken', data: { name: 'ada' } }], {
      expectedVersion: 'no_stream',
      withinTransaction: async (sql) => {
        await sql.query('INSERT INTO taken_names (name) VALUES ($1)', ['ada']);
      },
    });
    expect((await pool.query('SELECT name FROM taken_names')).rows).toEqual([{ name: 'ada' }]);
    expect(await store.streamVersion('name-ada')).toBe(1);

    // The process "dies" between the two writes: nothing of either is left.
    await expect(
      store.appendToStream('name-bob', [{ type: 'NameTaken', data: { name: 'bob' } }], {
        expectedVersion: 'no_stream',
        withinTransaction: async (sql) => {
          await sql.query('INSERT INTO taken_names (name) VALUES ($1)', ['bob']);
          throw new Error('killed between the two writes');
        },
      }),
    ).rejects.toThrow('killed between the two writes');
    expect((await pool.query('SELECT name FROM taken_names ORDER BY name')).rows).toEqual([{ name: 'ada' }]);
    expect(await store.streamVersion('name-bob')).toBe(0);
  });
});
