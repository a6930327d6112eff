import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { handleCommand } from '../command-handler.js';
import { loadState } from '../snapshots.js';
import type { EventStore, ReadStreamOptions } from '../types.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { PostgresSnapshotStore } from './postgres-snapshot-store.js';
import { usePostgresTestStore } from './testing/postgres-test-store.js';

let pool: pg.Pool;
let store: PostgresEventStore;
let snapshots: PostgresSnapshotStore;

usePostgresTestStore('snapshots', (opened) => {
  ({ pool, store } = opened);
  snapshots = new PostgresSnapshotStore({ pool });
});

type Tick = { type: 'Ticked'; data: { n: number } };
type Tally = { ticks: number; last: number };
const tally = {
  initialState: (): Tally => ({ ticks: 0, last: 0 }),
  evolve: (state: Tally, event: Tick): Tally => ({ ticks: state.ticks + 1, last: event.data.n }),
  decide: (command: { n: number }): Tick[] => [{ type: 'Ticked', data: { n: command.n } }],
};

/** The store, counting the events each read returns: what a command costs as a stream grows. */
function counting(inner: EventStore) {
  const reads: number[] = [];
  const wrapped: EventStore = Object.create(inner) as EventStore;
  wrapped.readStream = async (streamId: string, options?: ReadStreamOptions) => {
    const events = await inner.readStream(streamId, options);
    reads.push(events.length);
    return events;
  };
  return { store: wrapped, reads };
}

async function longStream(streamId: string, length: number) {
  for (let start = 0; start < length; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, length - start) }, (_, i) => ({
      type: 'Ticked',
      data: { n: start + i + 1 },
    }));
    await store.appendToStream(streamId, batch);
  }
}

describe('snapshots', () => {
  it('a command on a stream of 10,000 events reads its whole history once, then only what came after the snapshot', async () => {
    const streamId = 'tally-long';
    await longStream(streamId, 10_000);
    const { store: observed, reads } = counting(store);
    const options = { snapshots: { store: snapshots, name: 'tally:1', every: 50 } };

    const first = await handleCommand(observed, streamId, tally, { n: 10_001 }, options);
    expect(first.state).toEqual({ ticks: 10_001, last: 10_001 });
    expect(reads).toEqual([10_000]);

    for (let n = 10_002; n <= 10_011; n++) await handleCommand(observed, streamId, tally, { n }, options);
    // Each later command reads the events past the snapshot (taken at 10,000): 1, 2, ... 10.
    expect(reads.slice(1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const loaded = await loadState(observed, streamId, tally, options.snapshots);
    expect(loaded).toEqual({ state: { ticks: 10_011, last: 10_011 }, version: 10_011, eventsRead: 11 });
    // The same answer as folding the whole stream.
    expect((await loadState(store, streamId, tally)).state).toEqual(loaded.state);
  });

  it('takes a new snapshot once enough events were folded past the last one, and ignores snapshots of another shape', async () => {
    const streamId = 'tally-rolling';
    await longStream(streamId, 120);
    const rolling = { store: snapshots, name: 'tally:1', every: 50 };
    expect((await loadState(store, streamId, tally, rolling)).eventsRead).toBe(120);
    await longStream(streamId, 60);
    expect((await loadState(store, streamId, tally, rolling)).eventsRead).toBe(60);
    expect((await loadState(store, streamId, tally, rolling)).eventsRead).toBe(0);

    // A new shape of the state (its evolve changed) starts from the first event again.
    const reshaped = await loadState(store, streamId, tally, { ...rolling, name: 'tally:2' });
    expect(reshaped).toMatchObject({ eventsRead: 180, state: { ticks: 180 } });
  });
});
