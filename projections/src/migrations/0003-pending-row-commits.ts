import type { Knex } from 'knex';

/**
 * The journal of commits whose rows were written before their events, where the event store cannot
 * share a transaction (KurrentDB): how to take the rows back, and the stream whose events settle it.
 */
export const pendingRowCommits = {
  name: '0003-pending-row-commits',
  up: async (knex: Knex) => {
    await knex.raw(`
      CREATE TABLE IF NOT EXISTS pending_row_commits (
        id text PRIMARY KEY,
        stream_id text NOT NULL,
        undo jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );`);
  },
  down: async (knex: Knex) => {
    await knex.raw('DROP TABLE IF EXISTS pending_row_commits');
  },
};
