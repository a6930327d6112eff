import type { Knex } from 'knex';
import { supersedeParkedEvents } from './parked-events.js';
import { physicalTableName, type Projection } from './projection.js';

export interface GenerationCheckpoint {
  checkpoint: string | null;
  lastPosition: number;
  eventsSeen: number;
  updatedAt: Date;
}

export async function readCheckpoint(
  knex: Knex | Knex.Transaction,
  name: string,
  generation: number,
): Promise<GenerationCheckpoint> {
  const row = await knex('projection_checkpoints').where({ name, generation }).first();
  return {
    checkpoint: row?.checkpoint ?? null,
    lastPosition: Number(row?.last_position ?? 0),
    eventsSeen: Number(row?.events_seen ?? 0),
    updatedAt: row?.updated_at ?? new Date(0),
  };
}

export async function createGeneration(knex: Knex, projection: Projection, generation: number): Promise<void> {
  await knex.transaction(async (trx) => {
    for (const [logical, build] of Object.entries(projection.tables)) {
      const physical = physicalTableName(logical, generation);
      await trx.schema.dropTableIfExists(physical);
      await trx.schema.createTable(physical, build);
    }
    await trx('projection_checkpoints')
      .insert({ name: projection.name, generation, checkpoint: null, last_position: 0, events_seen: 0 })
      .onConflict(['name', 'generation'])
      .merge();
  });
}

/** Points the logical views at a generation and records it as active, in the caller's transaction. */
export async function activateGeneration(
  trx: Knex.Transaction,
  projection: Projection,
  generation: number,
): Promise<void> {
  for (const logical of Object.keys(projection.tables)) {
    await trx.raw(`DROP VIEW IF EXISTS ??`, [logical]);
    await trx.raw(`CREATE VIEW ?? AS SELECT * FROM ??`, [logical, physicalTableName(logical, generation)]);
  }
  await trx('projection_state')
    .insert({
      name: projection.name,
      active_generation: generation,
      code_version: projection.version,
      switched_at: trx.fn.now(),
    })
    .onConflict('name')
    .merge();
}

/** Drops every generation's tables but the active one (left over by switches or crashed rebuilds). */
export async function dropInactiveGenerations(
  knex: Knex,
  projection: Projection,
  keep: readonly number[],
): Promise<void> {
  const rows = await knex('projection_checkpoints').where({ name: projection.name }).whereNotIn('generation', keep);
  for (const row of rows as Array<{ generation: number }>) {
    await knex.transaction(async (trx) => {
      for (const logical of Object.keys(projection.tables)) {
        await trx.schema.dropTableIfExists(physicalTableName(logical, row.generation));
      }
      await trx('projection_checkpoints').where({ name: projection.name, generation: row.generation }).delete();
      await supersedeParkedEvents(trx, projection.name, [row.generation]);
    });
  }
}

export async function activeState(
  knex: Knex | Knex.Transaction,
  name: string,
): Promise<{ generation: number; codeVersion: number } | null> {
  const row = await knex('projection_state').where({ name }).first();
  return row ? { generation: row.active_generation, codeVersion: row.code_version } : null;
}
