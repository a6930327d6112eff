import { randomUUID } from 'node:crypto';
import { PostgresEventStore, type AppendOptions, type EventStore, type NewEvent } from '@shop/event-store';
import { migrateToLatest } from '@shop/projections';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashOnDelete } from '../testing/injected-crash.js';
import { commitWithRows, settlePendingCommits, type RowWrite } from './rows-with-events.js';

let database: TestDatabase;
let pool: pg.Pool;
let postgres: PostgresEventStore;
let knex: Knex;

/**
 * The PostgreSQL store seen as one that cannot share its transaction, as KurrentDB (whose server
 * does not run on this machine): the app's side of the contract is what is under test here.
 */
class SeparateCommitStore implements EventStore {
  readonly sharesTransactions = false;
  failNextAppend = false;
  constructor(private readonly inner: EventStore) {}
  async appendToStream(streamId: string, events: readonly NewEvent[], options?: AppendOptions) {
    if (options?.withinTransaction) throw new Error('This store cannot share its transaction');
    if (this.failNextAppend) {
      this.failNextAppend = false;
      throw new Error('the log is unreachable');
    }
    return this.inner.appendToStream(streamId, events, options);
  }
  readStream: EventStore['readStream'] = (...args) => this.inner.readStream(...args);
  streamVersion: EventStore['streamVersion'] = (...args) => this.inner.streamVersion(...args);
  readAll: EventStore['readAll'] = (...args) => this.inner.readAll(...args);
  head: EventStore['head'] = () => this.inner.head();
  lastWritten: EventStore['lastWritten'] = () => this.inner.lastWritten();
  countAfter: EventStore['countAfter'] = (...args) => this.inner.countAfter(...args);
  waitForAppends: EventStore['waitForAppends'] = (...args) => this.inner.waitForAppends(...args);
  close = async () => undefined;
}

let store: SeparateCommitStore;

beforeAll(async () => {
  database = await createTestDatabase('rows_with_events');
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  pool.on('error', () => undefined);
  postgres = new PostgresEventStore({ pool });
  store = new SeparateCommitStore(postgres);
  knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  await migrateToLatest(knex);
  await knex.raw('CREATE TABLE taken_emails (email text PRIMARY KEY, user_id text NOT NULL)');
});

afterAll(async () => {
  await postgres.close();
  await pool.end();
  await knex.destroy();
  await database.drop();
});

/** A sign-up as the app makes it: the e-mail's row, then the account's first event. */
function signUp(email: string) {
  const userId = randomUUID();
  const streamId = `account-${userId}`;
  const rows: RowWrite[] = [
    {
      sql: 'INSERT INTO taken_emails (email, user_id) VALUES ($1, $2)',
      params: [email, userId],
      undo: { sql: 'DELETE FROM taken_emails WHERE user_id = $1', params: [userId] },
    },
  ];
  const run = () =>
    commitWithRows({ store, knex }, rows, streamId, (commit) =>
      store.appendToStream(streamId, [{ type: 'AccountRegistered', data: { userId }, metadata: commit.metadata }], {
        expectedVersion: 'no_stream',
      }),
    );
  return { userId, streamId, run };
}

const taken = async (email: string) => (await knex('taken_emails').where({ email })).length;
const pending = async () => Number((await knex('pending_row_commits').count({ n: '*' }).first())?.n ?? 0);

describe('rows that must commit with events, on a store that cannot share its transaction', () => {
  it('keeps the rows with their events and leaves no journal entry', async () => {
    const { streamId, run } = signUp('kept@example.test');
    await run();
    expect(await taken('kept@example.test')).toBe(1);
    expect((await store.readStream(streamId))[0]!.metadata.commitId).toEqual(expect.any(String));
    expect(await pending()).toBe(0);
  });

  it('takes the rows back when the append fails', async () => {
    const { run } = signUp('failed@example.test');
    store.failNextAppend = true;
    await expect(run()).rejects.toThrow('the log is unreachable');
    expect(await taken('failed@example.test')).toBe(0);
    expect(await pending()).toBe(0);
  });

  it('after a process died between the rows and the events, settling takes the rows back', async () => {
    const { streamId, run } = signUp('orphan@example.test');
    // The append fails and the clean-up cannot run either, as when the process dies there.
    store.failNextAppend = true;
    const block = await crashOnDelete(knex, 'taken_emails');
    try {
      await expect(run()).rejects.toThrow();
    } finally {
      await block();
    }
    expect(await taken('orphan@example.test')).toBe(1);
    expect(await pending()).toBe(1);

    // A commit still young is left alone: its process may be about to finish it.
    expect(await settlePendingCommits({ store, knex })).toEqual({ kept: 0, takenBack: 0 });
    expect(await settlePendingCommits({ store, knex }, 0)).toEqual({ kept: 0, takenBack: 1 });
    expect(await taken('orphan@example.test')).toBe(0);
    expect(await store.readStream(streamId)).toEqual([]);
    expect(await pending()).toBe(0);
  });

  it('after a process died between the events and closing the journal entry, settling keeps the rows', async () => {
    const { streamId, run } = signUp('late@example.test');
    const block = await crashOnDelete(knex, 'pending_row_commits');
    try {
      await expect(run()).rejects.toThrow();
    } finally {
      await block();
    }
    expect(await pending()).toBe(1);
    expect(await settlePendingCommits({ store, knex }, 0)).toEqual({ kept: 1, takenBack: 0 });
    expect(await taken('late@example.test')).toBe(1);
    expect(await store.readStream(streamId)).toHaveLength(1);
    expect(await pending()).toBe(0);
  });
});
