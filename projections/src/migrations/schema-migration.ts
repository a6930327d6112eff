import type { Knex } from 'knex';

/** One step of the schema beside the event log. */
export interface SchemaMigration {
  /** Recorded in `knex_migrations` once applied: never rename one. */
  name: string;
  up: (knex: Knex) => Promise<void>;
  down: (knex: Knex) => Promise<void>;
}

/** A step that is SQL alone: `up` applies it, `down` takes it back. */
export const sqlMigration = (step: { name: string; up: string; down: string }): SchemaMigration => ({
  name: step.name,
  up: async (knex) => {
    await knex.raw(step.up);
  },
  down: async (knex) => {
    await knex.raw(step.down);
  },
});
