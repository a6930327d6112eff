import { randomUUID } from 'node:crypto';
import { subscriptionStreamId } from '@shop/domain';
import { PostgresEventStore, type NewEvent } from '@shop/event-store';
import { migrateToLatest } from '@shop/projections';
import knexFactory, { type Knex } from 'knex';
import { benchPool } from './database.js';
import { verifyChain } from '../src/audit/chain-verification.js';
import { DEFAULT_SEAL_BATCH, runSealer, sealPending } from '../src/audit/event-sealer.js';
import { lifecycleEvent } from './events.js';
import { round } from './stats.js';

export interface SealingFigures {
  /** Sealing the whole log from the genesis link, as a first start on an existing shop does. */
  catchUp: { events: number; seconds: number; eventsPerSecond: number };
  /** The worker's sealer following writers that append as fast as they can. */
  live: {
    writers: number;
    eventsPerAppend: number;
    seconds: number;
    appendedPerSecond: number;
    sealedPerSecond: number;
    /** Events written but not sealed when the writers stopped, and the time to seal them. */
    behindAtStop: number;
    catchUpMs: number;
  };
  /** `shopctl audit verify` over the whole chain. */
  verify: { events: number; seconds: number; eventsPerSecond: number; intact: boolean };
}

const sealedCount = async (knex: Knex) => Number((await knex('event_seals').count({ n: '*' }).first())?.n);
const logCount = async (knex: Knex) => Number((await knex('es_events').count({ n: '*' }).first())?.n);

/** The hash chain's sealer (docs/adr/0015-tamper-evident-log.md): does it keep up with the writers? */
export async function benchSealing(
  databaseUrl: string,
  options: { writers: number; eventsPerAppend: number; measureMs: number },
): Promise<SealingFigures> {
  const pool = benchPool(databaseUrl, 4);
  const store = new PostgresEventStore({ pool });
  const knex = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 4 } });
  try {
    await migrateToLatest(knex);
    await knex.raw('TRUNCATE event_seals');

    let started = performance.now();
    const caughtUp = await sealPending({ knex, store }, { batchSize: DEFAULT_SEAL_BATCH });
    let seconds = (performance.now() - started) / 1000;
    const catchUp = { events: caughtUp, seconds: round(seconds, 2), eventsPerSecond: round(caughtUp / seconds) };

    // Writers are another process: a pool and store of their own, so wake-ups go through NOTIFY.
    const writerPool = benchPool(databaseUrl, options.writers + 2);
    const writerStore = new PostgresEventStore({ pool: writerPool, listen: false });
    const stop = new AbortController();
    const sealer = runSealer({ knex, store }, stop.signal);
    const sealedBefore = await sealedCount(knex);
    const logBefore = await logCount(knex);
    const until = performance.now() + options.measureMs;
    started = performance.now();
    const writer = async () => {
      while (performance.now() < until) {
        const subscriptionId = randomUUID();
        const events: NewEvent[] = [];
        for (let i = 1; i <= options.eventsPerAppend; i++) events.push(lifecycleEvent(subscriptionId, i));
        await writerStore.appendToStream(subscriptionStreamId(subscriptionId), events, {
          expectedVersion: 'no_stream',
        });
      }
    };
    try {
      await Promise.all(Array.from({ length: options.writers }, writer));
    } finally {
      await writerStore.close();
      await writerPool.end();
    }
    seconds = (performance.now() - started) / 1000;
    const appended = (await logCount(knex)) - logBefore;
    const sealedDuring = (await sealedCount(knex)) - sealedBefore;
    const total = await logCount(knex);
    const behindAtStop = total - (await sealedCount(knex));
    const stopped = performance.now();
    while ((await sealedCount(knex)) < total) await new Promise((resolve) => setTimeout(resolve, 5));
    const catchUpMs = round(performance.now() - stopped);
    stop.abort();
    await sealer;

    started = performance.now();
    const report = await verifyChain({ knex, store });
    seconds = (performance.now() - started) / 1000;
    return {
      catchUp,
      live: {
        writers: options.writers,
        eventsPerAppend: options.eventsPerAppend,
        seconds: round(options.measureMs / 1000, 2),
        appendedPerSecond: round(appended / (options.measureMs / 1000)),
        sealedPerSecond: round(sealedDuring / (options.measureMs / 1000)),
        behindAtStop,
        catchUpMs,
      },
      verify: {
        events: report.verified,
        seconds: round(seconds, 2),
        eventsPerSecond: round(report.verified / seconds),
        intact: report.break === null && report.unsealed === 0,
      },
    };
  } finally {
    await store.close();
    await knex.destroy();
    await pool.end();
  }
}
