import { sqlMigration } from './schema-migration.js';

/**
 * The journal of commits whose rows were written before their events, where the event store cannot
 * share a transaction (KurrentDB): how to take the rows back, and the stream whose events settle it.
 */
export const pendingRowCommits = sqlMigration({
  name: '0003-pending-row-commits',
  up: `
    CREATE TABLE IF NOT EXISTS pending_row_commits (
      id text PRIMARY KEY,
      stream_id text NOT NULL,
      undo jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );`,
  down: 'DROP TABLE IF EXISTS pending_row_commits',
});
