import { sqlMigration } from './schema-migration.js';

/**
 * Each reading of a credential set records the version read, so an auditor can tell which
 * password a customer or an operator saw, not only which set (null for readings recorded before).
 */
export const credentialRevealVersion = sqlMigration({
  name: '0007-credential-reveal-version',
  up: `ALTER TABLE service_credential_reveals ADD COLUMN IF NOT EXISTS credentials_version integer;`,
  down: `ALTER TABLE service_credential_reveals DROP COLUMN IF EXISTS credentials_version;`,
});
