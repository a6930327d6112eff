import { sqlMigration } from './schema-migration.js';

/**
 * Sets of service credentials get versions and a soft delete: `service_credentials` keeps the
 * current version of each set (the one customers read), and `service_credential_versions` one
 * sealed row per version, never updated, so the version a customer was given stays readable after
 * an edit or a deletion. A set that existed before is its own version 1.
 */
export const credentialSetVersions = sqlMigration({
  name: '0005-credential-set-versions',
  up: `
    ALTER TABLE service_credentials
      ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 1,
      ADD COLUMN IF NOT EXISTS deleted_at timestamptz,
      ADD COLUMN IF NOT EXISTS deleted_by text;
    CREATE TABLE IF NOT EXISTS service_credential_versions (
      credentials_id text NOT NULL REFERENCES service_credentials (id),
      version integer NOT NULL CHECK (version >= 1),
      plan_id text NOT NULL,
      login_encrypted text NOT NULL,
      password_encrypted text NOT NULL,
      additional_info_encrypted text,
      created_at timestamptz NOT NULL,
      created_by text NOT NULL,
      PRIMARY KEY (credentials_id, version)
    );
    INSERT INTO service_credential_versions
      (credentials_id, version, plan_id, login_encrypted, password_encrypted, additional_info_encrypted,
       created_at, created_by)
    SELECT id, version, plan_id, login_encrypted, password_encrypted, additional_info_encrypted,
           updated_at, COALESCE(updated_by, created_by)
      FROM service_credentials
    ON CONFLICT DO NOTHING;`,
  down: `
    DROP TABLE IF EXISTS service_credential_versions;
    ALTER TABLE service_credentials
      DROP COLUMN IF EXISTS version,
      DROP COLUMN IF EXISTS deleted_at,
      DROP COLUMN IF EXISTS deleted_by;`,
});
