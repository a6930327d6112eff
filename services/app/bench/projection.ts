import { randomUUID } from 'node:crypto';
import { subscriptionStreamId, type OrderPlaced } from '@shop/domain';
import { PostgresEventStore, sleep, type RecordedEvent } from '@shop/event-store';
import { rebuildProjection, runProjector, subscriptionsProjection, type Projection } from '@shop/projections';
import knexFactory, { type Knex } from 'knex';
import { benchPool } from './database.js';
import { orderPlaced, withMetadata } from './events.js';
import { round, summarize, type LatencySummary } from './stats.js';

export interface RebuildFigures {
  events: number;
  /** The median run's. */
  seconds: number;
  eventsPerSecond: number;
  bestEventsPerSecond: number;
  worstEventsPerSecond: number;
  /** Each run's events per second, in order. */
  runs: number[];
  /** Events in the log and rows in the rebuilt read model versus streams: a rebuild that skips events shows here. */
  logEvents: number;
  streams: number;
  rows: number;
}

export interface LagFigures extends LatencySummary {
  appends: number;
  intervalMs: number;
}

/**
 * What the app's `shopctl rebuild` does (its default page size): replay the whole log into a
 * fresh generation, then switch; `runs` times in a row.
 */
export async function benchRebuild(databaseUrl: string, runs = 1): Promise<RebuildFigures> {
  return withProjectionRuntime(databaseUrl, async ({ knex, store }) => {
    const measured: Array<{ eventsSeen: number; seconds: number }> = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const { eventsSeen } = await rebuildProjection({ knex, databaseUrl, store, projection: subscriptionsProjection });
      measured.push({ eventsSeen, seconds: (performance.now() - started) / 1000 });
    }
    const rates = measured.map(({ eventsSeen, seconds }) => eventsSeen / seconds);
    const median = [...measured].sort((a, b) => a.seconds - b.seconds)[Math.floor((measured.length - 1) / 2)]!;
    const { eventsSeen, seconds } = median;
    const log = await knex('es_events').select(knex.raw('count(*) AS events, count(DISTINCT stream_id) AS streams'));
    const rows = await knex('subscriptions').count({ n: '*' }).first();
    return {
      events: eventsSeen,
      seconds: round(seconds, 2),
      eventsPerSecond: round(eventsSeen / seconds),
      bestEventsPerSecond: round(Math.max(...rates)),
      worstEventsPerSecond: round(Math.min(...rates)),
      runs: rates.map((rate) => round(rate)),
      logEvents: Number(log[0]?.events),
      streams: Number(log[0]?.streams),
      rows: Number(rows?.n),
    };
  });
}

/**
 * Time from an append resolving to its row being committed in the read model, with the
 * projector running as in production: its own pool and store, woken by LISTEN/NOTIFY.
 * The projection is wrapped to learn which subscriptions each batch wrote; `onBatch` runs
 * right after that batch's transaction commits, which is when those rows become visible.
 */
export async function benchLag(
  databaseUrl: string,
  options: { appends: number; intervalMs: number },
): Promise<LagFigures> {
  const appliedInBatch: string[] = [];
  const visibleAt = new Map<string, number>();
  const waiters = new Map<string, { resolve: () => void; reject: (error: unknown) => void }>();
  const placed = (events: readonly RecordedEvent[]) => {
    for (const event of events) {
      if (event.type === 'OrderPlaced') appliedInBatch.push((event.data as OrderPlaced['data']).subscriptionId);
    }
  };
  const tracked: Projection = {
    ...subscriptionsProjection,
    apply: async (event, context) => {
      await subscriptionsProjection.apply(event, context);
      placed([event]);
    },
    applyBatch: async (events, context) => {
      await subscriptionsProjection.applyBatch!(events, context);
      placed(events);
    },
  };
  const onBatch = () => {
    const now = performance.now();
    for (const id of appliedInBatch.splice(0)) {
      visibleAt.set(id, now);
      waiters.get(id)?.resolve();
    }
  };
  const untilVisible = (id: string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      if (visibleAt.has(id)) return resolve();
      const timer = setTimeout(() => reject(new Error(`${id} not projected within ${timeoutMs} ms`)), timeoutMs);
      waiters.set(id, {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });

  return withProjectionRuntime(databaseUrl, async ({ knex, store: projectorStore }) => {
    // The writer is another "process": a pool and store of its own, so wake-ups go through NOTIFY.
    const writerPool = benchPool(databaseUrl, 3);
    const writer = new PostgresEventStore({ pool: writerPool, listen: false });
    const stop = new AbortController();
    // batchSize: the app's PROJECTOR_BATCH_SIZE default. A failing projector fails the waits at once.
    const projector = runProjector(
      { knex, databaseUrl, store: projectorStore, projection: tracked, batchSize: 500, onBatch },
      stop.signal,
    ).catch((error: unknown) => {
      for (const waiter of waiters.values()) waiter.reject(error);
      throw error;
    });
    projector.catch(() => undefined); // awaited (and rethrown) in the finally below
    try {
      const append = async () => {
        const id = randomUUID();
        await writer.appendToStream(subscriptionStreamId(id), [withMetadata(id, orderPlaced(id))], {
          expectedVersion: 'no_stream',
        });
        return { id, appendedAt: performance.now() };
      };
      // Warm-up: the projector has taken its lock, is following, and its LISTEN connection is up.
      for (let i = 0; i < 5; i++) await untilVisible((await append()).id, 30_000);
      await sleep(200);

      const appended: Array<{ id: string; appendedAt: number }> = [];
      const start = performance.now();
      for (let i = 0; i < options.appends; i++) {
        const wait = start + i * options.intervalMs - performance.now();
        if (wait > 0) await sleep(wait);
        appended.push(await append());
      }
      await Promise.all(appended.map(({ id }) => untilVisible(id, 30_000)));

      // Cross-check against the read model itself, through the view the API reads.
      const ids = appended.map(({ id }) => id);
      const row = await knex('subscriptions').whereIn('id', ids).count({ n: '*' }).first();
      if (Number(row?.n) !== ids.length) throw new Error(`read model holds ${row?.n} of ${ids.length} new rows`);

      // Clamped at 0: a row cannot be seen before its append, only the two clocks' reads can race.
      const lags = appended.map(({ id, appendedAt }) => Math.max(0, visibleAt.get(id)! - appendedAt));
      return { appends: options.appends, intervalMs: options.intervalMs, ...summarize(lags) };
    } finally {
      stop.abort();
      await projector;
      await writer.close();
      await writerPool.end();
    }
  });
}

async function withProjectionRuntime<T>(
  databaseUrl: string,
  work: (runtime: { knex: Knex; store: PostgresEventStore }) => Promise<T>,
): Promise<T> {
  const pool = benchPool(databaseUrl, 4);
  const store = new PostgresEventStore({ pool });
  const knex = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 4 } });
  try {
    return await work({ knex, store });
  } finally {
    await store.close();
    await knex.destroy();
    await pool.end();
  }
}
