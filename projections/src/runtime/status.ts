import type { EventStore } from '@shop/event-store';
import type { Knex } from 'knex';
import { unresolvedParkedEvents, type ParkedEvent } from './parked-events.js';
import type { Projection } from './projection.js';
import { activeState, readCheckpoint } from './registry.js';

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
  /** Generations being built by a rebuild, beside the active one. */
  rebuilding: number[];
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
          if (state) q.whereNot({ generation: state.generation });
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
        parked: await unresolvedParkedEvents(knex, projection.name, state.generation),
      };
    }),
  );
}
