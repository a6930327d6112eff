import type { Knex } from 'knex';
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

/**
 * Drops the secondary indexes (neither primary nor unique) of a fresh generation's tables and
 * answers their definitions, for `buildIndexes` after the load: building an index once over the
 * loaded rows costs a fraction of maintaining it row by row. Primary and unique indexes stay,
 * since the projection's upserts rely on them.
 */
export async function deferSecondaryIndexes(knex: Knex, projection: Projection, generation: number): Promise<string[]> {
  const physical = Object.keys(projection.tables).map((logical) => physicalTableName(logical, generation));
  const { rows } = await knex.raw<{ rows: Array<{ name: string; definition: string }> }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid = ANY (?::regclass[]) AND NOT i.indisprimary AND NOT i.indisunique
      ORDER BY i.indexrelid`,
    [physical],
  );
  await knex.transaction(async (trx) => {
    for (const { name } of rows) await trx.raw(`DROP INDEX ${name}`);
  });
  return rows.map((row) => row.definition);
}

/** Builds the indexes `deferSecondaryIndexes` dropped, then refreshes the tables' planner statistics. */
export async function buildIndexes(
  knex: Knex,
  projection: Projection,
  generation: number,
  definitions: readonly string[],
): Promise<void> {
  // Two at a time, each on its own connection: an index build is one CPU's work.
  const pending = [...definitions];
  const builder = async () => {
    for (let definition = pending.shift(); definition; definition = pending.shift()) await knex.raw(definition);
  };
  await Promise.all([builder(), builder()]);
  for (const logical of Object.keys(projection.tables)) {
    await knex.raw('ANALYZE ??', [physicalTableName(logical, generation)]);
  }
}

/** A generation kept beside the active one (the one a rebuild or a rollback switched away from). */
export interface GenerationRef {
  generation: number;
  /** The projection version that built it. */
  codeVersion: number;
}

/**
 * Points the logical views at a generation and records it as active, in the caller's transaction,
 * with the generation kept as the previous one (null: none is kept).
 */
export async function activateGeneration(
  trx: Knex.Transaction,
  projection: Projection,
  generation: number,
  previous: GenerationRef | null = null,
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
      previous_generation: previous?.generation ?? null,
      previous_code_version: previous?.codeVersion ?? null,
      switched_at: trx.fn.now(),
    })
    .onConflict('name')
    .merge();
}

/** Drops one generation's tables, its checkpoint, and supersedes its parked events, in the caller's transaction. */
export async function dropGeneration(trx: Knex.Transaction, projection: Projection, generation: number): Promise<void> {
  for (const logical of Object.keys(projection.tables)) {
    await trx.schema.dropTableIfExists(physicalTableName(logical, generation));
  }
  await trx('projection_checkpoints').where({ name: projection.name, generation }).delete();
  await supersedeParkedEvents(trx, projection.name, [generation]);
}

/** Drops every generation's tables but those kept (left over by switches or crashed rebuilds). */
export async function dropInactiveGenerations(
  knex: Knex,
  projection: Projection,
  keep: readonly number[],
): Promise<void> {
  const rows = await knex('projection_checkpoints').where({ name: projection.name }).whereNotIn('generation', keep);
  for (const row of rows as Array<{ generation: number }>) {
    await knex.transaction((trx) => dropGeneration(trx, projection, row.generation));
  }
}

export interface ActiveState extends GenerationRef {
  /** The generation kept for a rollback, until the operator drops it. */
  previous: GenerationRef | null;
}

export async function activeState(knex: Knex | Knex.Transaction, name: string): Promise<ActiveState | null> {
  const row = await knex('projection_state').where({ name }).first();
  if (!row) return null;
  return {
    generation: row.active_generation,
    codeVersion: row.code_version,
    previous:
      row.previous_generation === null || row.previous_generation === undefined
        ? null
        : { generation: row.previous_generation, codeVersion: row.previous_code_version },
  };
}

/** The generations a rebuild must not drop: the active one and the previous one. */
export const keptGenerations = (state: ActiveState | null): number[] =>
  state ? [state.generation, ...(state.previous ? [state.previous.generation] : [])] : [];

export const PARKED_EVENTS_TABLE = 'projection_parked_events';

/** A rebuild replayed these generations' events again (and parked anew what still fails). */
export async function supersedeParkedEvents(
  knex: Knex | Knex.Transaction,
  name: string,
  generations: readonly number[],
): Promise<void> {
  if (generations.length === 0) return;
  await knex(PARKED_EVENTS_TABLE)
    .where({ name })
    .whereIn('generation', generations)
    .whereNull('resolved_at')
    .update({ resolved_at: knex.fn.now(), resolution: 'superseded', resolved_by: 'rebuild' });
}
