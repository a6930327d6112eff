import { followLog, type RecordedEvent } from '@shop/event-store';
import { AdvisoryLock } from './advisory-lock.js';
import { applyOrPark, logParked, type ProjectorLogger } from './apply-batch.js';
import { GenerationWorkStoppedError, rebuildProjection, type ProjectionWorkOptions } from './rebuild.js';
import { rollbackProjection } from './rollback.js';
import { activateGeneration, activeState, createGeneration, readCheckpoint } from './registry.js';

export interface ProjectorOptions extends ProjectionWorkOptions {
  idleTimeoutMs?: number;
  lockRetryMs?: number;
  /** How often an idle projector checks whether a rebuild or a rollback switched generations. */
  generationCheckMs?: number;
  /** Called after each committed batch (tests and metrics). */
  onBatch?: (info: { generation: number; events: number; lastPosition: number }) => void;
  /**
   * Wraps the application of each batch (the app's traces): calls `apply` once and answers what it
   * answers. The projector knows nothing of what is done around it.
   */
  aroundBatch?: <T>(
    batch: { projection: string; events: readonly RecordedEvent[] },
    apply: () => Promise<T>,
  ) => Promise<T>;
}

const silent: ProjectorLogger = { info: () => undefined, error: () => undefined };

/** A rebuild or rollback stopped by the projector's own signal ends the projector quietly; it starts over next time. */
async function stoppable(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof GenerationWorkStoppedError)) throw error;
  }
}

/**
 * Keeps one projection up to date. Only the instance holding the projection's advisory
 * lock works; others wait for it, so any number of projector processes can be started.
 */
export async function runProjector(options: ProjectorOptions, signal: AbortSignal): Promise<void> {
  const { projection } = options;
  const logger = options.logger ?? silent;
  const lock = new AdvisoryLock(options.databaseUrl, `projection:${projection.name}`);
  let waitingLogged = false;
  const held = await lock.acquire(signal, {
    retryMs: options.lockRetryMs,
    onWait: () => {
      if (!waitingLogged)
        logger.info({ projection: projection.name }, 'another projector holds this projection; waiting');
      waitingLogged = true;
    },
  });
  if (!held) return;
  // The projector's own stop, or the lock's loss (then it ends with the LockLostError, to be restarted).
  const working = AbortSignal.any([signal, lock.lost]);
  try {
    await projectWhileHeld(options, working, logger);
    if (lock.lost.aborted && !signal.aborted) throw lock.lost.reason;
  } finally {
    await lock.release();
  }
}

/** The projector's work while it holds the projection's lock, until `signal` (a stop or the lock's loss). */
async function projectWhileHeld(options: ProjectorOptions, signal: AbortSignal, logger: ProjectorLogger) {
  const { knex, store, projection } = options;
  const state = await activeState(knex, projection.name);
  if (!state) {
    // Nothing serves yet: build the first generation in place, checkpointed batch by batch,
    // so a crash during a long first catch-up resumes where it stopped.
    logger.info({ projection: projection.name }, 'creating read model; catching up with the log');
    await createGeneration(knex, projection, 1);
    await knex.transaction((trx) => activateGeneration(trx, projection, 1));
  } else if (state.codeVersion !== projection.version) {
    const generationOptions = {
      knex,
      databaseUrl: options.databaseUrl,
      store,
      projection,
      batchSize: options.batchSize,
      vault: options.vault,
      logger,
      signal,
    };
    if (state.previous?.codeVersion === projection.version) {
      // This code's version built the previous generation (the code went back a version):
      // switch back to it; it catches up from where it stopped instead of replaying everything.
      logger.info(
        { projection: projection.name, from: state.codeVersion, to: projection.version },
        'projection changed back to the version of the previous generation; rolling back to it',
      );
      await stoppable(rollbackProjection(generationOptions));
    } else {
      logger.info(
        { projection: projection.name, from: state.codeVersion, to: projection.version },
        'projection changed; rebuilding into fresh tables while the current ones serve',
      );
      await stoppable(rebuildProjection(generationOptions));
    }
  }
  if (signal.aborted) return;
  while (!signal.aborted) {
    const active = await activeState(knex, projection.name);
    if (!active) throw new Error(`Projection ${projection.name} has no active generation`);
    let { checkpoint } = await readCheckpoint(knex, projection.name, active.generation);
    // A rebuild or a rollback may switch generations while no event comes: follow the switch
    // without waiting for the next event (a rolled-back generation may still have events to catch up).
    // (Combined, not listened to: a stop that landed during the reads above is not missed.)
    let checkpointMoved = false;
    const switched = new AbortController();
    const following = AbortSignal.any([signal, switched.signal]);
    const watch = setInterval(() => {
      activeState(knex, projection.name).then(
        (now) => now?.generation !== active.generation && switched.abort(),
        () => undefined,
      );
    }, options.generationCheckMs ?? 1000);
    try {
      for await (const events of followLog(store, {
        after: checkpoint,
        batchSize: options.batchSize ?? 500,
        idleTimeoutMs: options.idleTimeoutMs ?? 1000,
        signal: following,
      })) {
        const apply = () =>
          applyOrPark(knex, projection, active.generation, events, checkpoint, {
            requireActive: true,
            vault: options.vault,
            retryDelayMs: options.retryDelayMs,
            onParked: logParked(logger, projection.name),
          });
        const outcome = await (options.aroundBatch
          ? options.aroundBatch({ projection: projection.name, events }, apply)
          : apply());
        if (outcome === 'checkpoint_moved') {
          checkpointMoved = true;
          logger.error(
            { projection: projection.name },
            "another instance moved this projection's checkpoint: its lock was not held; reading the checkpoint again",
          );
          break;
        }
        checkpoint = events.at(-1)!.checkpoint;
        if (outcome === 'generation_changed') break;
        options.onBatch?.({
          generation: active.generation,
          events: events.length,
          lastPosition: events.at(-1)!.globalPosition,
        });
      }
    } finally {
      clearInterval(watch);
    }
    if (!signal.aborted && !checkpointMoved) {
      logger.info({ projection: projection.name }, 'the active generation changed; following it');
    }
  }
}
