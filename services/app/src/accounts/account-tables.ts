import { PersonalDataVault } from '@shop/projections';
import type { Knex } from 'knex';

const LOCK_KEY = 4_810_003;

/**
 * Ordinary tables for what must never enter the event log: password hashes, sessions and
 * tokens (stored as hashes), TOTP secrets (encrypted), plus the notification mailbox.
 */
export async function migrateAccountTables(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [LOCK_KEY]);
    await trx.raw(`
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
    `);
  });
  await PersonalDataVault.migrate(knex);
}
