import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handleCommand, streamCommand } from '../command-handler.js';
import { ConcurrencyError } from '../errors.js';
import type { EventStore, ReadStreamOptions } from '../types.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { usePostgresTestStore } from './testing/postgres-test-store.js';

let store: PostgresEventStore;

usePostgresTestStore('command_paths', (opened) => void ({ store } = opened));

/** A counter with a limit, like a promo code's usage limit: the last place is taken once. */
type Taken = { type: 'Taken'; data: { by: string } };
const places = {
  initialState: () => ({ taken: [] as string[] }),
  evolve: (state: { taken: string[] }, event: Taken) => ({ taken: [...state.taken, event.data.by] }),
  decide: (command: { by: string; limit: number }, state: { taken: string[] }): Taken[] => {
    if (state.taken.includes(command.by)) return [];
    if (state.taken.length >= command.limit) throw new Error('full');
    return [{ type: 'Taken', data: { by: command.by } }];
  },
};

/** An order, placed once, that records the place it got. */
type Placed = { type: 'Placed'; data: { place: number } };
const orders = {
  initialState: () => ({ placed: false }),
  evolve: (_state: { placed: boolean }, _event: Placed) => ({ placed: true }),
  decide: (command: { place: number }, state: { placed: boolean }): Placed[] =>
    state.placed ? [] : [{ type: 'Placed', data: { place: command.place } }],
};

function counting(inner: EventStore) {
  const reads: string[] = [];
  const wrapped: EventStore = Object.create(inner) as EventStore;
  wrapped.readStream = async (streamId: string, options?: ReadStreamOptions) => {
    reads.push(streamId);
    return inner.readStream(streamId, options);
  };
  return { store: wrapped, reads };
}

describe('the command paths of handleCommand', () => {
  it('a new stream is decided without a read, and one that exists is refused rather than decided again', async () => {
    const streamId = `order-${randomUUID()}`;
    const observed = counting(store);
    const first = await handleCommand(observed.store, streamId, orders, { place: 1 }, { newStream: true });
    expect(first.newEvents).toHaveLength(1);
    expect(observed.reads).toEqual([]);
    await expect(handleCommand(store, streamId, orders, { place: 2 }, { newStream: true })).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    expect((await store.readStream(streamId)).map((e) => e.data)).toEqual([{ place: 1 }]);
  });

  it('a stream in hand is decided on without a read; when it moved meanwhile, decided again on a fresh read', async () => {
    const streamId = `places-${randomUUID()}`;
    const first = await handleCommand(store, streamId, places, { by: 'a', limit: 2 });
    const observed = counting(store);
    await handleCommand(observed.store, streamId, places, { by: 'b', limit: 2 }, { known: first.newEvents });
    expect(observed.reads).toEqual([]);
    // 'c' decides on a stream of one event, but it holds two now: read again, the limit holds.
    await expect(
      handleCommand(observed.store, streamId, places, { by: 'c', limit: 2 }, { known: first.newEvents }),
    ).rejects.toThrow('full');
    expect(observed.reads).toEqual([streamId]);
  });

  it('a command alongside commits with the first in one transaction, or neither does', async () => {
    const placesId = `places-${randomUUID()}`;
    const orderId = `order-${randomUUID()}`;
    const placed = await handleCommand(
      store,
      placesId,
      places,
      { by: orderId, limit: 5 },
      { alongside: (state) => streamCommand(orderId, orders, { place: state.taken.length }, { newStream: true }) },
    );
    expect(placed.alongside?.newEvents).toEqual([{ type: 'Placed', data: { place: 1 } }]);
    expect((await store.readStream(orderId)).map((e) => e.type)).toEqual(['Placed']);

    // The second stream exists already: the first append is rolled back with it.
    const otherOrder = `order-${randomUUID()}`;
    await store.appendToStream(otherOrder, [{ type: 'Placed', data: { place: 0 } }]);
    await expect(
      handleCommand(
        store,
        placesId,
        places,
        { by: otherOrder, limit: 5 },
        {
          maxAttempts: 1,
          alongside: () => streamCommand(otherOrder, orders, { place: 9 }, { newStream: true }),
        },
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await store.readStream(placesId)).map((e) => e.data)).toEqual([{ by: orderId }]);
  });

  it('under concurrent commands the limit holds and every place taken has its order', async () => {
    const placesId = `places-${randomUUID()}`;
    const buyers = Array.from({ length: 12 }, () => randomUUID());
    const results = await Promise.allSettled(
      buyers.map((buyer) =>
        handleCommand(
          store,
          placesId,
          places,
          { by: buyer, limit: 5 },
          {
            maxAttempts: 20,
            alongside: (state) =>
              streamCommand(`order-${buyer}`, orders, { place: state.taken.length }, { newStream: true }),
          },
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const taken = (await store.readStream(placesId)).map((e) => (e.data as { by: string }).by);
    expect(taken).toHaveLength(5);
    for (const buyer of buyers) {
      const order = await store.readStream(`order-${buyer}`);
      expect(order.length).toBe(taken.includes(buyer) ? 1 : 0);
    }
  });

  it('a first command that decides nothing still appends the one alongside (a retry of the same order)', async () => {
    const placesId = `places-${randomUUID()}`;
    const orderId = `order-${randomUUID()}`;
    await handleCommand(store, placesId, places, { by: orderId, limit: 5 });
    const retried = await handleCommand(
      store,
      placesId,
      places,
      { by: orderId, limit: 5 },
      { alongside: () => streamCommand(orderId, orders, { place: 1 }) },
    );
    expect(retried.newEvents).toEqual([]);
    expect((await store.readStream(orderId)).map((e) => e.type)).toEqual(['Placed']);
    expect(await store.readStream(placesId)).toHaveLength(1);
  });
});
