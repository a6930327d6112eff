import { sqlMigration } from './schema-migration.js';

/**
 * `queued_jobs` becomes the record of every job whichever queue runs it: with Redis, BullMQ holds
 * a copy of the pending rows (`dispatched_at` says a copy was handed over) and the worker hands
 * them over again when Redis has lost them. `process_heartbeats` lets `/readyz` on any process
 * tell that a projector or a worker has gone silent.
 */
export const jobLedgerAndHeartbeats = sqlMigration({
  name: '0009-job-ledger-and-heartbeats',
  up: `
    ALTER TABLE queued_jobs ADD COLUMN IF NOT EXISTS dispatched_at timestamptz;
    CREATE INDEX IF NOT EXISTS queued_jobs_failed ON queued_jobs (finished_at) WHERE status = 'failed';
    CREATE TABLE IF NOT EXISTS process_heartbeats (
      instance_id text PRIMARY KEY,
      role text NOT NULL,
      host text NOT NULL,
      pid integer NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      beat_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX IF NOT EXISTS process_heartbeats_role ON process_heartbeats (role, beat_at DESC);`,
  down: `
    DROP TABLE IF EXISTS process_heartbeats;
    DROP INDEX IF EXISTS queued_jobs_failed;
    ALTER TABLE queued_jobs DROP COLUMN IF EXISTS dispatched_at;`,
});
