import { sleep, type EventStore, type LogCheckpoint } from '@shop/event-store';
import type { Knex } from 'knex';
import type { PersonalDataVault } from '../personal-data/personal-data-vault.js';
import { AdvisoryLock } from './advisory-lock.js';
import { applyOrPark, logParked, type ProjectorLogger } from './apply-batch.js';
import { projectionInput, type Projection } from './projection.js';
import {
  activateGeneration,
  activeState,
  buildIndexes,
  createGeneration,
  deferSecondaryIndexes,
  dropInactiveGenerations,
  keptGenerations,
} from './registry.js';

/** What a projector and a rebuild both work with: the read models' database, the log and the projection. */
export interface ProjectionWorkOptions {
  knex: Knex;
  databaseUrl: string;
  store: EventStore;
  projection: Projection;
  batchSize?: number;
  vault?: PersonalDataVault;
  logger?: ProjectorLogger;
  /** Pause before retrying an event that failed (tests shorten it). */
  retryDelayMs?: number;
}

export interface RebuildOptions extends ProjectionWorkOptions {
  onProgress?: (progress: { generation: number; eventsSeen: number }) => void;
  /** Stops the work between pages (a projector shutting down): nothing is switched, and a half-built generation is dropped by the next rebuild. */
  signal?: AbortSignal;
}

export class RebuildInProgressError extends Error {
  readonly code = 'projection.rebuild_in_progress';
}

/** Thrown by a rebuild or a rollback whose signal was aborted before it could switch generations. */
export class GenerationWorkStoppedError extends Error {
  readonly code = 'projection.stopped';
}

function stopIfAborted(signal: AbortSignal | undefined, projection: Projection): void {
  if (signal?.aborted) {
    throw new GenerationWorkStoppedError(`${projection.name}: stopped before switching generations`);
  }
}

/**
 * Rebuilds, rollbacks and drops of a projection's generations take this lock, so they never
 * overlap; the live projector does not take it.
 */
export async function withGenerationsLock<T>(
  databaseUrl: string,
  projection: Projection,
  work: () => Promise<T>,
): Promise<T> {
  const lock = new AdvisoryLock(databaseUrl, `projection-rebuild:${projection.name}`);
  if (!(await lock.tryAcquire())) {
    throw new RebuildInProgressError(
      `A rebuild, rollback or drop of ${projection.name} is already running: try again when it ends`,
    );
  }
  try {
    return await work();
  } finally {
    await lock.release();
  }
}

/** Events a rebuild reads, and applies in one transaction, at a time (unless told otherwise). */
export const REBUILD_PAGE_SIZE = 5000;

/**
 * Applies the log after `after` to a generation that is not active (the live projector does not
 * write to it), until the log has nothing more to read; answers where it stopped. The next page
 * is read while the current one is applied.
 */
export async function replayIntoGeneration(
  options: RebuildOptions & { generation: number; after: LogCheckpoint | null; loading?: boolean },
): Promise<{ checkpoint: LogCheckpoint | null; eventsSeen: number }> {
  const { knex, store, projection, generation } = options;
  const maxCount = options.batchSize ?? REBUILD_PAGE_SIZE;
  let checkpoint = options.after;
  let eventsSeen = 0;
  let next = store.readAll({ after: checkpoint, maxCount });
  for (;;) {
    const batch = await next;
    // Read ahead: stopping here must not leave that read's rejection unhandled.
    if (options.signal?.aborted) next.catch(() => undefined);
    stopIfAborted(options.signal, projection);
    if (batch.events.length > 0) {
      next = store.readAll({ after: batch.checkpoint, maxCount });
      // Read ahead: a failed apply must not leave that read's rejection unhandled.
      next.catch(() => undefined);
      const outcome = await applyOrPark(knex, projection, generation, batch.events, checkpoint, {
        requireActive: false,
        vault: options.vault,
        loading: options.loading,
        retryDelayMs: options.retryDelayMs,
        onParked: options.logger ? logParked(options.logger, projection.name) : undefined,
      });
      if (outcome === 'checkpoint_moved') {
        throw new Error(
          `${projection.name}: generation ${generation} was written by another instance during this replay`,
        );
      }
      checkpoint = batch.checkpoint;
      eventsSeen += batch.events.length;
      options.onProgress?.({ generation, eventsSeen });
      continue;
    }
    if (batch.mayHaveMore) {
      // A transaction still open holds back the reading horizon: wait for it (or for a stop).
      await sleep(20, options.signal);
      next = store.readAll({ after: checkpoint, maxCount });
      continue;
    }
    return { checkpoint, eventsSeen };
  }
}

/**
 * Replays the whole log into a fresh generation of tables while the active one keeps
 * serving, then switches the views over in one transaction. The generation it replaced is
 * kept as the previous one (for `rollbackProjection`) until the operator drops it or the next
 * rebuild replaces it; only one previous generation is kept.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<{ generation: number; eventsSeen: number }> {
  const { knex, projection } = options;
  return withGenerationsLock(options.databaseUrl, projection, async () => {
    // Generations left by a rebuild that crashed are of no use: start clean.
    await dropInactiveGenerations(knex, projection, keptGenerations(await activeState(knex, projection.name)));
    const highest = await knex('projection_checkpoints')
      .where({ name: projection.name })
      .max('generation as g')
      .first();
    const generation = Number(highest?.g ?? 0) + 1;
    await createGeneration(knex, projection, generation);

    // Loaded without its secondary indexes, which are built once over the loaded rows. A crash
    // meanwhile leaves a generation that nothing reads, dropped by the next rebuild.
    const indexes = await deferSecondaryIndexes(knex, projection, generation);
    const { eventsSeen } = await replayIntoGeneration({ ...options, generation, after: null, loading: true });
    if (projection.finishLoading) {
      const finishLoading = projection.finishLoading;
      await knex.transaction((trx) =>
        finishLoading(projectionInput(trx, projection, generation, options.vault, true).context),
      );
    }
    await buildIndexes(knex, projection, generation, indexes);
    stopIfAborted(options.signal, projection);

    const replaced = await knex.transaction(async (trx) => {
      // Waits for the live projector's batch in flight; its next batch will follow the new generation.
      await trx('projection_state').where({ name: projection.name }).forUpdate();
      const current = await activeState(trx, projection.name);
      await activateGeneration(
        trx,
        projection,
        generation,
        current ? { generation: current.generation, codeVersion: current.codeVersion } : null,
      );
      return current;
    });
    // The generation kept before this rebuild gives way to the one it replaced.
    await dropInactiveGenerations(knex, projection, [generation, ...(replaced ? [replaced.generation] : [])]);
    return { generation, eventsSeen };
  });
}
