import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@shop/event-store';
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { applyOrPark } from './apply-batch.js';
import { unresolvedParkedEvents } from './parked-events.js';
import { physicalTableName, type Projection } from './projection.js';
import { createGeneration, readCheckpoint } from './registry.js';
import { recordedEvent, useReadModelTestDatabase } from '../testing/projection-test-database.js';

let knex: Knex;

useReadModelTestDatabase('batch_apply', (opened) => ({ knex } = opened));

/** Notes written a batch at a time with one multi-row statement; a note without a body fails the statement. */
function batchedNotes(name: string, calls: { batches: number[] }): Projection {
  const write = async (events: readonly RecordedEvent[], trx: Knex.Transaction, table: string) => {
    calls.batches.push(events.length);
    const rows = events.map((event) => event.data as { id: string; body: string | null });
    await trx(table)
      .insert(rows.map(({ id, body }) => ({ id, body })))
      .onConflict('id')
      .merge();
  };
  return {
    name,
    version: 1,
    tables: { [name]: (table) => (table.text('id').primary(), table.text('body').notNullable()) },
    eventTypes: ['NoteWritten'],
    apply: (event, { trx, table }) => write([event], trx, table(name)),
    applyBatch: (events, { trx, table }) => write(events, trx, table(name)),
  };
}

const recorded = (position: number, data: unknown): RecordedEvent =>
  recordedEvent(position, {
    streamId: `note-${position}`,
    type: position === 3 ? 'SomethingElse' : 'NoteWritten',
    data,
  });

describe('a projection that applies a batch at a time', () => {
  it('gets the whole batch, its types only, in one call; a failing batch is applied one by one and only the bad event is parked', async () => {
    const name = `notes_${randomUUID().slice(0, 8)}`;
    const calls = { batches: [] as number[] };
    const projection = batchedNotes(name, calls);
    await createGeneration(knex, projection, 1);
    const table = physicalTableName(name, 1);

    const good = [1, 2, 3, 4].map((position) => recorded(position, { id: `n${position}`, body: `note ${position}` }));
    expect(await applyOrPark(knex, projection, 1, good, null, { requireActive: false })).toBe('applied');
    expect(calls.batches).toEqual([3]);
    expect(await knex(table).orderBy('id').pluck('id')).toEqual(['n1', 'n2', 'n4']);

    calls.batches = [];
    const mixed = [
      recorded(5, { id: 'n5', body: 'five' }),
      recorded(6, { id: 'n6', body: null }),
      recorded(7, { id: 'n7', body: 'seven' }),
    ];
    const parked: number[] = [];
    const outcome = await applyOrPark(knex, projection, 1, mixed, good.at(-1)!.checkpoint, {
      requireActive: false,
      retryDelayMs: 1,
      onParked: ({ event }) => parked.push(event.globalPosition),
    });
    expect(outcome).toBe('applied');
    // The batch, then each event alone (the bad one three times) before it is parked.
    expect(calls.batches).toEqual([3, 1, 1, 1, 1, 1]);
    expect(parked).toEqual([6]);
    expect(await knex(table).orderBy('id').pluck('id')).toEqual(['n1', 'n2', 'n4', 'n5', 'n7']);
    expect(await unresolvedParkedEvents(knex, name, 1)).toEqual([
      expect.objectContaining({ globalPosition: 6, attempts: 3 }),
    ]);
    expect(await readCheckpoint(knex, name, 1)).toMatchObject({ checkpoint: '1:7', lastPosition: 7, eventsSeen: 7 });
  });

  it('refuses a batch read from a checkpoint another projector has moved past: nothing is applied twice', async () => {
    const name = `notes_${randomUUID().slice(0, 8)}`;
    const projection = batchedNotes(name, { batches: [] });
    const counted: Projection = {
      ...projection,
      tables: { [name]: (table) => (table.text('id').primary(), table.integer('times').notNullable()) },
      apply: undefined as never,
      applyBatch: async (events, { trx, table }) => {
        for (const event of events) {
          const { id } = event.data as { id: string };
          await trx(table(name))
            .insert({ id, times: 1 })
            .onConflict('id')
            .merge({ times: trx.raw('??.times + 1', [table(name)]) });
        }
      },
    };
    counted.apply = (event, context) => counted.applyBatch!([event], context);
    await createGeneration(knex, counted, 1);
    const table = physicalTableName(name, 1);
    const events = [1, 2].map((position) => recorded(position, { id: `n${position}` }));

    // Two instances read the same page from the same checkpoint; the second one's write comes late.
    expect(await applyOrPark(knex, counted, 1, events, null, { requireActive: false })).toBe('applied');
    expect(await applyOrPark(knex, counted, 1, events, null, { requireActive: false, retryDelayMs: 1 })).toBe(
      'checkpoint_moved',
    );
    expect(await knex(table).orderBy('id').select('id', 'times')).toEqual([
      { id: 'n1', times: 1 },
      { id: 'n2', times: 1 },
    ]);
    expect(await readCheckpoint(knex, name, 1)).toMatchObject({ checkpoint: '1:2', eventsSeen: 2 });
    expect(await unresolvedParkedEvents(knex, name, 1)).toEqual([]);
  });
});
