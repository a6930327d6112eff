import { randomUUID } from 'node:crypto';
import { PostgresEventStore, type RecordedEvent } from '@shop/event-store';
import { eventually, type TestDatabase } from '@shop/testing';
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { applyOrPark } from './apply-batch.js';
import { retryParkedEvent, skipParkedEvent, unresolvedParkedEvents } from './parked-events.js';
import { physicalTableName, type Projection } from './projection.js';
import { runProjector } from './projector.js';
import { rebuildProjection } from './rebuild.js';
import { dropPreviousGeneration } from './rollback.js';
import { activeState, createGeneration } from './registry.js';
import { recordedEvent, useProjectionTestDatabase } from '../testing/projection-test-database.js';

let database: TestDatabase;
let store: PostgresEventStore;
let knex: Knex;

useProjectionTestDatabase('parked', (opened) => ({ database, store, knex } = opened));

/** Notes: a text column, a JSON column, and a handler that fails on a poisoned note while `failing` holds. */
function notesProjection(name: string, failing: { poisoned: boolean }): Projection {
  return {
    name,
    version: 1,
    tables: {
      [name]: (table) => {
        table.text('id').primary();
        table.text('body').notNullable();
        table.jsonb('details').notNullable();
      },
    },
    eventTypes: ['NoteWritten'],
    apply: async (event, { trx, table }) => {
      const data = event.data as { set: string; id: string; body: string; details: unknown; poisoned?: boolean };
      // Every test writes to the same log: each projection keeps its own notes only.
      if (data.set !== name) return;
      if (data.poisoned && failing.poisoned) throw new Error('cannot apply a poisoned note');
      await trx(table(name))
        .insert({ id: data.id, body: data.body, details: JSON.stringify(data.details) })
        .onConflict('id')
        .merge();
    },
  };
}

async function write(set: string, streamId: string, data: Record<string, unknown>) {
  await store.appendToStream(streamId, [{ type: 'NoteWritten', data: { set, ...data } }]);
}

const note = (table: string, id: string) => knex(table).where({ id }).first<{ body: string; details: unknown }>();

describe('events holding NUL bytes and lone surrogates', () => {
  it('are stored with U+FFFD in text and JSON columns (as a JSON log such as KurrentDB can deliver them)', async () => {
    const name = `notes_${randomUUID().slice(0, 8)}`;
    const projection = notesProjection(name, { poisoned: false });
    await createGeneration(knex, projection, 1);
    const recorded = (position: number, data: unknown): RecordedEvent =>
      recordedEvent(position, { streamId: `note-${position}`, type: 'NoteWritten', data });
    const events = [
      recorded(1, { set: name, id: 'nul', body: 'a\u0000b', details: { 'k\u0000ey': ['x\u0000'] } }),
      recorded(2, { set: name, id: 'surrogate', body: 'c\ud800d', details: { note: 'e\udfffnd', fine: '😀' } }),
    ];
    expect(await applyOrPark(knex, projection, 1, events, null, { requireActive: false })).toBe('applied');
    const table = physicalTableName(name, 1);
    expect(await note(table, 'nul')).toMatchObject({ body: 'a\ufffdb', details: { 'k\ufffdey': ['x\ufffd'] } });
    expect(await note(table, 'surrogate')).toMatchObject({
      body: 'c\ufffdd',
      details: { note: 'e\ufffdnd', fine: '😀' },
    });
  });
});

describe('an event that keeps failing', () => {
  it('is parked, the projection goes on, and a retry after the fix applies it', async () => {
    const name = `notes_${randomUUID().slice(0, 8)}`;
    const failing = { poisoned: true };
    const projection = notesProjection(name, failing);
    const controller = new AbortController();
    const running = runProjector(
      { knex, databaseUrl: database.url, store, projection, retryDelayMs: 10, idleTimeoutMs: 200 },
      controller.signal,
    );
    try {
      await write(name, `note-${name}-1`, { id: 'before', body: 'first', details: {} });
      await write(name, `note-${name}-2`, { id: 'poisoned', body: 'second', details: {}, poisoned: true });
      await write(name, `note-${name}-3`, { id: 'after', body: 'third', details: {} });
      await eventually(
        () => note(name, 'after'),
        (found) => found !== undefined,
      );
      expect(await note(name, 'before')).toBeDefined();
      expect(await note(name, 'poisoned')).toBeUndefined();
      const [parked, ...others] = await unresolvedParkedEvents(knex, name);
      expect(others).toEqual([]);
      expect(parked).toMatchObject({ projection: name, eventType: 'NoteWritten', streamId: `note-${name}-2` });
      expect(parked!.error).toBe('cannot apply a poisoned note');

      await expect(
        retryParkedEvent({ knex, store, projection, position: parked!.globalPosition, by: 'test' }),
      ).rejects.toThrow('cannot apply a poisoned note');
      expect(await unresolvedParkedEvents(knex, name)).toHaveLength(1);

      failing.poisoned = false;
      const resolved = await retryParkedEvent({ knex, store, projection, position: parked!.globalPosition, by: 'ops' });
      expect(resolved).toMatchObject({ resolution: 'retried', resolvedBy: 'ops', attempts: 4 });
      expect(await note(name, 'poisoned')).toMatchObject({ body: 'second' });
      expect(await unresolvedParkedEvents(knex, name)).toEqual([]);
      await expect(skipParkedEvent({ knex, projection, position: parked!.globalPosition, by: 'ops' })).rejects.toThrow(
        /no unresolved parked event/,
      );
    } finally {
      controller.abort();
      await running;
    }
  });

  it('parks during a rebuild too, so a rebuild always finishes; the old generation\u2019s parked events are superseded when it is dropped', async () => {
    const name = `notes_${randomUUID().slice(0, 8)}`;
    const projection = notesProjection(name, { poisoned: true });
    await write(name, `note-${name}-1`, { id: 'one', body: 'one', details: {} });
    await write(name, `note-${name}-2`, { id: 'bad', body: 'bad', details: {}, poisoned: true });
    await write(name, `note-${name}-3`, { id: 'three', body: 'three', details: {} });

    const first = await rebuildProjection({ knex, databaseUrl: database.url, store, projection, retryDelayMs: 10 });
    expect(await note(name, 'three')).toBeDefined();
    const [parkedFirst] = await unresolvedParkedEvents(knex, name);
    expect(parkedFirst).toMatchObject({ generation: first.generation, streamId: `note-${name}-2` });

    const second = await rebuildProjection({ knex, databaseUrl: database.url, store, projection, retryDelayMs: 10 });
    expect((await activeState(knex, name))?.generation).toBe(second.generation);
    const unresolved = await unresolvedParkedEvents(knex, name);
    expect(unresolved).toEqual([expect.objectContaining({ generation: second.generation })]);
    // The first generation is kept for a rollback, still without the event it parked...
    const kept = await knex('projection_parked_events').where({ name, generation: first.generation }).first();
    expect(kept).toMatchObject({ resolution: null });
    // ...until it is dropped.
    await dropPreviousGeneration({ knex, databaseUrl: database.url, projection });
    const superseded = await knex('projection_parked_events').where({ name, generation: first.generation }).first();
    expect(superseded).toMatchObject({ resolution: 'superseded' });
  });
});
