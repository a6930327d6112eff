import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../errors.js';
import { followLog } from '../follow-log.js';
import type { EventStore, RecordedEvent, Upcaster } from '../types.js';

export interface ContractOptions {
  /** Opens a store on the adapter's test server; called several times, stores share one log. */
  openStore: (options?: { upcasters?: readonly Upcaster[] }) => Promise<EventStore>;
  /** How long the concurrent writers run in the no-loss test. */
  writerSeconds?: number;
}

const stream = (label: string) => `${label}-${randomUUID()}`;
const event = (type: string, data: unknown = {}) => ({ type, data });

/** The behaviour every event store adapter must show. */
export function eventStoreContract(adapterName: string, options: ContractOptions): void {
  describe(`${adapterName} event store contract`, () => {
    const opened: EventStore[] = [];
    const open = async (extra?: { upcasters?: readonly Upcaster[] }) => {
      const store = await options.openStore(extra);
      opened.push(store);
      return store;
    };
    afterAll(async () => {
      await Promise.all(opened.map((store) => store.close()));
    });

    it('appends to a new stream and reads it back in order with data and metadata', async () => {
      const store = await open();
      const id = stream('order');
      const metadata = {
        correlationId: randomUUID(),
        causationId: randomUUID(),
        actor: { type: 'customer' as const, id: 'u1' },
      };
      const result = await store.appendToStream(
        id,
        [
          { type: 'OrderPlaced', data: { totalCents: 1223, placedAt: '2026-01-01T00:00:00.000Z' }, metadata },
          { type: 'PaymentConfirmed', data: { amountCents: 1223 }, metadata },
        ],
        { expectedVersion: 'no_stream' },
      );
      expect(result).toEqual({ nextExpectedVersion: 2, appended: 2 });
      const events = await store.readStream(id);
      expect(events.map((e) => [e.type, e.streamVersion, e.schemaVersion])).toEqual([
        ['OrderPlaced', 1, 1],
        ['PaymentConfirmed', 2, 1],
      ]);
      expect(events[0]!.data).toEqual({ totalCents: 1223, placedAt: '2026-01-01T00:00:00.000Z' });
      expect(events[0]!.metadata).toMatchObject(metadata);
      expect(events[0]!.recordedAt).toBeInstanceOf(Date);
      expect(await store.streamVersion(id)).toBe(2);
      expect(await store.streamVersion(stream('missing'))).toBe(0);
      expect(await store.readStream(stream('missing'))).toEqual([]);
    });

    it('checks the expected version: any, no stream, stream exists and exact', async () => {
      const store = await open();
      const id = stream('expected');
      await expect(store.appendToStream(id, [event('A')], { expectedVersion: 'stream_exists' })).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      await store.appendToStream(id, [event('A')], { expectedVersion: 'no_stream' });
      await expect(store.appendToStream(id, [event('B')], { expectedVersion: 'no_stream' })).rejects.toMatchObject({
        code: 'event_store.concurrency',
        actual: 1,
      });
      await store.appendToStream(id, [event('B')], { expectedVersion: 'stream_exists' });
      await expect(store.appendToStream(id, [event('C')], { expectedVersion: 1 })).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      await store.appendToStream(id, [event('C')], { expectedVersion: 2 });
      await store.appendToStream(id, [event('D')], { expectedVersion: 'any' });
      expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
    });

    it('reads a stream forwards and backwards from a version, with a limit', async () => {
      const store = await open();
      const id = stream('paging');
      await store.appendToStream(
        id,
        ['E1', 'E2', 'E3', 'E4', 'E5'].map((type) => event(type)),
      );
      expect((await store.readStream(id, { fromVersion: 2, maxCount: 2 })).map((e) => e.type)).toEqual(['E2', 'E3']);
      expect((await store.readStream(id, { direction: 'backwards', maxCount: 2 })).map((e) => e.type)).toEqual([
        'E5',
        'E4',
      ]);
      expect((await store.readStream(id, { direction: 'backwards', fromVersion: 3 })).map((e) => e.type)).toEqual([
        'E3',
        'E2',
        'E1',
      ]);
    });

    it('stores an event id once: a duplicate append is a no-op, even as a retry with a stale version', async () => {
      const store = await open();
      const id = stream('dup');
      const eventId = randomUUID();
      const first = await store.appendToStream(id, [{ id: eventId, type: 'WebhookReceived', data: { n: 1 } }], {
        expectedVersion: 'no_stream',
      });
      const again = await store.appendToStream(id, [{ id: eventId, type: 'WebhookReceived', data: { n: 1 } }], {
        expectedVersion: 'no_stream',
      });
      expect(first.appended).toBe(1);
      expect(again).toEqual({ nextExpectedVersion: 1, appended: 0 });
      const concurrent = await Promise.all(
        Array.from({ length: 10 }, () =>
          store.appendToStream(id, [{ id: `${eventId}-b`, type: 'WebhookReceived', data: { n: 2 } }]),
        ),
      );
      expect(concurrent.reduce((sum, r) => sum + r.appended, 0)).toBe(1);
      expect((await store.readStream(id)).map((e) => e.id)).toEqual([eventId, `${eventId}-b`]);
    });

    it('lets exactly one of many concurrent appends at the same version win', async () => {
      const stores = await Promise.all([open(), open()]);
      const id = stream('race');
      await stores[0]!.appendToStream(id, [event('Created')]);
      const attempts = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          stores[i % 2]!.appendToStream(id, [event('Changed', { by: i })], { expectedVersion: 1 }),
        ),
      );
      const won = attempts.filter((a) => a.status === 'fulfilled');
      const lost = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(11);
      for (const loss of lost) expect(loss.reason).toBeInstanceOf(ConcurrencyError);
      expect((await stores[0]!.readStream(id)).map((e) => e.streamVersion)).toEqual([1, 2]);
    });

    it('gives concurrent appends with no expectation gap-free versions', async () => {
      const store = await open();
      const id = stream('any');
      await Promise.all(Array.from({ length: 16 }, (_, i) => store.appendToStream(id, [event('Tick', { i })])));
      expect((await store.readStream(id)).map((e) => e.streamVersion)).toEqual(
        Array.from({ length: 16 }, (_, i) => i + 1),
      );
    });

    it('upcasts old schema versions on read and leaves the stored event as written', async () => {
      const upcasters: Upcaster[] = [
        {
          type: 'PriceSet',
          fromVersion: 1,
          upcast: (data) => ({ amountCents: Math.round((data as { euros: number }).euros * 100) }),
        },
        { type: 'PriceSet', fromVersion: 2, upcast: (data) => ({ ...(data as object), currency: 'EUR' }) },
      ];
      const writer = await open();
      const reader = await open({ upcasters });
      const id = stream('upcast');
      await writer.appendToStream(id, [
        { type: 'PriceSet', schemaVersion: 1, data: { euros: 4.53 } },
        { type: 'PriceSet', schemaVersion: 3, data: { amountCents: 299, currency: 'USD' } },
      ]);
      const read = await reader.readStream(id);
      expect(read.map((e) => [e.schemaVersion, e.data])).toEqual([
        [3, { amountCents: 453, currency: 'EUR' }],
        [3, { amountCents: 299, currency: 'USD' }],
      ]);
      expect((await writer.readStream(id))[0]!.data).toEqual({ euros: 4.53 });
    });

    it('reads the whole log from a checkpoint', async () => {
      const store = await open();
      const { checkpoint: start } = await readToEnd(store, null);
      const a = stream('log-a');
      const b = stream('log-b');
      await store.appendToStream(a, [event('A1'), event('A2')]);
      await store.appendToStream(b, [event('B1')]);
      const { events, checkpoint } = await readToEnd(store, start);
      expect(events.filter((e) => [a, b].includes(e.streamId)).map((e) => e.type)).toEqual(['A1', 'A2', 'B1']);
      await store.appendToStream(a, [event('A3')]);
      const { events: later } = await readToEnd(store, checkpoint);
      expect(later.map((e) => e.type)).toEqual(['A3']);
      expect(await store.countAfter(checkpoint)).toBe(1);
      const head = await store.head();
      expect(head.globalPosition).toBe(later[0]!.globalPosition);
      expect(head.lastRecordedAt).toEqual(later[0]!.recordedAt);
      expect((await readToEnd(store, head.checkpoint)).events).toEqual([]);
    });

    it('names the newest event written: everything written before is at or before it', async () => {
      const store = await open();
      await store.appendToStream(stream('last-a'), [event('A1'), event('A2')]);
      const written = await store.lastWritten();
      expect(written).not.toBeNull();
      expect(await store.countAfter(written)).toBe(0);
      await store.appendToStream(stream('last-b'), [event('B1')]);
      expect(await store.countAfter(written)).toBe(1);
      const { events } = await readToEnd(store, written);
      expect(events.map((e) => e.type)).toEqual(['B1']);
    });

    it('wakes a waiting reader when another connection appends', async () => {
      const waiter = await open();
      const writer = await open();
      const started = Date.now();
      const waiting = waiter.waitForAppends({ timeoutMs: 10_000 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await writer.appendToStream(stream('wake'), [event('Woken')]);
      await waiting;
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it('loses no event under 8 concurrent writers while a reader follows the log live', async () => {
      const writers = await Promise.all(Array.from({ length: 8 }, () => open()));
      const reader = await open();
      const { checkpoint: start } = await readToEnd(reader, null);
      const runId = randomUUID();
      const shared = [`shared-${runId}-0`, `shared-${runId}-1`];
      const committed = new Set<string>();
      const stopWriting = Date.now() + (options.writerSeconds ?? 5) * 1000;

      const seen: RecordedEvent[] = [];
      const follow = new AbortController();
      const following = (async () => {
        for await (const batch of followLog(reader, { after: start, signal: follow.signal, idleTimeoutMs: 200 })) {
          seen.push(...batch.filter((e) => (e.metadata as { runId?: string }).runId === runId));
        }
      })();

      await Promise.all(
        writers.map(async (writer, w) => {
          let n = 0;
          while (Date.now() < stopWriting) {
            const target = n % 3 === 0 ? shared[n % 2]! : `own-${runId}-${w}`;
            const batch = Array.from({ length: 1 + (n % 3) }, (_, i) => ({
              id: randomUUID(),
              type: 'Written',
              data: { writer: w, n, i },
              metadata: { runId },
            }));
            await writer.appendToStream(target, batch);
            for (const e of batch) committed.add(e.id!);
            n++;
          }
        }),
      );

      const deadline = Date.now() + 30_000;
      while (seen.length < committed.size && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      follow.abort();
      await following;

      const seenIds = seen.map((e) => e.id);
      expect(committed.size).toBeGreaterThan(100);
      expect(new Set(seenIds).size).toBe(seenIds.length);
      expect(seenIds.length).toBe(committed.size);
      expect(new Set(seenIds)).toEqual(committed);
      const lastVersion = new Map<string, number>();
      for (const e of seen) {
        expect(e.streamVersion).toBe((lastVersion.get(e.streamId) ?? 0) + 1);
        lastVersion.set(e.streamId, e.streamVersion);
      }
    }, 120_000);
  });
}

async function readToEnd(store: EventStore, after: string | null) {
  const events: RecordedEvent[] = [];
  let checkpoint = after;
  for (;;) {
    const batch = await store.readAll({ after: checkpoint, maxCount: 1000 });
    events.push(...batch.events);
    checkpoint = batch.checkpoint;
    if (batch.events.length === 0 && !batch.mayHaveMore) return { events, checkpoint };
  }
}
