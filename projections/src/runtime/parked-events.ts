import { toStorableText } from '@shop/domain';
import type { EventStore, LogCheckpoint, RecordedEvent } from '@shop/event-store';
import type { Knex } from 'knex';
import type { PersonalDataVault } from '../personal-data/personal-data-vault.js';
import { projectionInput, type Projection } from './projection.js';
import { activeState, PARKED_EVENTS_TABLE } from './registry.js';

/**
 * An event a projection could not apply after bounded retries. The projection went on past it;
 * the row stays until an operator retries it (after a fix) or skips it, and while any is
 * unresolved the shop reports itself not ready.
 */
export interface ParkedEvent {
  projection: string;
  generation: number;
  globalPosition: number;
  eventId: string;
  streamId: string;
  eventType: string;
  error: string;
  attempts: number;
  parkedAt: string;
  resolvedAt: string | null;
  resolution: 'retried' | 'skipped' | 'superseded' | null;
  resolvedBy: string | null;
}

/** Records a parked event, in the transaction that moves the checkpoint past it. */
export async function parkEvent(
  trx: Knex.Transaction,
  parked: {
    projection: string;
    generation: number;
    event: RecordedEvent;
    previous: LogCheckpoint | null;
    error: string;
    attempts: number;
  },
): Promise<void> {
  await trx(PARKED_EVENTS_TABLE)
    .insert({
      name: parked.projection,
      generation: parked.generation,
      global_position: parked.event.globalPosition,
      event_id: parked.event.id,
      stream_id: parked.event.streamId,
      event_type: parked.event.type,
      previous_checkpoint: parked.previous,
      // An error message may quote the offending value: keep it storable and short.
      error: storableMessage(parked.error),
      attempts: parked.attempts,
    })
    .onConflict(['name', 'generation', 'global_position'])
    .merge(['error', 'attempts', 'parked_at']);
}

const storableMessage = (message: string) => toStorableText(message).slice(0, 2000);

interface ParkedRow {
  name: string;
  generation: number;
  global_position: string;
  event_id: string;
  stream_id: string;
  event_type: string;
  previous_checkpoint: string | null;
  error: string;
  attempts: number;
  parked_at: Date;
  resolved_at: Date | null;
  resolution: ParkedEvent['resolution'];
  resolved_by: string | null;
}

const toParkedEvent = (row: ParkedRow): ParkedEvent => ({
  projection: row.name,
  generation: row.generation,
  globalPosition: Number(row.global_position),
  eventId: row.event_id,
  streamId: row.stream_id,
  eventType: row.event_type,
  error: row.error,
  attempts: row.attempts,
  parkedAt: row.parked_at.toISOString(),
  resolvedAt: row.resolved_at?.toISOString() ?? null,
  resolution: row.resolution,
  resolvedBy: row.resolved_by,
});

/**
 * The unresolved parked events of a projection's active generation (read here unless the caller
 * already has it), oldest first.
 */
export async function unresolvedParkedEvents(
  knex: Knex | Knex.Transaction,
  name: string,
  generation?: number,
): Promise<ParkedEvent[]> {
  const active = generation ?? (await activeState(knex, name))?.generation;
  if (active === undefined) return [];
  const rows = await knex<ParkedRow>(PARKED_EVENTS_TABLE)
    .where({ name, generation: active })
    .whereNull('resolved_at')
    .orderBy('global_position');
  return rows.map(toParkedEvent);
}

export class ParkedEventNotFoundError extends Error {
  readonly code = 'projection.parked_event_not_found';
}

async function findUnresolved(trx: Knex.Transaction, projection: Projection, position: number): Promise<ParkedRow> {
  const state = await trx('projection_state').where({ name: projection.name }).forUpdate().first();
  const row = state
    ? await trx(PARKED_EVENTS_TABLE)
        .where({ name: projection.name, generation: state.active_generation, global_position: position })
        .whereNull('resolved_at')
        .forUpdate()
        .first()
    : undefined;
  if (!row) {
    throw new ParkedEventNotFoundError(`${projection.name} has no unresolved parked event at position ${position}`);
  }
  return row as ParkedRow;
}

/** Marks a parked event resolved, how and by whom, and answers it as it now stands. */
async function resolve(
  trx: Knex.Transaction,
  row: ParkedRow,
  resolution: 'retried' | 'skipped',
  by: string,
): Promise<ParkedEvent> {
  const [resolved] = await trx(PARKED_EVENTS_TABLE)
    .where({ name: row.name, generation: row.generation, global_position: row.global_position })
    .update({ resolved_at: trx.fn.now(), resolution, resolved_by: by })
    .returning('*');
  return toParkedEvent(resolved as ParkedRow);
}

/** Reads the parked event again from the log, from the position just before it. */
async function readParked(store: EventStore, row: ParkedRow): Promise<RecordedEvent> {
  let after: LogCheckpoint | null = row.previous_checkpoint;
  for (let page = 0; page < 100; page++) {
    const batch = await store.readAll({ after, maxCount: 100 });
    const found = batch.events.find((event) => event.id === row.event_id);
    if (found) return found;
    if (batch.events.length === 0) break;
    after = batch.checkpoint;
  }
  throw new ParkedEventNotFoundError(`Event ${row.event_id} is no longer readable from the log`);
}

/**
 * Applies a parked event again to the active generation (once its cause is fixed: a new
 * version of the shop, a repaired row). The live projector waits meanwhile. On failure the event
 * stays parked with the new error, which is thrown.
 */
export async function retryParkedEvent(options: {
  knex: Knex;
  store: EventStore;
  projection: Projection;
  position: number;
  by: string;
  vault?: PersonalDataVault;
}): Promise<ParkedEvent> {
  const { knex, projection } = options;
  const row = await knex.transaction((trx) => findUnresolved(trx, projection, options.position));
  const event = await readParked(options.store, row);
  try {
    return await knex.transaction(async (trx) => {
      const current = await findUnresolved(trx, projection, options.position);
      if (projection.eventTypes.includes(event.type)) {
        const { context, storable } = projectionInput(trx, projection, current.generation, options.vault);
        await projection.apply(storable(event), context);
      }
      return resolve(trx, current, 'retried', options.by);
    });
  } catch (error) {
    if (error instanceof ParkedEventNotFoundError) throw error;
    await knex(PARKED_EVENTS_TABLE)
      .where({ name: projection.name, generation: row.generation, global_position: options.position })
      .whereNull('resolved_at')
      .update({ error: storableMessage((error as Error).message), attempts: knex.raw('attempts + 1') });
    throw error;
  }
}

/** Gives up on a parked event: the read model stays without it, and the record says who decided. */
export async function skipParkedEvent(options: {
  knex: Knex;
  projection: Projection;
  position: number;
  by: string;
}): Promise<ParkedEvent> {
  return options.knex.transaction(async (trx) => {
    const row = await findUnresolved(trx, options.projection, options.position);
    return resolve(trx, row, 'skipped', options.by);
  });
}
