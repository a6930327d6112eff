import { randomUUID } from 'node:crypto';
import { subscriptionStreamId } from '@shop/domain';
import { PostgresEventStore, type NewEvent } from '@shop/event-store';
import { benchPool } from './database.js';
import { lifecycleEvent } from './events.js';
import { round, summarize, type LatencySummary } from './stats.js';

export interface AppendCase {
  name: string;
  writers: number;
  eventsPerAppend: number;
}

export interface AppendFigures extends LatencySummary {
  case: string;
  writers: number;
  eventsPerAppend: number;
  seconds: number;
  appendsPerSecond: number;
  eventsPerSecond: number;
}

/** A writer moves to a fresh stream after this many appends: a mix of first appends and later ones. */
const APPENDS_PER_STREAM = 4;

/**
 * Writers append back to back for `warmupMs + measureMs`; only appends started inside the
 * measured window count, and the rate is over the time until the last of them resolved.
 */
export async function runAppendCase(
  databaseUrl: string,
  spec: AppendCase,
  options: { warmupMs: number; measureMs: number },
): Promise<AppendFigures> {
  const pool = benchPool(databaseUrl, spec.writers + 2);
  // Writers never wait for appends, so no LISTEN connection is needed.
  const store = new PostgresEventStore({ pool, listen: false });
  const latencies: number[] = [];
  const measureFrom = performance.now() + options.warmupMs;
  const measureUntil = measureFrom + options.measureMs;
  let lastEnd = measureUntil;

  const writer = async () => {
    let subscriptionId = randomUUID();
    let version = 0;
    while (performance.now() < measureUntil) {
      if (version >= spec.eventsPerAppend * APPENDS_PER_STREAM) {
        subscriptionId = randomUUID();
        version = 0;
      }
      const events: NewEvent[] = [];
      for (let i = 1; i <= spec.eventsPerAppend; i++) events.push(lifecycleEvent(subscriptionId, version + i));
      const started = performance.now();
      // As the command handler does: 'no_stream' for a new stream, then the exact version read.
      const result = await store.appendToStream(subscriptionStreamId(subscriptionId), events, {
        expectedVersion: version === 0 ? 'no_stream' : version,
      });
      const ended = performance.now();
      version = result.nextExpectedVersion;
      if (started >= measureFrom) {
        latencies.push(ended - started);
        lastEnd = Math.max(lastEnd, ended);
      }
    }
  };

  try {
    await Promise.all(Array.from({ length: spec.writers }, writer));
  } finally {
    await store.close();
    await pool.end();
  }
  const seconds = (lastEnd - measureFrom) / 1000;
  return {
    case: spec.name,
    writers: spec.writers,
    eventsPerAppend: spec.eventsPerAppend,
    seconds: round(seconds, 2),
    appendsPerSecond: round(latencies.length / seconds),
    eventsPerSecond: round((latencies.length * spec.eventsPerAppend) / seconds),
    ...summarize(latencies),
  };
}

/**
 * Tops the log up to `minEvents` with short subscription lifecycles (OrderPlaced and
 * PaymentConfirmed in one append), so the rebuild has a realistic amount to replay,
 * then analyzes the table.
 */
export async function fillLog(
  databaseUrl: string,
  minEvents: number,
  writers = 8,
): Promise<{ added: number; total: number; seconds: number }> {
  const pool = benchPool(databaseUrl, writers + 2);
  const store = new PostgresEventStore({ pool, listen: false });
  const started = performance.now();
  try {
    // The store creates its tables on first use: a bench that starts here finds them too.
    await store.head();
    const count = async () =>
      Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0]!.n);
    const existing = await count();
    let remaining = Math.ceil(Math.max(0, minEvents - existing) / 2);
    const writer = async () => {
      while (remaining-- > 0) {
        const subscriptionId = randomUUID();
        await store.appendToStream(
          subscriptionStreamId(subscriptionId),
          [lifecycleEvent(subscriptionId, 1), lifecycleEvent(subscriptionId, 2)],
          { expectedVersion: 'no_stream' },
        );
      }
    };
    await Promise.all(Array.from({ length: writers }, writer));
    // Fresh statistics, as autovacuum would have them on a live database. Until autoanalyze
    // catches up with a bulk load, the planner answers readAll's "anything after this checkpoint?"
    // with a full table scan (tens of ms at 100k events), which would dominate the lag figures.
    await pool.query('ANALYZE es_events');
    const total = await count();
    return { added: total - existing, total, seconds: round((performance.now() - started) / 1000, 2) };
  } finally {
    await store.close();
    await pool.end();
  }
}
