import { sqlMigration } from './schema-migration.js';

/**
 * The sandbox provider keeps a test card for automatic renewals, as real providers keep a payment
 * method: a checkout that asks to (`save_method`) records the test card paid with (`card`), and
 * later charges of that card are sessions of their own (`kind` 'charge'), paid or declined by
 * what the card is meant to do.
 */
export const sandboxSavedCards = sqlMigration({
  name: '0010-sandbox-saved-cards',
  up: `
    ALTER TABLE sandbox_sessions ADD COLUMN IF NOT EXISTS save_method boolean NOT NULL DEFAULT false;
    ALTER TABLE sandbox_sessions ADD COLUMN IF NOT EXISTS card text;
    ALTER TABLE sandbox_sessions ADD COLUMN IF NOT EXISTS kind text NOT NULL DEFAULT 'checkout';`,
  down: `
    ALTER TABLE sandbox_sessions DROP COLUMN IF EXISTS save_method;
    ALTER TABLE sandbox_sessions DROP COLUMN IF EXISTS card;
    ALTER TABLE sandbox_sessions DROP COLUMN IF EXISTS kind;`,
});
