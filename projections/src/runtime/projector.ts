import { followLog, sleep, type EventStore } from '@shop/event-store';
import type { Knex } from 'knex';
import type { PersonalDataVault } from '../personal-data/personal-data-vault.js';
import { AdvisoryLock } from './advisory-lock.js';
import { applyOrPark, logParked, type ProjectorLogger } from './apply-batch.js';
import type { Projection } from './projection.js';
import { rebuildProjection } from './rebuild.js';
import { activateGeneration, activeState, createGeneration, readCheckpoint } from './registry.js';

export interface ProjectorOptions {
  knex: Knex;
  databaseUrl: string;
  store: EventStore;
  projection: Projection;
  batchSize?: number;
  vault?: PersonalDataVault;
  idleTimeoutMs?: number;
  lockRetryMs?: number;
  logger?: ProjectorLogger;
  /** Pause before retrying an event that failed (tests shorten it). */
  retryDelayMs?: number;
  /** Called after each committed batch (tests and metrics). */
  onBatch?: (info: { generation: number; events: number; lastPosition: number }) => void;
}

const silent: ProjectorLogger = { info: () => undefined, error: () => undefined };

/**
 * Keeps one projection up to date. Only the instance holding the projection's advisory
 * lock works; others wait for it, so any number of projector processes can be started.
 */
export async function runProjector(options: ProjectorOptions, signal: AbortSignal): Promise<void> {
  const { knex, store, projection } = options;
  const logger = options.logger ?? silent;
  const lock = new AdvisoryLock(options.databaseUrl, `projection:${projection.name}`);
  let waitingLogged = false;
  while (!signal.aborted && !(await lock.tryAcquire())) {
    if (!waitingLogged)
      logger.info({ projection: projection.name }, 'another projector holds this projection; waiting');
    waitingLogged = true;
    await sleep(options.lockRetryMs ?? 2000, signal);
  }
  if (signal.aborted) return;
  try {
    const state = await activeState(knex, projection.name);
    if (!state) {
      // Nothing serves yet: build the first generation in place, checkpointed batch by batch,
      // so a crash during a long first catch-up resumes where it stopped.
      logger.info({ projection: projection.name }, 'creating read model; catching up with the log');
      await createGeneration(knex, projection, 1);
      await knex.transaction((trx) => activateGeneration(trx, projection, 1));
    } else if (state.codeVersion !== projection.version) {
      logger.info(
        { projection: projection.name, from: state.codeVersion, to: projection.version },
        'projection changed; rebuilding into fresh tables while the current ones serve',
      );
      await rebuildProjection({
        knex,
        databaseUrl: options.databaseUrl,
        store,
        projection,
        batchSize: options.batchSize,
        vault: options.vault,
        logger,
      });
    }
    while (!signal.aborted) {
      const active = await activeState(knex, projection.name);
      if (!active) throw new Error(`Projection ${projection.name} has no active generation`);
      let { checkpoint } = await readCheckpoint(knex, projection.name, active.generation);
      for await (const events of followLog(store, {
        after: checkpoint,
        batchSize: options.batchSize ?? 500,
        idleTimeoutMs: options.idleTimeoutMs ?? 1000,
        signal,
      })) {
        const outcome = await applyOrPark(knex, projection, active.generation, events, checkpoint, {
          requireActive: true,
          vault: options.vault,
          retryDelayMs: options.retryDelayMs,
          onParked: logParked(logger, projection.name),
        });
        checkpoint = events.at(-1)!.checkpoint;
        if (outcome === 'generation_changed') {
          logger.info({ projection: projection.name }, 'a rebuild switched generations; following the new one');
          break;
        }
        options.onBatch?.({
          generation: active.generation,
          events: events.length,
          lastPosition: events.at(-1)!.globalPosition,
        });
      }
    }
  } finally {
    await lock.release();
  }
}
