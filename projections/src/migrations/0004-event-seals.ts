import { sqlMigration } from './schema-migration.js';

/**
 * The hash chain over the event log (docs/adr/0015-tamper-evident-log.md): one row per sealed
 * event, numbered 1, 2, 3... in the log's reading order (`seq`, gap-free), with the event's
 * global position (for display: it has gaps, is not the reading order on PostgreSQL, and on
 * KurrentDB, a commit position, several events may share it), the log checkpoint to resume
 * reading after it, and its link: SHA-256 over the previous link and the event's canonical
 * form, in hex.
 */
export const eventSeals = sqlMigration({
  name: '0004-event-seals',
  up: `
    CREATE TABLE IF NOT EXISTS event_seals (
      seq bigint PRIMARY KEY CHECK (seq > 0),
      position bigint NOT NULL,
      checkpoint text NOT NULL,
      link text NOT NULL CHECK (link ~ '^[0-9a-f]{64}$'),
      sealed_at timestamptz NOT NULL DEFAULT now()
    );`,
  down: 'DROP TABLE IF EXISTS event_seals',
});
