import { sleep, type EventStore, type LogCheckpoint } from '@shop/event-store';
import type { Knex } from 'knex';
import type { PersonalDataVault } from '../personal-data/personal-data-vault.js';
import { AdvisoryLock } from './advisory-lock.js';
import { applyOrPark, logParked, type ProjectorLogger } from './apply-batch.js';
import type { Projection } from './projection.js';
import { activateGeneration, activeState, createGeneration, dropInactiveGenerations } from './registry.js';

export interface RebuildOptions {
  knex: Knex;
  databaseUrl: string;
  store: EventStore;
  projection: Projection;
  batchSize?: number;
  vault?: PersonalDataVault;
  logger?: ProjectorLogger;
  retryDelayMs?: number;
  onProgress?: (progress: { generation: number; eventsSeen: number }) => void;
}

export class RebuildInProgressError extends Error {
  readonly code = 'projection.rebuild_in_progress';
}

/**
 * Replays the whole log into a fresh generation of tables while the active one keeps
 * serving, then switches the views over in one transaction and drops the old tables.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<{ generation: number; eventsSeen: number }> {
  const { knex, store, projection } = options;
  const lock = new AdvisoryLock(options.databaseUrl, `projection-rebuild:${projection.name}`);
  if (!(await lock.tryAcquire())) {
    throw new RebuildInProgressError(`A rebuild of ${projection.name} is already running`);
  }
  try {
    const current = await activeState(knex, projection.name);
    // Generations left by a rebuild that crashed are of no use: start clean.
    await dropInactiveGenerations(knex, projection, current ? [current.generation] : []);
    const highest = await knex('projection_checkpoints')
      .where({ name: projection.name })
      .max('generation as g')
      .first();
    const generation = Number(highest?.g ?? 0) + 1;
    await createGeneration(knex, projection, generation);

    let checkpoint: LogCheckpoint | null = null;
    let eventsSeen = 0;
    for (;;) {
      const batch = await store.readAll({ after: checkpoint, maxCount: options.batchSize ?? 1000 });
      if (batch.events.length > 0) {
        await applyOrPark(knex, projection, generation, batch.events, checkpoint, {
          requireActive: false,
          vault: options.vault,
          retryDelayMs: options.retryDelayMs,
          onParked: options.logger ? logParked(options.logger, projection.name) : undefined,
        });
        checkpoint = batch.checkpoint;
        eventsSeen += batch.events.length;
        options.onProgress?.({ generation, eventsSeen });
        continue;
      }
      if (batch.mayHaveMore) {
        await sleep(20);
        continue;
      }
      break;
    }

    await knex.transaction(async (trx) => {
      // Waits for the live projector's batch in flight; its next batch will follow the new generation.
      await trx('projection_state').where({ name: projection.name }).forUpdate();
      await activateGeneration(trx, projection, generation);
    });
    await dropInactiveGenerations(knex, projection, [generation]);
    return { generation, eventsSeen };
  } finally {
    await lock.release();
  }
}
