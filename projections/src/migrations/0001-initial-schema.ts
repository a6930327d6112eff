import type { Knex } from 'knex';

/**
 * The schema as the shop created it at start-up before it had versioned migrations, statement
 * for statement. Every statement is `IF NOT EXISTS`, so a database that shop created upgrades in
 * place: this step changes nothing there and is recorded as applied. Never edit it: a change of
 * schema is a new step after it.
 */
const INITIAL_SCHEMA = `
  -- The projector's bookkeeping: which generation serves, how far each has read, what it parked.
  CREATE TABLE IF NOT EXISTS projection_state (
    name text PRIMARY KEY,
    active_generation integer NOT NULL,
    code_version integer NOT NULL,
    switched_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS projection_checkpoints (
    name text NOT NULL,
    generation integer NOT NULL,
    checkpoint text,
    last_position bigint NOT NULL DEFAULT 0,
    events_seen bigint NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (name, generation)
  );
  CREATE TABLE IF NOT EXISTS projection_parked_events (
    name text NOT NULL,
    generation integer NOT NULL,
    global_position bigint NOT NULL,
    event_id text NOT NULL,
    stream_id text NOT NULL,
    event_type text NOT NULL,
    -- Where to read the event again: the log position just before it.
    previous_checkpoint text,
    error text NOT NULL,
    attempts integer NOT NULL,
    parked_at timestamptz NOT NULL DEFAULT now(),
    resolved_at timestamptz,
    resolution text CHECK (resolution IN ('retried', 'skipped', 'superseded')),
    resolved_by text,
    PRIMARY KEY (name, generation, global_position)
  );

  CREATE TABLE IF NOT EXISTS reactor_checkpoints (
    name text PRIMARY KEY,
    checkpoint text,
    last_position bigint NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now()
  );

  -- What must never enter the event log: password hashes, sessions and tokens (as hashes),
  -- TOTP secrets (encrypted), plus the notification mailbox.
  CREATE TABLE IF NOT EXISTS account_credentials (
    user_id text PRIMARY KEY,
    email_normalized text NOT NULL UNIQUE,
    password_hash text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS auth_sessions (
    id text PRIMARY KEY,
    user_id text NOT NULL,
    device text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz,
    revoked_reason text
  );
  CREATE INDEX IF NOT EXISTS auth_sessions_user ON auth_sessions (user_id);
  -- Where the session was last used (coarse, as describeLocation gives it), for the owner's list.
  ALTER TABLE auth_sessions ADD COLUMN IF NOT EXISTS location text;
  CREATE TABLE IF NOT EXISTS refresh_tokens (
    token_hash text PRIMARY KEY,
    session_id text NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
    user_id text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  );
  CREATE TABLE IF NOT EXISTS password_reset_tokens (
    token_hash text PRIMARY KEY,
    user_id text NOT NULL,
    request_id text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  );
  CREATE TABLE IF NOT EXISTS totp_factors (
    user_id text PRIMARY KEY,
    secret_encrypted text NOT NULL,
    last_used_step bigint,
    enabled_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS recovery_codes (
    user_id text NOT NULL,
    code_hash text NOT NULL,
    used_at timestamptz,
    PRIMARY KEY (user_id, code_hash)
  );
  CREATE TABLE IF NOT EXISTS pending_sign_ins (
    token_hash text PRIMARY KEY,
    user_id text NOT NULL,
    method text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  );
  CREATE INDEX IF NOT EXISTS pending_sign_ins_expiry ON pending_sign_ins (expires_at);
  CREATE TABLE IF NOT EXISTS oidc_identities (
    provider text NOT NULL,
    subject text NOT NULL,
    user_id text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, subject)
  );
  CREATE TABLE IF NOT EXISTS known_devices (
    user_id text NOT NULL,
    device_hash text NOT NULL,
    first_seen_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, device_hash)
  );
  CREATE TABLE IF NOT EXISTS notifications (
    id text PRIMARY KEY,
    user_id text NOT NULL,
    type text NOT NULL CHECK (type IN ('subscription', 'security', 'other')),
    title jsonb NOT NULL,
    message jsonb NOT NULL,
    read boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  );
  CREATE INDEX IF NOT EXISTS notifications_user ON notifications (user_id, created_at DESC);
  CREATE TABLE IF NOT EXISTS notification_settings (
    user_id text PRIMARY KEY,
    email_notifications boolean NOT NULL DEFAULT true,
    push_notifications boolean NOT NULL DEFAULT true,
    subscription_alerts boolean NOT NULL DEFAULT true,
    security_alerts boolean NOT NULL DEFAULT true,
    promotional_emails boolean NOT NULL DEFAULT false,
    updated_at timestamptz NOT NULL DEFAULT now()
  );

  -- Per-person keys that seal personal data in events, wrapped by the master key (crypto-shredding).
  CREATE TABLE IF NOT EXISTS personal_data_keys (
    subject_id text PRIMARY KEY,
    wrapped_key text,
    created_at timestamptz NOT NULL DEFAULT now(),
    erased_at timestamptz
  );

  CREATE TABLE IF NOT EXISTS customer_preferences (
    user_id text PRIMARY KEY,
    language text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  );

  CREATE TABLE IF NOT EXISTS sent_emails (
    id text PRIMARY KEY,
    sent_at timestamptz NOT NULL DEFAULT now()
  );

  CREATE TABLE IF NOT EXISTS idempotency_keys (
    user_id text NOT NULL,
    key text NOT NULL,
    request_hash text NOT NULL,
    response jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, key)
  );
  -- The request holding a key in progress, and until when; a key left without a lease by an older shop is free.
  ALTER TABLE idempotency_keys
    ADD COLUMN IF NOT EXISTS lease_id text,
    ADD COLUMN IF NOT EXISTS lease_expires_at timestamptz;

  CREATE TABLE IF NOT EXISTS payment_sessions (
    session_id text PRIMARY KEY,
    provider text NOT NULL,
    subscription_id text NOT NULL,
    user_id text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS sandbox_sessions (
    id text PRIMARY KEY,
    subscription_id text NOT NULL,
    description text NOT NULL,
    amount_cents integer NOT NULL,
    currency text NOT NULL,
    status text NOT NULL DEFAULT 'open',
    success_url text NOT NULL,
    cancel_url text NOT NULL,
    language text NOT NULL,
    idempotency_key text UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now()
  );

  -- Service credentials, encrypted; every reading of a password is recorded, without it.
  CREATE TABLE IF NOT EXISTS service_credentials (
    id text PRIMARY KEY,
    plan_id text NOT NULL,
    login_encrypted text NOT NULL,
    password_encrypted text NOT NULL,
    additional_info_encrypted text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    created_by text NOT NULL,
    updated_by text
  );
  CREATE INDEX IF NOT EXISTS service_credentials_plan ON service_credentials (plan_id);
  CREATE TABLE IF NOT EXISTS service_credential_reveals (
    id bigserial PRIMARY KEY,
    credentials_id text NOT NULL,
    subscription_id text,
    revealed_by text NOT NULL,
    viewer text NOT NULL CHECK (viewer IN ('admin', 'customer')),
    revealed_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX IF NOT EXISTS service_credential_reveals_credentials
    ON service_credential_reveals (credentials_id, revealed_at DESC);

  -- The in-process job queue (no Redis): one row per job id, pending until it has run or failed.
  CREATE TABLE IF NOT EXISTS queued_jobs (
    id text PRIMARY KEY,
    name text NOT NULL,
    data jsonb NOT NULL,
    run_at timestamptz NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
    lease_owner text,
    lease_until timestamptz,
    last_error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
  );
  CREATE INDEX IF NOT EXISTS queued_jobs_pending_run_at ON queued_jobs (run_at) WHERE status = 'pending';
`;

export const initialSchema = {
  name: '0001-initial-schema',
  up: async (knex: Knex) => {
    await knex.raw(INITIAL_SCHEMA);
  },
  down: async () => {
    throw new Error('0001-initial-schema cannot be undone: it would drop every table the shop keeps beside the log');
  },
};
