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

/**
 * Runs a command whose events must commit with `rows`. Where the store can share its transaction
 * (PostgreSQL) the rows are written inside the append; otherwise (KurrentDB) they are written first
 * and taken back if the command fails, which leaves a crash window an outbox would close.
 */
export async function commitWithRows<T>(
  deps: { store: EventStore; knex: Knex },
  rows: readonly RowWrite[],
  run: (withinTransaction: AppendOptions['withinTransaction']) => Promise<T>,
): Promise<T> {
  if (deps.store.sharesTransactions) return run((sql) => writeRows(sql, rows));
  await deps.knex.transaction((trx) => writeRows(knexSql(trx), rows));
  try {
    return await run(undefined);
  } catch (error) {
    await deps.knex.transaction((trx) => undoRows(knexSql(trx), rows));
    throw error;
  }
}

async function writeRows(sql: Pick<SqlTransaction, 'query'>, rows: readonly RowWrite[]): Promise<void> {
  for (const row of rows) {
    const { rowCount } = await sql.query(row.sql, row.params);
    if (rowCount === 0 && row.refusedWhenNothingWritten) throw row.refusedWhenNothingWritten();
  }
}

async function undoRows(sql: Pick<SqlTransaction, 'query'>, rows: readonly RowWrite[]): Promise<void> {
  for (const row of [...rows].reverse()) if (row.undo) await sql.query(row.undo.sql, row.undo.params);
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
