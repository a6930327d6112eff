import { sqlMigration } from './schema-migration.js';

/**
 * Outbound webhooks (docs/adr/0035-outbound-webhooks.md). `webhook_endpoints` holds each
 * registered endpoint, written with its registration event: its signing secret encrypted, and its
 * cursor over the log (`cursor_checkpoint`, `cursor_position`); a replay sets the cursor back
 * (`replay_*`, `cursor_generation` so a dispatcher that read before it does not move it on).
 * `webhook_deliveries` is the outbox: one row per event to send to an endpoint (one per replay
 * too), written with the cursor's move. `webhook_delivery_attempts` is the delivery log.
 */
export const webhookEndpoints = sqlMigration({
  name: '0012-webhook-endpoints',
  up: `
    CREATE TABLE IF NOT EXISTS webhook_endpoints (
      id uuid PRIMARY KEY,
      url text NOT NULL,
      event_types text[] NOT NULL,
      personal_data boolean NOT NULL DEFAULT false,
      secret_encrypted text NOT NULL,
      created_at timestamptz NOT NULL,
      created_by text NOT NULL,
      removed_at timestamptz,
      removed_by text,
      cursor_checkpoint text,
      cursor_position bigint NOT NULL DEFAULT 0,
      cursor_generation integer NOT NULL DEFAULT 0,
      replay_id uuid,
      replay_from_position bigint,
      replay_until_position bigint
    );
    CREATE TABLE IF NOT EXISTS webhook_deliveries (
      id uuid PRIMARY KEY,
      endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id),
      event_id text NOT NULL,
      event_type text NOT NULL,
      event_position bigint NOT NULL,
      stream_id text NOT NULL,
      stream_version integer NOT NULL,
      -- '' for the first delivery of an event, the replay's id for a replay's.
      replay_key text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'pending',
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      first_attempt_at timestamptz,
      next_attempt_at timestamptz NOT NULL,
      last_attempt_at timestamptz,
      last_status_code integer,
      last_error text,
      delivered_at timestamptz,
      UNIQUE (endpoint_id, event_id, replay_key)
    );
    CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
    CREATE INDEX IF NOT EXISTS webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, event_position DESC);
    CREATE TABLE IF NOT EXISTS webhook_delivery_attempts (
      id bigserial PRIMARY KEY,
      delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id),
      endpoint_id uuid NOT NULL,
      attempt integer NOT NULL,
      at timestamptz NOT NULL,
      duration_ms integer NOT NULL,
      status_code integer,
      error text,
      delivered boolean NOT NULL
    );
    CREATE INDEX IF NOT EXISTS webhook_delivery_attempts_delivery ON webhook_delivery_attempts (delivery_id, attempt);`,
  down: `
    DROP TABLE IF EXISTS webhook_delivery_attempts;
    DROP TABLE IF EXISTS webhook_deliveries;
    DROP TABLE IF EXISTS webhook_endpoints;`,
});
