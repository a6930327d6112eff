import type pg from 'pg';
import type { SnapshotStore, StreamSnapshot } from '../snapshots.js';

const SNAPSHOT_SCHEMA_LOCK_KEY = 4_810_004;

/**
 * Snapshots in PostgreSQL, beside the log (or beside the read models when the log is in
 * KurrentDB). The table is derived data the store creates itself, like `es_events`.
 */
export class PostgresSnapshotStore implements SnapshotStore {
  private ready: Promise<void> | null = null;

  constructor(private readonly options: { pool: pg.Pool }) {}

  async load<TState>(streamId: string, name: string): Promise<StreamSnapshot<TState> | null> {
    await this.migrate();
    const { rows } = await this.options.pool.query<{ version: string; state: TState }>(
      'SELECT version, state FROM es_snapshots WHERE stream_id = $1 AND name = $2',
      [streamId, name],
    );
    const row = rows[0];
    return row ? { version: Number(row.version), state: row.state } : null;
  }

  async save<TState>(streamId: string, name: string, snapshot: StreamSnapshot<TState>): Promise<void> {
    await this.migrate();
    await this.options.pool.query(
      `INSERT INTO es_snapshots (stream_id, name, version, state) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (stream_id, name) DO UPDATE SET version = excluded.version, state = excluded.state, taken_at = now()
       WHERE es_snapshots.version < excluded.version`,
      [streamId, name, snapshot.version, JSON.stringify(snapshot.state)],
    );
  }

  private migrate(): Promise<void> {
    this.ready ??= (async () => {
      const client = await this.options.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [SNAPSHOT_SCHEMA_LOCK_KEY]);
        await client.query(`
          CREATE TABLE IF NOT EXISTS es_snapshots (
            stream_id text NOT NULL,
            name text NOT NULL,
            version bigint NOT NULL,
            state jsonb NOT NULL,
            taken_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (stream_id, name)
          )`);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        this.ready = null;
        throw error;
      } finally {
        client.release();
      }
    })();
    return this.ready;
  }
}
