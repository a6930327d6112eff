import type pg from 'pg';

/** Serialises concurrent start-ups that create the schema. */
const SCHEMA_LOCK_KEY = 4_810_001;

/**
 * The append function: the name carries its version, so a process running older code keeps the
 * function it was written against while a newer one is deployed next to it.
 */
export const APPEND_FUNCTION = 'es_append_v1';

/** In the append function: whether the stream's `current_version` is what the append `expected`. */
const EXPECTATION_HOLDS = `expected = 'any'
        OR (expected = 'no_stream' AND current_version = 0)
        OR (expected = 'stream_exists' AND current_version > 0)
        OR (expected ~ '^[0-9]+$' AND expected::bigint = current_version)`;

/** In the append function: stores the `fresh` events after `current_version`, counting the rows `inserted`. */
const INSERT_FRESH = `INSERT INTO es_events (event_id, stream_id, stream_version, event_type, schema_version, data, metadata)
        SELECT x->>'i', stream, current_version + n, x->>'t', (x->>'v')::integer, x->'d', x->'m'
        FROM jsonb_array_elements(fresh) WITH ORDINALITY AS t(x, n)
        ON CONFLICT (event_id) DO NOTHING;
        GET DIAGNOSTICS inserted = ROW_COUNT;`;

/**
 * One statement appends to one or more streams: `appends` is a JSON array of
 * `{s: stream id, e: expected version ('any' | 'no_stream' | 'stream_exists' | a count), ev: [{i, t, v, d, m}]}`
 * (event id, type, schema version, data, metadata). It answers, in the same order, one
 * `{status: 'ok', version, appended}`, `{status: 'conflict', version}` (nothing written for that
 * append) or `{status: 'retry'}` (another writer stored one of its event ids meanwhile; its rows
 * are taken back so the stream's versions stay gap-free) per append. Each append keeps its own
 * checks: one failing leaves the others in place. With a `notify_channel`, readers are woken by a
 * NOTIFY in the same transaction (see the store's `announce` for when it is sent apart).
 *
 * The stream locks are taken first, in one order, before the transaction writes anything: two
 * groups never wait on each other in a cycle, and the transaction id (assigned at the first
 * insert) is newer than that of the previous writer of each of its streams, which keeps a
 * stream's events in version order in the log (see docs/adr/0001-event-store.md).
 */
const APPEND_FUNCTION_SQL = `
  CREATE OR REPLACE FUNCTION ${APPEND_FUNCTION}(appends jsonb, notify_channel text) RETURNS jsonb
  LANGUAGE plpgsql AS $fn$
  DECLARE
    lock_key integer;
    item jsonb;
    stream text;
    expected text;
    current_version bigint;
    wanted integer;
    fresh jsonb;
    inserted integer;
    results jsonb := '[]'::jsonb;
    any_appended boolean := false;
  BEGIN
    FOR lock_key IN
      SELECT DISTINCT hashtext(a->>'s') FROM jsonb_array_elements(appends) AS a ORDER BY 1
    LOOP
      PERFORM pg_advisory_xact_lock(lock_key);
    END LOOP;
    FOR item IN SELECT value FROM jsonb_array_elements(appends) LOOP
      stream := item->>'s';
      expected := item->>'e';
      fresh := item->'ev';
      wanted := jsonb_array_length(fresh);
      SELECT coalesce(max(stream_version), 0) INTO current_version FROM es_events WHERE stream_id = stream;
      IF ${EXPECTATION_HOLDS}
      THEN
        ${INSERT_FRESH}
        IF inserted = wanted THEN
          any_appended := true;
          results := results || jsonb_build_object('status', 'ok', 'version', current_version + wanted, 'appended', wanted);
          CONTINUE;
        END IF;
        -- Some ids were stored already: take this append's rows back, then look at what is new.
        DELETE FROM es_events WHERE stream_id = stream AND stream_version > current_version;
      END IF;
      -- Already stored ids are dropped (the retry of a request, a provider's duplicate delivery);
      -- an append whose ids are all stored succeeds without its expectation being checked.
      SELECT coalesce(jsonb_agg(x ORDER BY n), '[]'::jsonb) INTO fresh
      FROM jsonb_array_elements(item->'ev') WITH ORDINALITY AS t(x, n)
      WHERE NOT EXISTS (SELECT 1 FROM es_events WHERE event_id = x->>'i');
      wanted := jsonb_array_length(fresh);
      IF wanted = 0 THEN
        results := results || jsonb_build_object('status', 'ok', 'version', current_version, 'appended', 0);
      ELSIF NOT (
        ${EXPECTATION_HOLDS}
      ) THEN
        results := results || jsonb_build_object('status', 'conflict', 'version', current_version);
      ELSE
        ${INSERT_FRESH}
        IF inserted = wanted THEN
          any_appended := true;
          results := results || jsonb_build_object('status', 'ok', 'version', current_version + wanted, 'appended', wanted);
        ELSE
          DELETE FROM es_events WHERE stream_id = stream AND stream_version > current_version;
          results := results || jsonb_build_object('status', 'retry');
        END IF;
      END IF;
    END LOOP;
    IF any_appended AND notify_channel IS NOT NULL THEN
      PERFORM pg_notify(notify_channel, '');
    END IF;
    RETURN results;
  END
  $fn$;
`;

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
    // A versioned name never changes its body: created once, never replaced under running writers.
    const { rows } = await client.query<{ missing: boolean }>(
      `SELECT to_regprocedure('${APPEND_FUNCTION}(jsonb, text)') IS NULL AS missing`,
    );
    if (rows[0]!.missing) await client.query(APPEND_FUNCTION_SQL);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
