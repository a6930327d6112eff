import type pg from 'pg';

/** Serialises concurrent start-ups that create the schema. */
const SCHEMA_LOCK_KEY = 4_810_001;

/**
 * The log table. `transaction_id` lets readers of the whole log stay below the oldest
 * transaction still in flight, so an event whose sequence number was taken early but which
 * commits late is never skipped (see docs/adr/0001-event-store.md).
 */
export async function migrateEventStore(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
    await client.query(`
      CREATE TABLE IF NOT EXISTS es_events (
        global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        event_id text NOT NULL,
        stream_id text NOT NULL,
        stream_version bigint NOT NULL CHECK (stream_version > 0),
        event_type text NOT NULL,
        schema_version integer NOT NULL DEFAULT 1,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        CONSTRAINT es_events_event_id_key UNIQUE (event_id),
        CONSTRAINT es_events_stream_version_key UNIQUE (stream_id, stream_version)
      );
      CREATE INDEX IF NOT EXISTS es_events_log_order ON es_events (transaction_id, global_position);
    `);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
