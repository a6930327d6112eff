import { randomUUID } from 'node:crypto';
import type { AppendOptions, EventStore, SqlTransaction } from '@shop/event-store';
import type { Knex } from 'knex';

/** A row that must commit with a command's events (plain SQL, `$1` parameters). */
export interface RowWrite {
  sql: string;
  params: unknown[];
  /** How to take the row back where it cannot share the append's transaction. */
  undo?: { sql: string; params: unknown[] };
  /** The error when the statement wrote nothing (a conflict: the e-mail is taken). */
  refusedWhenNothingWritten?: () => Error;
}

/** Where a commit's events go, and the metadata they must carry (see `commitWithRows`). */
export interface RowCommit {
  withinTransaction: AppendOptions['withinTransaction'];
  /** Merged into the events' metadata: the journal entry they settle, where there is one. */
  metadata: { commitId?: string };
}

/**
 * Runs a command on `streamId` whose events must commit with `rows`.
 *
 * Where the store can share its transaction (PostgreSQL) the rows are written inside the append.
 * Otherwise (KurrentDB) the rows are written first, in the transaction that also journals the
 * commit in `pending_row_commits` (how to take the rows back, and the stream); the events carry the
 * commit's id in their metadata. A failed append takes the rows back at once; a process that dies
 * in between leaves the journal entry, and `settlePendingCommits` finishes it: kept if the stream
 * holds an event of that commit, taken back otherwise. So no row outlives its missing events.
 */
export async function commitWithRows<T>(
  deps: { store: EventStore; knex: Knex },
  rows: readonly RowWrite[],
  streamId: string,
  run: (commit: RowCommit) => Promise<T>,
): Promise<T> {
  if (deps.store.sharesTransactions) return run({ withinTransaction: (sql) => writeRows(sql, rows), metadata: {} });
  if (rows.length === 0) return run({ withinTransaction: undefined, metadata: {} });
  const commitId = randomUUID();
  const undo = rows.flatMap((row) => (row.undo ? [row.undo] : []));
  await deps.knex.transaction(async (trx) => {
    await writeRows(knexSql(trx), rows);
    await trx('pending_row_commits').insert({ id: commitId, stream_id: streamId, undo: JSON.stringify(undo) });
  });
  let result: T;
  try {
    result = await run({ withinTransaction: undefined, metadata: { commitId } });
  } catch (error) {
    await takeBack(deps.knex, commitId, undo);
    throw error;
  }
  await deps.knex('pending_row_commits').where({ id: commitId }).delete();
  return result;
}

/**
 * Finishes the journalled commits a process left behind (older than `olderThanMs`, so none still
 * running is touched): one whose events reached the log is kept, one whose events did not has its
 * rows taken back. Run at start-up and now and then by the worker; nothing to do on PostgreSQL.
 */
export async function settlePendingCommits(
  deps: { store: EventStore; knex: Knex },
  olderThanMs = 60_000,
): Promise<{ kept: number; takenBack: number }> {
  const settled = { kept: 0, takenBack: 0 };
  const pending = (await deps
    .knex('pending_row_commits')
    .where('created_at', '<', new Date(Date.now() - olderThanMs))
    .orderBy('created_at')
    .select('id', 'stream_id', 'undo')) as Array<{ id: string; stream_id: string; undo: RowWrite['undo'][] }>;
  for (const commit of pending) {
    const events = await deps.store.readStream(commit.stream_id);
    if (events.some((event) => event.metadata.commitId === commit.id)) {
      await deps.knex('pending_row_commits').where({ id: commit.id }).delete();
      settled.kept += 1;
    } else {
      await takeBack(
        deps.knex,
        commit.id,
        commit.undo.filter((undo) => undo !== undefined),
      );
      settled.takenBack += 1;
    }
  }
  return settled;
}

async function takeBack(knex: Knex, commitId: string, undo: ReadonlyArray<NonNullable<RowWrite['undo']>>) {
  await knex.transaction(async (trx) => {
    const sql = knexSql(trx);
    for (const step of [...undo].reverse()) await sql.query(step.sql, step.params);
    await trx('pending_row_commits').where({ id: commitId }).delete();
  });
}

async function writeRows(sql: Pick<SqlTransaction, 'query'>, rows: readonly RowWrite[]): Promise<void> {
  for (const row of rows) {
    const { rowCount } = await sql.query(row.sql, row.params);
    if (rowCount === 0 && row.refusedWhenNothingWritten) throw row.refusedWhenNothingWritten();
  }
}

/** A knex transaction seen as plain SQL with `$1` parameters (knex binds `?`). */
function knexSql(trx: Knex.Transaction): Pick<SqlTransaction, 'query'> {
  return {
    query: async (text, params = []) => {
      const result = (await trx.raw(text.replace(/\$\d+/g, '?'), params as Knex.RawBinding[])) as {
        rows: Array<Record<string, unknown>>;
        rowCount: number | null;
      };
      return { rows: result.rows, rowCount: result.rowCount };
    },
  };
}
