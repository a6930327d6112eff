import { sleep, type LogCheckpoint, type RecordedEvent } from '@shop/event-store';
import type { Knex } from 'knex';
import type { PersonalDataVault } from '../personal-data/personal-data-vault.js';
import { parkEvent } from './parked-events.js';
import { applyEvents, projectionInput, type Projection } from './projection.js';

export interface ProjectorLogger {
  info: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
}

/** Logs an event a projection parked: which projection, which event, the error (never the event's data). */
export const logParked =
  (logger: ProjectorLogger, projection: string) =>
  ({ event, error }: { event: RecordedEvent; error: string }) =>
    logger.error(
      {
        projection,
        position: event.globalPosition,
        eventId: event.id,
        streamId: event.streamId,
        type: event.type,
        error,
      },
      'event parked: the projection could not apply it and went on; see shopctl projections status',
    );

/**
 * `generation_changed`: a rebuild or rollback switched the active generation; `checkpoint_moved`:
 * the checkpoint is no longer the one the batch was read after (another instance applied it).
 * Either way nothing of the batch was written.
 */
export type BatchOutcome = 'applied' | 'generation_changed' | 'checkpoint_moved';

export interface ApplyOptions {
  requireActive: boolean;
  vault?: PersonalDataVault;
  /** A rebuild's load into a generation whose secondary indexes come after it (ProjectionContext.loading). */
  loading?: boolean;
}

/** Thrown inside the transaction to roll it back when the checkpoint is not where the batch started. */
class CheckpointMoved extends Error {}

/**
 * Runs `work` and moves the checkpoint from `after` to the batch's last event in one transaction:
 * a crash anywhere leaves the read model and its checkpoint in agreement, so no event is applied
 * twice or skipped. The move is conditional on the checkpoint still being `after`: an instance
 * that lost its lock without knowing yet cannot apply a page twice.
 */
async function inCheckpointedTransaction(
  knex: Knex,
  projection: Projection,
  generation: number,
  events: readonly RecordedEvent[],
  after: LogCheckpoint | null,
  requireActive: boolean,
  work: (trx: Knex.Transaction) => Promise<void>,
): Promise<BatchOutcome> {
  try {
    return await knex.transaction(async (trx) => {
      if (requireActive) {
        // Taken first: a rebuild's switch waits for this batch, and this batch sees a finished switch.
        const state = await trx('projection_state').where({ name: projection.name }).forUpdate().first();
        if (!state || state.active_generation !== generation) return 'generation_changed';
      }
      await work(trx);
      const last = events.at(-1);
      const moved = await trx('projection_checkpoints')
        .where({ name: projection.name, generation })
        .andWhereRaw('checkpoint IS NOT DISTINCT FROM ?', [after])
        .update({
          checkpoint: last?.checkpoint ?? after,
          last_position: last?.globalPosition ?? trx.raw('last_position'),
          events_seen: trx.raw('events_seen + ?', [events.length]),
          updated_at: trx.fn.now(),
        });
      if (moved !== 1) throw new CheckpointMoved();
      return 'applied';
    });
  } catch (error) {
    if (error instanceof CheckpointMoved) return 'checkpoint_moved';
    throw error;
  }
}

/**
 * Applies a batch read after `after` and advances the checkpoint in one transaction, through the
 * projection's batch apply when it has one (a few set-based statements for the whole batch).
 */
export async function applyBatch(
  knex: Knex,
  projection: Projection,
  generation: number,
  events: readonly RecordedEvent[],
  after: LogCheckpoint | null,
  options: ApplyOptions,
): Promise<BatchOutcome> {
  return inCheckpointedTransaction(knex, projection, generation, events, after, options.requireActive, async (trx) => {
    const { context, storable } = projectionInput(trx, projection, generation, options.vault, options.loading);
    await applyEvents(projection, events, context, storable);
  });
}

/** Attempts at one event, after its batch failed, before it is parked. */
export const ATTEMPTS_BEFORE_PARKING = 3;

export interface ResilientApplyOptions extends ApplyOptions {
  /** Pause before the second, third... attempt at a failing event. */
  retryDelayMs?: number;
  onParked?: (parked: { event: RecordedEvent; error: string }) => void;
}

/** PostgreSQL's connection and shutdown errors, and the driver's own: the database, not the event, is the problem. */
function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return false;
  return /^(08|57P|53)/.test(code) || /^E[A-Z]+$/.test(code);
}

async function databaseAnswers(knex: Knex): Promise<boolean> {
  try {
    await knex.raw('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/**
 * Applies a batch read after `after`. When it fails, its events are applied one by one, each
 * retried a bounded number of times; one that still fails while the database answers is parked
 * (recorded with its error, for an operator to retry or skip) and the projection goes on past it.
 * When the database itself is unreachable nothing is parked: the error is thrown for the caller
 * to restart later from the same checkpoint.
 */
export async function applyOrPark(
  knex: Knex,
  projection: Projection,
  generation: number,
  events: readonly RecordedEvent[],
  after: LogCheckpoint | null,
  options: ResilientApplyOptions,
): Promise<BatchOutcome> {
  const unrecoverable = async (error: unknown) => isConnectionFailure(error) || !(await databaseAnswers(knex));
  try {
    return await applyBatch(knex, projection, generation, events, after, options);
  } catch (error) {
    if (events.length === 0 || (await unrecoverable(error))) throw error;
  }
  let previous = after;
  for (const event of events) {
    for (let attempt = 1; ; attempt++) {
      try {
        const outcome = await applyBatch(knex, projection, generation, [event], previous, options);
        if (outcome !== 'applied') return outcome;
        break;
      } catch (error) {
        if (await unrecoverable(error)) throw error;
        if (attempt < ATTEMPTS_BEFORE_PARKING) {
          await sleep((options.retryDelayMs ?? 200) * attempt);
          continue;
        }
        const message = (error as Error).message ?? String(error);
        const outcome = await inCheckpointedTransaction(
          knex,
          projection,
          generation,
          [event],
          previous,
          options.requireActive,
          (trx) =>
            parkEvent(trx, {
              projection: projection.name,
              generation,
              event,
              previous,
              error: message,
              attempts: attempt,
            }),
        );
        if (outcome !== 'applied') return outcome;
        options.onParked?.({ event, error: message });
        break;
      }
    }
    previous = event.checkpoint;
  }
  return 'applied';
}
