import type { EventStore } from '@shop/event-store';
import type { Knex } from 'knex';
import { unresolvedParkedEvents, type ParkedEvent } from './parked-events.js';
import { physicalTableName, type Projection } from './projection.js';
import { activeState, keptGenerations, readCheckpoint, type GenerationRef } from './registry.js';

/** The generation a rebuild or a rollback switched away from, kept for `projections rollback`. */
export interface PreviousGenerationStatus extends GenerationRef {
  /** False when another version of the projection built it: a rollback to it is refused. */
  canRollBack: boolean;
  /** Where it stopped; a rollback catches it up from there. */
  lastPosition: number;
  /** Disk taken by its tables (and their indexes), which `drop-previous` frees. */
  sizeBytes: number;
}

export interface ProjectionStatus {
  name: string;
  codeVersion: number;
  builtVersion: number | null;
  activeGeneration: number | null;
  lastPosition: number;
  eventsSeen: number;
  /** Events in the log that this projection has not read yet. */
  lagEvents: number;
  updatedAt: string | null;
  /** Generations being built by a rebuild, beside the active one and the previous one. */
  rebuilding: number[];
  previous: PreviousGenerationStatus | null;
  /** Events the active generation could not apply and went past, until an operator retries or skips them. */
  parked: ParkedEvent[];
}

export async function projectionStatuses(
  knex: Knex,
  store: EventStore,
  projections: readonly Projection[],
): Promise<ProjectionStatus[]> {
  return Promise.all(
    projections.map(async (projection) => {
      const state = await activeState(knex, projection.name);
      const others = await knex('projection_checkpoints')
        .where({ name: projection.name })
        .modify((q) => {
          if (state) q.whereNotIn('generation', keptGenerations(state));
        })
        .pluck('generation');
      if (!state) {
        return {
          name: projection.name,
          codeVersion: projection.version,
          builtVersion: null,
          activeGeneration: null,
          lastPosition: 0,
          eventsSeen: 0,
          lagEvents: await store.countAfter(null),
          updatedAt: null,
          rebuilding: others,
          previous: null,
          parked: [],
        };
      }
      const checkpoint = await readCheckpoint(knex, projection.name, state.generation);
      return {
        name: projection.name,
        codeVersion: projection.version,
        builtVersion: state.codeVersion,
        activeGeneration: state.generation,
        lastPosition: checkpoint.lastPosition,
        eventsSeen: checkpoint.eventsSeen,
        lagEvents: await store.countAfter(checkpoint.checkpoint),
        updatedAt: checkpoint.updatedAt.toISOString(),
        rebuilding: others,
        previous: state.previous ? await previousStatus(knex, projection, state.previous) : null,
        parked: await unresolvedParkedEvents(knex, projection.name, state.generation),
      };
    }),
  );
}

async function previousStatus(
  knex: Knex,
  projection: Projection,
  previous: GenerationRef,
): Promise<PreviousGenerationStatus> {
  const tables = Object.keys(projection.tables).map((logical) => physicalTableName(logical, previous.generation));
  let sizeBytes = 0;
  for (const table of tables) {
    const { rows } = await knex.raw<{ rows: Array<{ bytes: string | null }> }>(
      `SELECT pg_total_relation_size(to_regclass(?)) AS bytes`,
      [table],
    );
    sizeBytes += Number(rows[0]?.bytes ?? 0);
  }
  return {
    ...previous,
    canRollBack: previous.codeVersion === projection.version,
    lastPosition: (await readCheckpoint(knex, projection.name, previous.generation)).lastPosition,
    sizeBytes,
  };
}
