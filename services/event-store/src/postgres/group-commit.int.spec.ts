import { randomUUID } from 'node:crypto';
import type { TestDatabase } from '@shop/testing';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../errors.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { testPool, usePostgresTestStore } from './testing/postgres-test-store.js';

let database: TestDatabase;
let pool: pg.Pool;
let store: PostgresEventStore;

usePostgresTestStore(
  'es_group_commit',
  async (opened) => {
    ({ database, pool, store } = opened);
    await store.readStream('warm-up');
  },
  { poolMax: 6, store: { maxGroupsInFlight: 1 } },
);

const transactionsOf = async (streamIds: readonly string[]) =>
  (
    await pool.query<{ stream_id: string; txid: string }>(
      'SELECT stream_id, transaction_id::text AS txid FROM es_events WHERE stream_id = ANY($1::text[])',
      [streamIds],
    )
  ).rows;

describe('appends that arrive together (group commit)', () => {
  it('share one transaction, and each keeps its own expected version and its own answer', async () => {
    const ids = Array.from({ length: 6 }, () => `group-${randomUUID()}`);
    await store.appendToStream(ids[5]!, [{ type: 'Opened', data: {} }]);

    const answers = await Promise.allSettled([
      ...ids
        .slice(0, 4)
        .map((id) => store.appendToStream(id, [{ type: 'Opened', data: {} }], { expectedVersion: 'no_stream' })),
      // Stale: the stream is at 0, not 3.
      store.appendToStream(ids[4]!, [{ type: 'Changed', data: {} }], { expectedVersion: 3 }),
      store.appendToStream(
        ids[5]!,
        [
          { type: 'Changed', data: {} },
          { type: 'Changed', data: {} },
        ],
        { expectedVersion: 1 },
      ),
      // Two writers of one stream in the same group: the first wins, the second sees its version.
      store.appendToStream(ids[0]!, [{ type: 'Changed', data: {} }], { expectedVersion: 'no_stream' }),
    ]);

    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : a.reason.constructor.name))).toEqual([
      { nextExpectedVersion: 1, appended: 1 },
      { nextExpectedVersion: 1, appended: 1 },
      { nextExpectedVersion: 1, appended: 1 },
      { nextExpectedVersion: 1, appended: 1 },
      'ConcurrencyError',
      { nextExpectedVersion: 3, appended: 2 },
      'ConcurrencyError',
    ]);
    expect((answers[4] as PromiseRejectedResult).reason).toMatchObject({ streamId: ids[4], actual: 0 });
    expect((answers[6] as PromiseRejectedResult).reason).toMatchObject({ streamId: ids[0], actual: 1 });
    expect(await store.streamVersion(ids[4]!)).toBe(0);
    // The first append went alone; the ones that queued behind it committed together.
    const rows = await transactionsOf(ids.slice(1, 4));
    expect(new Set(rows.map((row) => row.txid)).size).toBe(1);
  });

  it('fails only the append PostgreSQL refuses: the others of its group commit', async () => {
    const ids = Array.from({ length: 4 }, () => `refused-${randomUUID()}`);
    const answers = await Promise.allSettled(
      ids.map((id, index) =>
        store.appendToStream(id, [{ type: 'Noted', data: index === 2 ? { text: 'nul \u0000 byte' } : { index } }]),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const refused = (answers[2] as PromiseRejectedResult).reason as { code?: string };
    expect(refused).not.toBeInstanceOf(ConcurrencyError);
    expect(refused.code).toBe('22P05');
    expect((await transactionsOf(ids)).map((row) => row.stream_id).sort()).toEqual([ids[0], ids[1], ids[3]].sort());
  });

  it('never mixes an append carrying its own writes with the others: its failure rolls back only itself', async () => {
    await pool.query('CREATE TABLE IF NOT EXISTS group_claims (name text PRIMARY KEY)');
    const ids = Array.from({ length: 4 }, () => `claims-${randomUUID()}`);
    const answers = await Promise.allSettled([
      store.appendToStream(ids[0]!, [{ type: 'Noted', data: {} }]),
      store.appendToStream(ids[1]!, [{ type: 'Claimed', data: {} }], {
        withinTransaction: async (sql) => {
          await sql.query('INSERT INTO group_claims (name) VALUES ($1)', [ids[1]]);
          throw new Error('the claim is refused');
        },
      }),
      store.appendToStream(ids[2]!, [{ type: 'Noted', data: {} }]),
      store.appendToStream(ids[3]!, [{ type: 'Claimed', data: {} }], {
        withinTransaction: async (sql) => {
          await sql.query('INSERT INTO group_claims (name) VALUES ($1)', [ids[3]]);
        },
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((await transactionsOf(ids)).map((row) => row.stream_id).sort()).toEqual([ids[0], ids[2], ids[3]].sort());
    const claims = await pool.query('SELECT name FROM group_claims WHERE name = ANY($1::text[])', [ids]);
    expect(claims.rows).toEqual([{ name: ids[3] }]);
  });

  it('keeps each stream in version order in the log when groups interleave', async () => {
    const ids = Array.from({ length: 5 }, () => `order-${randomUUID()}`);
    await Promise.all(
      ids.map(async (id) => {
        for (let version = 0; version < 6; version++) {
          await store.appendToStream(id, [{ type: 'Tick', data: { version } }], {
            expectedVersion: version || 'no_stream',
          });
        }
      }),
    );
    const { rows } = await pool.query<{ stream_id: string; stream_version: string }>(
      `SELECT stream_id, stream_version FROM es_events WHERE stream_id = ANY($1::text[])
       ORDER BY transaction_id, global_position`,
      [ids],
    );
    for (const id of ids) {
      expect(rows.filter((row) => row.stream_id === id).map((row) => Number(row.stream_version))).toEqual([
        1, 2, 3, 4, 5, 6,
      ]);
    }
  });

  it('wakes a reader on another connection when the commit was not alone (NOTIFY sent after it)', async () => {
    const writerPool = testPool(database.url, 4);
    const readerPool = testPool(database.url, 2);
    const writer = new PostgresEventStore({ pool: writerPool, listen: false, maxGroupsInFlight: 2 });
    const reader = new PostgresEventStore({ pool: readerPool });
    const blocker = await pool.connect();
    try {
      await reader.waitForAppends({ timeoutMs: 50 }); // starts listening
      const held = `held-${randomUUID()}`;
      // Another transaction holds the first stream: its group stays in flight, alone, while the second group commits.
      await blocker.query('BEGIN');
      await blocker.query('SELECT pg_advisory_xact_lock(hashtext($1))', [held]);
      const first = writer.appendToStream(held, [{ type: 'Held', data: {} }]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const woken = reader.waitForAppends({ timeoutMs: 5_000 }).then(() => performance.now());
      const started = performance.now();
      await writer.appendToStream(`free-${randomUUID()}`, [{ type: 'Free', data: {} }]);
      expect((await woken) - started).toBeLessThan(1_000);
      await blocker.query('COMMIT');
      await first;
    } finally {
      blocker.release();
      await writer.close();
      await reader.close();
      await writerPool.end();
      await readerPool.end();
    }
  });
});
