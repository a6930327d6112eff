/**
 * Measures the event store and the projections on this machine against real PostgreSQL,
 * in a database of its own that is dropped at the end.
 *
 *   npm run bench                      # DATABASE_URL or postgres://postgres@127.0.0.1:5432/test
 *   BENCH_SECONDS=3 npm run bench      # shorter append cases
 */
import os from 'node:os';
import pg from 'pg';
import { fillLog, runAppendCase, type AppendCase, type AppendFigures } from './append.js';
import { createBenchDatabase } from './database.js';
import { benchLag, benchRebuild } from './projection.js';
import { formatTable } from './stats.js';

const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const measureSeconds = Number(process.env.BENCH_SECONDS || 5);
const WARMUP_MS = 1000;
const MIN_LOG_EVENTS = 50_000;
const LAG_APPENDS = 500;
const LAG_INTERVAL_MS = 5;

const APPEND_CASES: AppendCase[] = [
  { name: 'single event, 1 writer', writers: 1, eventsPerAppend: 1 },
  { name: 'single event, 16 writers', writers: 16, eventsPerAppend: 1 },
  { name: '20-event batch, 1 writer', writers: 1, eventsPerAppend: 20 },
  { name: '20-event batch, 16 writers', writers: 16, eventsPerAppend: 20 },
];

async function main(): Promise<void> {
  if (!(measureSeconds > 0))
    throw new Error(`BENCH_SECONDS must be a positive number, not ${process.env.BENCH_SECONDS}`);
  const database = await createBenchDatabase(adminUrl);
  // Ctrl-C still drops the database; FORCE ends the connections the phases hold.
  const onSignal = () => {
    console.error('\ninterrupted; dropping the bench database');
    void database.drop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  try {
    const machine = await machineInfo(database.url);
    console.log(`Machine: ${machine.cpuModel} x ${machine.cpus}, ${machine.memoryGb} GB RAM, ${machine.platform}`);
    console.log(`Node ${machine.node}, PostgreSQL ${machine.postgres}, database ${database.name}`);
    console.log(`Append cases: ${WARMUP_MS} ms warm-up, then ${measureSeconds} s each\n`);

    const append: AppendFigures[] = [];
    for (const spec of APPEND_CASES) {
      append.push(await runAppendCase(database.url, spec, { warmupMs: WARMUP_MS, measureMs: measureSeconds * 1000 }));
    }
    console.log('Append throughput and latency (per append)');
    console.log(
      formatTable(
        ['case', 'appends/s', 'events/s', 'p50 ms', 'p99 ms', 'max ms', 'appends'],
        append.map((f) => [f.case, f.appendsPerSecond, f.eventsPerSecond, f.p50Ms, f.p99Ms, f.maxMs, f.count]),
      ),
    );

    const fill = await fillLog(database.url, MIN_LOG_EVENTS);
    console.log(
      `\nLog: ${fill.total} events (${fill.added} added as OrderPlaced + PaymentConfirmed in ${fill.seconds} s)`,
    );

    const rebuild = await benchRebuild(database.url);
    console.log('\nProjection rebuild (subscriptions)');
    console.log(
      formatTable(
        ['projection', 'events', 'seconds', 'events/s'],
        [['subscriptions', rebuild.events, rebuild.seconds, rebuild.eventsPerSecond]],
      ),
    );
    // Every stream starts with OrderPlaced, so a complete replay sees every event and writes one row per stream.
    if (rebuild.events !== rebuild.logEvents || rebuild.rows !== rebuild.streams) {
      console.log(
        `WARNING: the rebuild saw ${rebuild.events} of ${rebuild.logEvents} events and wrote ${rebuild.rows} rows for ${rebuild.streams} streams`,
      );
    }

    const lag = await benchLag(database.url, { appends: LAG_APPENDS, intervalMs: LAG_INTERVAL_MS });
    console.log(`\nAppend-to-read-model lag (${lag.appends} OrderPlaced, one every ${lag.intervalMs} ms, 1 writer)`);
    console.log(
      formatTable(['projection', 'p50 ms', 'p99 ms', 'max ms'], [['subscriptions', lag.p50Ms, lag.p99Ms, lag.maxMs]]),
    );

    console.log(`\n${JSON.stringify({ machine, measureSeconds, append, log: fill, rebuild, lag })}`);
  } finally {
    process.off('SIGINT', onSignal);
    await database.drop();
  }
}

async function machineInfo(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    const cpus = os.cpus();
    return {
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      cpus: cpus.length,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      platform: `${os.platform()} ${os.release()}`,
      node: process.version,
      postgres: rows[0]!.server_version,
    };
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
