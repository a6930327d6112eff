import { sqlMigration } from './schema-migration.js';

/**
 * API keys (docs/adr/0034-api-keys.md): each key's SHA-256 hash, which a request's key is looked
 * up by, written with its `ApiKeyCreated` event and marked revoked with its `ApiKeyRevoked` one;
 * name, scopes and prefix as the event says, for the back-office's list. `last_used_at` is noted
 * at most once a minute and is no event: a key's use is not history.
 */
export const apiKeys = sqlMigration({
  name: '0011-api-keys',
  up: `
    CREATE TABLE IF NOT EXISTS api_keys (
      id text PRIMARY KEY,
      key_hash bytea NOT NULL UNIQUE,
      name text NOT NULL,
      scopes text[] NOT NULL,
      prefix text NOT NULL,
      created_at timestamptz NOT NULL,
      created_by text NOT NULL,
      revoked_at timestamptz,
      revoked_by text,
      last_used_at timestamptz
    );`,
  down: 'DROP TABLE IF EXISTS api_keys',
});
