/**
 * Measures the event store and the projections on this machine against real PostgreSQL,
 * in a database of its own that is dropped at the end.
 *
 *   npm run bench                      # DATABASE_URL or postgres://postgres@127.0.0.1:5432/test
 *   BENCH_SECONDS=3 npm run bench      # shorter append cases
 *   BENCH_QUICK=1 npm run bench        # a smoke run: short append cases, a small back-office
 *   REDIS_URL=redis://… npm run bench  # the HTTP cases' Redis (default redis://127.0.0.1:6379)
 *   BENCH_CPU_PROF_DIR=/tmp/prof …     # a CPU profile of each shop the HTTP cases start
 *   BENCH_ONLY=rebuild,lag npm run bench   # some phases only: admin, append, rebuild, lag, sealing, http
 *   BENCH_ONLY=invoices npm run bench  # issuing invoices into series of 0, 1,000 and 10,000 documents
 *   BENCH_ONLY=soak npm run bench      # the soak, asked for only (20 minutes; SOAK_MINUTES=2 for a short one)
 *   BENCH_ONLY=pages npm run bench     # the home and a plan page on a phone in Chromium (LCP, TBT, CLS), asked for only
 *   BENCH_WEB_SHOP_DIR=web-shop/dist … # the pages of that build rather than one built for the run
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchAdminLists, type AdminListsSize } from './admin-lists.js';
import { fillLog, runAppendCase, type AppendCase, type AppendFigures } from './append.js';
import { createBenchDatabase, inBenchDatabase } from './database.js';
import { benchLag, benchRebuild } from './projection.js';
import { benchSealing } from './sealing.js';
import { formatTable } from './stats.js';
import { benchHttp } from './http.js';
import { benchSoak, printSoak } from './soak.js';
import { benchInvoices } from './invoices.js';
import { benchPages, printPages } from './pages.js';

const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const quick = process.env.BENCH_QUICK === '1';
const measureSeconds = Number(process.env.BENCH_SECONDS || (quick ? 1 : 5));
const WARMUP_MS = 1000;
/** The log a rebuild replays: the issue's 190,000 events (the append cases' events count in it). */
const MIN_LOG_EVENTS = quick ? 20_000 : 190_000;
/** Rebuilds measured, one after the other on the same log: the machine is shared, the spread shows it. */
const REBUILD_RUNS = quick ? 1 : 3;
const PHASES = ['admin', 'append', 'rebuild', 'lag', 'sealing', 'invoices', 'http', 'pages', 'soak'] as const;
/**
 * Phases a full run leaves out: the soak takes SOAK_MINUTES (20 by default); the pages need
 * Debian's Chromium (/usr/bin/chromium) and a build of the shop.
 */
const ASKED_ONLY: ReadonlyArray<(typeof PHASES)[number]> = ['pages', 'soak'];
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((phase) => phase.trim())
  .filter(Boolean);
const runs = (phase: (typeof PHASES)[number]) =>
  only.includes(phase) || (only.length === 0 && !ASKED_ONLY.includes(phase));
const LAG_APPENDS = 500;
const LAG_INTERVAL_MS = 5;
/** The issue's figure: the back-office's lists answer within 50 ms (p99) with 100,000 subscriptions. */
const ADMIN_LISTS: AdminListsSize = quick
  ? { customers: 4_000, subscriptions: 10_000, runs: 20, maxCaseMs: 1_000 }
  : { customers: 40_000, subscriptions: 100_000, runs: 200, maxCaseMs: 4_000 };
const ADMIN_LIST_TARGET_P99_MS = 50;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** The HTTP cases: a shop started on each stack, a warm-up run, then the measured one. */
const HTTP_SECONDS = quick ? 2 : 10;
const HTTP_WARMUP_SECONDS = quick ? 1 : 2;
/** Invoices issued into series already holding this many documents, each case capped in time. */
const INVOICE_SERIES = { sizes: [0, 1_000, 10_000], issues: quick ? 20 : 100, maxCaseMs: quick ? 5_000 : 20_000 };
/** Each page opened this many times, a cold cache each time: the median and the worst are reported. */
const PAGE_RUNS = quick ? 2 : 5;

const APPEND_CASES: AppendCase[] = [
  { name: 'single event, 1 writer', writers: 1, eventsPerAppend: 1 },
  { name: 'single event, 16 writers', writers: 16, eventsPerAppend: 1 },
  { name: '20-event batch, 1 writer', writers: 1, eventsPerAppend: 20 },
  { name: '20-event batch, 16 writers', writers: 16, eventsPerAppend: 20 },
];

async function main(): Promise<void> {
  if (!(measureSeconds > 0))
    throw new Error(`BENCH_SECONDS must be a positive number, not ${process.env.BENCH_SECONDS}`);
  const unknown = only.filter((phase) => !(PHASES as readonly string[]).includes(phase));
  if (unknown.length > 0)
    throw new Error(`BENCH_ONLY: unknown phase(s) ${unknown.join(', ')}; known: ${PHASES.join(', ')}`);
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

    // First, on a quiet machine, and in a database of its own: the back-office's read models are
    // filled directly (not from the log the next phases write), and no vacuum of those phases runs meanwhile.
    let adminLists;
    if (runs('admin')) {
      adminLists = await inBenchDatabase(adminUrl, (url) => benchAdminLists(url, ADMIN_LISTS));
      console.log(
        `Back-office lists (${adminLists.subscriptions} subscriptions, ${adminLists.customers} customers, filled in ${adminLists.fillSeconds} s; up to ${ADMIN_LISTS.runs} runs or ${ADMIN_LISTS.maxCaseMs / 1000} s per case)`,
      );
      console.log(
        formatTable(
          ['case', 'total', 'p50 ms', 'p99 ms', 'max ms', 'runs'],
          adminLists.cases.map((c) => [c.case, c.total ?? '', c.p50Ms, c.p99Ms, c.maxMs, c.count]),
        ),
      );
      const slow = adminLists.cases.filter((c) => !(c.p99Ms < ADMIN_LIST_TARGET_P99_MS));
      if (slow.length > 0) {
        console.log(`WARNING: p99 at or over ${ADMIN_LIST_TARGET_P99_MS} ms: ${slow.map((c) => c.case).join('; ')}`);
      }
    }

    const append: AppendFigures[] = [];
    if (runs('append')) {
      console.log(`\nAppend cases: ${WARMUP_MS} ms warm-up, then ${measureSeconds} s each\n`);
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
    }

    let fill, rebuild, lag;
    // The rebuild replays a log as the issue measures it (orders and their payments, two events per
    // subscription), in a database of its own: the append cases' log has many events per stream,
    // which a batched rebuild folds into far fewer writes and would flatter the figure.
    const replayDatabase = runs('rebuild') || runs('lag') ? await createBenchDatabase(adminUrl) : null;
    try {
      if (replayDatabase) {
        // The lag is measured over a log of that size too: the projector reads where the rebuild stopped.
        fill = await fillLog(replayDatabase.url, MIN_LOG_EVENTS);
        console.log(
          `\nLog: ${fill.total} events (${fill.added} added as OrderPlaced + PaymentConfirmed in ${fill.seconds} s)`,
        );
      }
      if (replayDatabase && runs('rebuild')) {
        rebuild = await benchRebuild(replayDatabase.url, REBUILD_RUNS);
        console.log(`\nProjection rebuild (subscriptions; ${REBUILD_RUNS} run(s): the median, the best and the worst)`);
        console.log(
          formatTable(
            ['projection', 'events', 'seconds', 'events/s', 'best events/s', 'worst events/s'],
            [
              [
                'subscriptions',
                rebuild.events,
                rebuild.seconds,
                rebuild.eventsPerSecond,
                rebuild.bestEventsPerSecond,
                rebuild.worstEventsPerSecond,
              ],
            ],
          ),
        );
        // Every stream starts with OrderPlaced, so a complete replay sees every event and writes one row per stream.
        if (rebuild.events !== rebuild.logEvents || rebuild.rows !== rebuild.streams) {
          console.log(
            `WARNING: the rebuild saw ${rebuild.events} of ${rebuild.logEvents} events and wrote ${rebuild.rows} rows for ${rebuild.streams} streams`,
          );
        }
      }

      if (replayDatabase && runs('lag')) {
        lag = await benchLag(replayDatabase.url, { appends: LAG_APPENDS, intervalMs: LAG_INTERVAL_MS });
        console.log(
          `\nAppend-to-read-model lag (${lag.appends} OrderPlaced, one every ${lag.intervalMs} ms, 1 writer)`,
        );
        console.log(
          formatTable(
            ['projection', 'p50 ms', 'p99 ms', 'max ms'],
            [['subscriptions', lag.p50Ms, lag.p99Ms, lag.maxMs]],
          ),
        );
      }
    } finally {
      await replayDatabase?.drop();
    }

    // The hash chain (docs/adr/0015-tamper-evident-log.md) must keep up with the heaviest append case.
    let sealing;
    if (runs('sealing')) {
      const heaviest = APPEND_CASES.at(-1)!;
      sealing = await benchSealing(database.url, {
        writers: heaviest.writers,
        eventsPerAppend: heaviest.eventsPerAppend,
        measureMs: measureSeconds * 1000,
      });
      console.log('\nHash chain: sealing and verifying');
      console.log(
        formatTable(
          ['case', 'events', 'seconds', 'events/s'],
          [
            ['seal the whole log', sealing.catchUp.events, sealing.catchUp.seconds, sealing.catchUp.eventsPerSecond],
            [
              `seal live, ${sealing.live.writers} writers x ${sealing.live.eventsPerAppend}-event appends (appended/s)`,
              '',
              sealing.live.seconds,
              sealing.live.appendedPerSecond,
            ],
            ['  sealed meanwhile', '', sealing.live.seconds, sealing.live.sealedPerSecond],
            ['audit verify', sealing.verify.events, sealing.verify.seconds, sealing.verify.eventsPerSecond],
          ],
        ),
      );
      console.log(
        `When the writers stopped: ${sealing.live.behindAtStop} event(s) not yet sealed, all sealed ${sealing.live.catchUpMs} ms later`,
      );
      if (!sealing.verify.intact) console.log('WARNING: the chain did not verify intact after the bench');
    }

    let invoices;
    if (runs('invoices')) {
      invoices = await benchInvoices(database.url, INVOICE_SERIES);
      console.log(
        `\nInvoices: issuing into a series already holding ${INVOICE_SERIES.sizes.join(', ')} documents (seeded in ${invoices.seedSeconds} s); up to ${INVOICE_SERIES.issues} issues or ${INVOICE_SERIES.maxCaseMs / 1000} s per case`,
      );
      console.log(
        formatTable(
          ['case', 'issues', 'issues/s', 'p50 ms', 'p99 ms', 'max ms', 'events read/issue'],
          [
            [
              `reference: ${invoices.reference.case}`,
              invoices.reference.count,
              '',
              invoices.reference.p50Ms,
              invoices.reference.p99Ms,
              invoices.reference.maxMs,
              '',
            ],
            ...invoices.cases.map((c) => [
              c.case,
              c.count,
              c.issuesPerSecond,
              c.p50Ms,
              c.p99Ms,
              c.maxMs,
              c.eventsReadPerIssue,
            ]),
          ],
        ),
      );
      if (!invoices.gapless) console.log('WARNING: a series did not end numbered 1..N without a gap or a duplicate');
    }

    let http;
    if (runs('http')) {
      http = await inBenchDatabase(adminUrl, (databaseUrl) =>
        benchHttp({ databaseUrl, redisUrl: REDIS_URL, seconds: HTTP_SECONDS, warmupSeconds: HTTP_WARMUP_SECONDS }),
      );
      console.log(
        `\nHTTP: the whole shop in its own process (NODE_ENV=production), autocannon here; ${HTTP_WARMUP_SECONDS} s warm-up, then ${HTTP_SECONDS} s each`,
      );
      console.log(
        formatTable(
          ['stack', 'case', 'connections', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'non-2xx', 'shop CPU ms/req'],
          http.map((f) => [
            f.stack,
            f.case,
            f.connections,
            f.requestsPerSecond,
            f.p50Ms,
            f.p99Ms,
            f.maxMs,
            f.non2xx + f.errors,
            f.shopCpuMsPerRequest ?? '',
          ]),
        ),
      );
      for (const failed of http.filter((f) => f.non2xx + f.errors > 0)) {
        console.log(
          `WARNING: ${failed.stack} ${failed.case}: ${failed.non2xx} non-2xx answers and ${failed.errors} errors; first: ${failed.failures.join(' | ')}`,
        );
      }
    }

    let pages;
    if (runs('pages')) {
      pages = await inBenchDatabase(adminUrl, (databaseUrl) =>
        benchPages({
          databaseUrl,
          redisUrl: REDIS_URL,
          runs: PAGE_RUNS,
          webShopDir: process.env.BENCH_WEB_SHOP_DIR ? path.resolve(process.env.BENCH_WEB_SHOP_DIR) : undefined,
        }),
      );
      printPages(pages);
    }

    let soak;
    if (runs('soak')) {
      const minutes = Number(process.env.SOAK_MINUTES || 20);
      if (!(minutes > 0 && minutes <= 55))
        throw new Error(`SOAK_MINUTES must be more than 0 and at most 55, not ${process.env.SOAK_MINUTES}`);
      soak = await benchSoak({ adminUrl, redisUrl: REDIS_URL, minutes, referenceSeconds: quick ? 3 : 10, machine });
      printSoak(soak);
    }

    console.log(
      `\n${JSON.stringify({ machine, measureSeconds, append, log: fill, rebuild, lag, adminLists, sealing, invoices, http, pages, soak })}`,
    );
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
