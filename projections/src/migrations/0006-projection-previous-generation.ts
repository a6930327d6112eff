import { sqlMigration } from './schema-migration.js';

/**
 * A rebuild keeps the generation it replaced until the operator drops it: `projection_state`
 * names that previous generation and the projection version that built it, so a rollback can
 * switch back to it (and refuses when the running code is of another version).
 */
export const projectionPreviousGeneration = sqlMigration({
  name: '0006-projection-previous-generation',
  up: `
    ALTER TABLE projection_state
      ADD COLUMN IF NOT EXISTS previous_generation integer,
      ADD COLUMN IF NOT EXISTS previous_code_version integer;`,
  down: `
    ALTER TABLE projection_state
      DROP COLUMN IF EXISTS previous_generation,
      DROP COLUMN IF EXISTS previous_code_version;`,
});
