import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PostgresEventStore } from '@shop/event-store';
import { ALL_PROJECTIONS, projectionStatuses } from '@shop/projections';
import { Redis } from 'ioredis';
import knexFactory from 'knex';
import { Secret, TOTP } from 'otpauth';
import { jobLedgerCounts } from '../src/jobs/job-ledger.js';
import { freePort } from '../src/testing/free-port.js';
import { benchPool, createBenchDatabase } from './database.js';
import { productionShopEnv, signUpCustomers } from './http.js';
import { formatTable, round, summarize, type LatencySummary } from './stats.js';

/**
 * The soak: the shop as it is deployed (an API, a projector and a worker, each a process of its
 * own started by its npm script, on PostgreSQL and Redis, the sandbox provider), under a fixed mix
 * of traffic for SOAK_MINUTES, its processes' memory and open files sampled as it goes: a leak
 * shows as a steady rise after the warm-up, a slowdown as a throughput that falls.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** In the order they start: the projector first (it builds the read models), then the worker, then the API. */
const ROLES = ['projector', 'worker', 'api'] as const;
type Role = (typeof ROLES)[number];
/** Concurrent clients, each one request at a time: the connections the shop sees. */
const CONNECTIONS = 16;
const CUSTOMERS = 100;
const OWNER_EMAIL = 'soak-owner@example.com';
const OWNER_PASSWORD = 'banc-endurance-2026';
/** The first tenth of the run is the warm-up: the JIT, the pools, the caches fill. */
const WARMUP_SHARE = 0.1;
const REQUEST_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 20_000;
const HTML = 'text/html,application/xhtml+xml';

export interface SoakOptions {
  adminUrl: string;
  redisUrl: string;
  minutes: number;
  /** Seconds of the reference and of the shop's catalogue alone, before the soak. */
  referenceSeconds: number;
  machine: Record<string, unknown>;
}

interface ProcessSample {
  /** Seconds since the traffic started. */
  t: number;
  rssMb: number | null;
  fds: number | null;
  cpuMs: number | null;
  /** From the process's /metrics, when it serves one (METRICS_PORT). */
  heapUsedMb: number | null;
  activeHandles: number | null;
}

interface KindFigures extends LatencySummary {
  kind: string;
  requestsPerSecond: number;
  errors: number;
}

interface ProcessFigures {
  role: Role;
  pid: number;
  command: string;
  warm: ProcessSample;
  end: ProcessSample;
  rssMbPerHour: number | null;
  fdsPerHour: number | null;
  heapUsedMbPerHour: number | null;
  activeHandlesPerHour: number | null;
  verdict: string;
}

export interface SoakFigures {
  minutes: number;
  connections: number;
  customers: number;
  /** Whether the shop's page was served (its build present) and browsed. */
  home: boolean;
  sampleSeconds: number;
  warmupSeconds: number;
  requests: number;
  requestsPerSecond: number;
  kinds: KindFigures[];
  ordersPlaced: number;
  ordersPaid: number;
  /** Subscriptions the back-office lists as active once the read models caught up. */
  activeInReadModel: number | null;
  errors: number;
  failures: string[];
  /** Events the projections had not read when the traffic stopped, and how long they took to catch up. */
  projectionLagEventsAtStop: number;
  projectionCatchUpMs: number | null;
  jobsAtStop: { due: number; delayed: number; failed: number };
  /** How long after the traffic stopped the worker had no job due left; null: not within 60 s. */
  jobsDrainedMs: number | null;
  /** Jobs due finished per second once the traffic stopped (until none was left, or for 60 s). */
  jobsDrainedPerSecond: number;
  jobsDueByName: Record<string, number>;
  /** The projections' lag and the jobs due during the run, after the warm-up. */
  backlog: { maxLagEvents: number; maxJobsDue: number; jobsDueAtWarm: number; jobsDueAtEnd: number };
  reference: KindFigures[];
  processes: ProcessFigures[];
  /** Requests per second over the first and the last third of the run after the warm-up (a slowdown shows). */
  throughput: { firstThird: number; lastThird: number } | null;
  stops: StopFigures[];
  samplesFile: string;
}

export async function benchSoak(options: SoakOptions): Promise<SoakFigures> {
  const database = await createBenchDatabase(options.adminUrl);
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-bench-soak-'));
  const queuePrefix = `bench-soak-${randomBytes(4).toString('hex')}`;
  const processes: ShopProcess[] = [];
  const closing: Array<() => Promise<void>> = [];
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = productionShopEnv(port, dir, {
      DATABASE_URL: database.url,
      REDIS_URL: options.redisUrl,
      QUEUE_PREFIX: queuePrefix,
      ADMIN_EMAILS: OWNER_EMAIL,
      // The run's sessions last it through (the longest a token may live).
      ACCESS_TOKEN_TTL_SECONDS: '3600',
    });
    await buildIfStale();
    for (const role of ROLES) {
      processes.push(await startRole(role, env, dir));
    }
    await untilReady(url, processes);

    const plans = await planIds(url);
    const customers = await signUpCustomers(url, CUSTOMERS);
    const staff = await signInOwner(url);
    // The shop's page, when its build is there (`npm run build`), as a browser asks for it.
    const home = (await fetch(`${url}/`, { headers: { accept: HTML } })).status === 200;

    const reference = await measureReference(url, dir, options.referenceSeconds);

    const seconds = Math.round(options.minutes * 60);
    const sampleSeconds = Math.min(30, Math.max(5, Math.round(seconds / 40)));
    const warmupSeconds = Math.round(seconds * WARMUP_SHARE);
    const traffic = new Traffic(url, { plans, customers, staff, home });
    const samples: Record<Role, ProcessSample[]> = { api: [], projector: [], worker: [] };
    const backlogSamples: BacklogSample[] = [];
    const backlog = await openBacklog(database.url);
    closing.push(backlog.close);
    const started = performance.now();
    const sample = async () => {
      const t = round((performance.now() - started) / 1000, 1);
      for (const shop of processes) samples[shop.role].push(await sampleProcess(shop, t));
      backlogSamples.push({ ...(await backlog.sample(t)), requests: traffic.total, errors: traffic.errorCount });
    };
    await sample();
    const sampler = setInterval(
      () => void sample().catch((error: unknown) => console.error(`soak: a sample failed: ${String(error)}`)),
      sampleSeconds * 1000,
    );
    const progress = setInterval(
      () =>
        console.error(
          `soak: ${Math.round((performance.now() - started) / 1000)} s of ${seconds}, ${traffic.total} requests, ${traffic.errorCount} errors`,
        ),
      60_000,
    );
    try {
      await traffic.run(seconds * 1000);
    } finally {
      clearInterval(sampler);
      clearInterval(progress);
    }
    await sample();
    const elapsed = (performance.now() - started) / 1000;

    const settled = await backlog.settle();
    const activeInReadModel = await activeSubscriptions(url, staff, settled.catchUpMs !== null);
    // Each process stops as a deployment stops it: a handle left open shows as a stop that hangs.
    const stops = (await Promise.all(processes.map((shop) => shop.stop()))).filter(
      (stop): stop is StopFigures => stop !== null,
    );

    const samplesFile = path.join(tmpdir(), `shop-bench-soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    const figures: SoakFigures = {
      minutes: options.minutes,
      connections: CONNECTIONS,
      customers: CUSTOMERS,
      home,
      sampleSeconds,
      warmupSeconds,
      requests: traffic.total,
      requestsPerSecond: round(traffic.total / elapsed),
      kinds: traffic.figures(elapsed),
      ordersPlaced: traffic.ordersPlaced,
      ordersPaid: traffic.ordersPaid,
      activeInReadModel,
      errors: traffic.errorCount,
      failures: traffic.failures,
      projectionLagEventsAtStop: settled.lagAtStop,
      projectionCatchUpMs: settled.catchUpMs,
      jobsAtStop: settled.jobs,
      jobsDrainedMs: settled.jobsDrainedMs,
      jobsDrainedPerSecond: settled.jobsDrainedPerSecond,
      jobsDueByName: settled.dueByName,
      backlog: backlogSummary(backlogSamples, warmupSeconds),
      reference,
      processes: processes.map((shop) => processFigures(shop, samples[shop.role], warmupSeconds)),
      throughput: throughputThirds(backlogSamples, warmupSeconds),
      stops,
      samplesFile,
    };
    writeFileSync(
      samplesFile,
      JSON.stringify({ machine: options.machine, figures, samples, backlog: backlogSamples }, null, 2),
    );
    return figures;
  } finally {
    for (const close of closing) await close();
    // Still running after an error: stopped the same way.
    await Promise.all(processes.map((shop) => shop.stop()));
    await clearRedisPrefix(options.redisUrl, queuePrefix).catch((error: unknown) =>
      console.error(`soak: the Redis keys ${queuePrefix}:* were not removed: ${String(error)}`),
    );
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as a table, the processes' growth, the verdicts and any failure. */
export function printSoak(f: SoakFigures): void {
  console.log(
    `\nSoak: ${f.minutes} min of mixed traffic, ${f.connections} clients here (each one request at a time, ${f.customers} customers and one owner), the shop as 3 processes (api, projector, worker; NODE_ENV=production, PostgreSQL + Redis, sandbox payments)`,
  );
  console.log(
    `Reference, same client and ${f.connections} connections, just before the soak: a bare Node server sending the bytes of the catalogue, then the shop's catalogue alone`,
  );
  console.log(
    formatTable(
      ['reference', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors'],
      f.reference.map((r) => [r.kind, r.requestsPerSecond, r.p50Ms, r.p99Ms, r.maxMs, r.errors]),
    ),
  );
  console.log(
    `\nTraffic: ${f.requestsPerSecond} req/s overall, ${f.requests} requests${f.home ? '' : " (the shop's page is not built, so not browsed: npm run build first)"}`,
  );
  console.log(
    formatTable(
      ['kind', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'requests', 'errors'],
      f.kinds.map((k) => [k.kind, k.requestsPerSecond, k.p50Ms, k.p99Ms, k.maxMs, k.count, k.errors]),
    ),
  );
  if (f.throughput)
    console.log(
      `Throughput after the warm-up: ${f.throughput.firstThird} req/s in its first third, ${f.throughput.lastThird} in its last`,
    );
  console.log(
    `Orders placed ${f.ordersPlaced}, paid ${f.ordersPaid} (active in the back-office once caught up: ${f.activeInReadModel ?? 'not read'}); errors ${f.errors}`,
  );
  const later = (ms: number | null) => (ms === null ? 'not within 60 s' : `${ms} ms later`);
  console.log(
    `During the run (after the warm-up, at each sample): projections at most ${f.backlog.maxLagEvents} event(s) behind the log; jobs due ${f.backlog.jobsDueAtWarm} at the warm-up's end, at most ${f.backlog.maxJobsDue}, ${f.backlog.jobsDueAtEnd} at the end`,
  );
  console.log(
    `When the traffic stopped: projections ${f.projectionLagEventsAtStop} event(s) behind the log, caught up ${later(f.projectionCatchUpMs)}; jobs due ${f.jobsAtStop.due} (none left ${later(f.jobsDrainedMs)}; ${f.jobsDrainedPerSecond} finished per second meanwhile), delayed ${f.jobsAtStop.delayed}, failed ${f.jobsAtStop.failed}`,
  );
  const due = Object.entries(f.jobsDueByName);
  if (due.length > 0)
    console.log(`Jobs due when the traffic stopped: ${due.map(([name, n]) => `${name} ${n}`).join(', ')}`);
  if (f.backlog.jobsDueAtEnd > f.backlog.jobsDueAtWarm + 100)
    console.log('WARNING: the jobs due grew during the run: the worker did not keep up with the traffic');
  const mb = (value: number | null) => (value === null ? '' : value);
  console.log(
    `\nProcesses: at the warm-up's end (${f.warmupSeconds} s) and at the end; growth per hour fitted over the ${Math.round(f.minutes * 60 - f.warmupSeconds)} s after the warm-up (one sample every ${f.sampleSeconds} s)`,
  );
  console.log(
    formatTable(
      [
        'process',
        'RSS MB warm',
        'RSS MB end',
        'RSS MB/h',
        'fds warm',
        'fds end',
        'fds/h',
        'heap MB warm',
        'heap MB end',
        'heap MB/h',
        'handles end',
        'CPU s',
      ],
      f.processes.map((p) => [
        `${p.role} (pid ${p.pid})`,
        mb(p.warm.rssMb),
        mb(p.end.rssMb),
        mb(p.rssMbPerHour),
        mb(p.warm.fds),
        mb(p.end.fds),
        mb(p.fdsPerHour),
        mb(p.warm.heapUsedMb),
        mb(p.end.heapUsedMb),
        mb(p.heapUsedMbPerHour),
        mb(p.end.activeHandles),
        p.end.cpuMs === null ? '' : round(p.end.cpuMs / 1000, 1),
      ]),
    ),
  );
  if (f.processes.every((p) => p.end.heapUsedMb === null))
    console.log('(heap and handles: the processes serve no /metrics; RSS and open files from /proc)');
  for (const p of f.processes) console.log(`Verdict ${p.role}: ${p.verdict}`);
  console.log(
    `Stopped with SIGTERM: ${f.stops.map((s) => `${s.role} in ${s.ms} ms (${s.killed ? `KILLED after ${STOP_TIMEOUT_MS / 1000} s` : `exit ${s.exitCode}`})`).join(', ')}`,
  );
  if (f.errors > 0) console.log(`WARNING: ${f.errors} unexpected answers; first: ${f.failures.join(' | ')}`);
  console.log(`Samples: ${f.samplesFile}`);
}

// ---------------------------------------------------------------------------------------------
// The three processes

interface StopFigures {
  role: Role;
  ms: number;
  /** The start script's exit code: the shop's own (0 after a clean stop); null when killed. */
  exitCode: number | null;
  /** It did not end within STOP_TIMEOUT_MS of SIGTERM. */
  killed: boolean;
}

interface ShopProcess {
  role: Role;
  /** The process that runs the shop's code (below npm and any launcher), which is measured. */
  pid: number;
  command: string;
  metricsPort: number;
  logFile: string;
  /** SIGTERM, then SIGKILL after STOP_TIMEOUT_MS: how it ended (null when it had already). */
  stop: () => Promise<StopFigures | null>;
}

/**
 * `npm run start:<role>` in a process group of its own, whatever the script runs (tsx on the
 * sources or node on a build); the process measured and signalled is the deepest Node process
 * under it, the one that runs the shop.
 */
async function startRole(role: Role, baseEnv: NodeJS.ProcessEnv, dir: string): Promise<ShopProcess> {
  const logFile = path.join(dir, `${role}.log`);
  const log = openSync(logFile, 'a');
  const metricsPort = await freePort();
  const env: NodeJS.ProcessEnv = { ...baseEnv, METRICS_PORT: String(metricsPort) };
  if (role !== 'api') delete env.PORT;
  const child = spawn('npm', ['run', '--silent', `start:${role}`], {
    cwd: ROOT,
    env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Whatever ends the bench (an error, Ctrl-C), no process of the run outlives it.
  const onExit = () => killGroup(child);
  process.once('exit', onExit);
  void exited.then(() => process.off('exit', onExit));
  const deadline = Date.now() + 120_000;
  let pid: number | null = null;
  // The role says it started (a split role logs "started", the API "shop started").
  while (!/"msg":"(?:shop )?started"/.test(readFileSync(logFile, 'utf8'))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      killGroup(child);
      throw new Error(`the ${role} did not start:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  pid = shopProcessUnder(child.pid!);
  const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  return {
    role,
    pid,
    command,
    metricsPort,
    logFile,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return null;
      const stopping = performance.now();
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // Already gone: the group is ended below if anything of it is left.
      }
      let killed = false;
      const timer = setTimeout(() => {
        killed = true;
        killGroup(child);
      }, STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
      killGroup(child);
      return { role, ms: Math.round(performance.now() - stopping), exitCode: child.exitCode, killed };
    },
  };
}

/**
 * The start scripts run the compiled server where there is a build step (`npm start` makes it
 * current first; `start:<role>` does not): the soak measures the sources as they are.
 */
async function buildIfStale(): Promise<void> {
  const build = path.join(ROOT, 'services/app/build.mjs');
  if (!existsSync(build)) return;
  const child = spawn(process.execPath, [build, '--if-stale'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${build} --if-stale ended with ${code}`);
}

function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // The group has ended.
  }
}

/** Every process's parent, from /proc. */
function parents(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // It ended meanwhile.
    }
  }
  return children;
}

/** The deepest `node` process under `root` (npm, sh and a launcher such as tsx sit above the shop; esbuild below it). */
function shopProcessUnder(root: number): number {
  const children = parents();
  const isNode = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'node';
    } catch {
      return false;
    }
  };
  let deepest = { pid: root, depth: -1 };
  const visit = (pid: number, depth: number) => {
    if (isNode(pid) && depth > deepest.depth) deepest = { pid, depth };
    for (const child of children.get(pid) ?? []) visit(child, depth + 1);
  };
  visit(root, 0);
  return deepest.pid;
}

async function untilReady(url: string, processes: readonly ShopProcess[]): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${url}/readyz`)
      .then((res) => res.ok)
      .catch(() => false);
    // The catalogue is seeded by the API and projected by the projector.
    const plans = ready ? await planIds(url).catch(() => []) : [];
    if (plans.length > 0) return;
    if (Date.now() > deadline) {
      const logs = processes.map((p) => `${p.role}:\n${readFileSync(p.logFile, 'utf8').slice(-2000)}`).join('\n');
      throw new Error(`the shop was not ready within 120 s:\n${logs}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function sampleProcess(shop: ShopProcess, t: number): Promise<ProcessSample> {
  const rssKb = (() => {
    try {
      const line = readFileSync(`/proc/${shop.pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
      return line ? Number(line[1]) : null;
    } catch {
      return null;
    }
  })();
  const fds = (() => {
    try {
      return readdirSync(`/proc/${shop.pid}/fd`).length;
    } catch {
      return null;
    }
  })();
  const cpuMs = (() => {
    try {
      const fields = readFileSync(`/proc/${shop.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 10 ms on Linux.
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return null;
    }
  })();
  return fetch(`http://127.0.0.1:${shop.metricsPort}/metrics`, { signal: AbortSignal.timeout(1000) })
    .then(async (res) => (res.ok ? await res.text() : ''))
    .catch(() => '')
    .then((metrics) => {
      const heap = metricValue(metrics, 'nodejs_heap_size_used_bytes');
      return {
        t,
        rssMb: rssKb === null ? null : round(rssKb / 1024, 1),
        fds,
        cpuMs,
        heapUsedMb: heap === null ? null : round(heap / 2 ** 20, 1),
        activeHandles:
          metricValue(metrics, 'nodejs_active_handles_total') ?? metricValue(metrics, 'nodejs_active_handles'),
      };
    });
}

/** A Prometheus text exposition's value of `name` (summed over its labels); null when absent. */
function metricValue(text: string, name: string): number | null {
  let total: number | null = null;
  for (const line of text.split('\n')) {
    const match = line.match(/^([a-z_:]+)(?:\{[^}]*\})?\s+([-+\d.eE]+)/);
    if (match?.[1] === name) total = (total ?? 0) + Number(match[2]);
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// Growth

/** Least-squares slope of `value` over `t` (seconds), per hour; null with fewer than 3 points. */
function slopePerHour(points: ReadonlyArray<{ t: number; value: number }>): number | null {
  if (points.length < 3) return null;
  const n = points.length;
  const meanT = points.reduce((sum, p) => sum + p.t, 0) / n;
  const meanV = points.reduce((sum, p) => sum + p.value, 0) / n;
  const num = points.reduce((sum, p) => sum + (p.t - meanT) * (p.value - meanV), 0);
  const den = points.reduce((sum, p) => sum + (p.t - meanT) ** 2, 0);
  return den === 0 ? null : (num / den) * 3600;
}

const seriesOf = (samples: readonly ProcessSample[], key: 'rssMb' | 'fds' | 'heapUsedMb' | 'activeHandles') =>
  samples.flatMap((s) => (s[key] === null ? [] : [{ t: s.t, value: s[key] }]));

/**
 * A growth is named when the line fitted after the warm-up rose by more than `threshold` over
 * that window and the last third of the samples all lie above the first third (a trend, not a
 * spike or the collector's saw-tooth).
 */
function grows(points: ReadonlyArray<{ t: number; value: number }>, threshold: number): boolean {
  const slope = slopePerHour(points);
  if (slope === null || points.length < 6) return false;
  const window = points.at(-1)!.t - points[0]!.t;
  const third = Math.floor(points.length / 3);
  const firstMax = Math.max(...points.slice(0, third).map((p) => p.value));
  const lastMin = Math.min(...points.slice(-third).map((p) => p.value));
  return (slope * window) / 3600 > threshold && lastMin > firstMax;
}

function processFigures(shop: ShopProcess, samples: readonly ProcessSample[], warmupSeconds: number): ProcessFigures {
  const after = samples.filter((s) => s.t >= warmupSeconds);
  const warm = after[0] ?? samples[0]!;
  const end = samples.at(-1)!;
  const perHour = (key: Parameters<typeof seriesOf>[1], digits: number) => {
    const slope = slopePerHour(seriesOf(after, key));
    return slope === null ? null : round(slope, digits);
  };
  const rss = seriesOf(after, 'rssMb');
  const fds = seriesOf(after, 'fds');
  const heap = seriesOf(after, 'heapUsedMb');
  const growing = [
    // More than 5 % of its resident memory at the warm-up's end, or 10 descriptors, over the window.
    grows(rss, 0.05 * (warm.rssMb ?? 0)) ? 'RSS' : null,
    grows(fds, 10) ? 'open files' : null,
    heap.length > 0 && grows(heap, 0.05 * (warm.heapUsedMb ?? 0)) ? 'heap' : null,
  ].filter((name): name is string => name !== null);
  const minutes = round((end.t - warm.t) / 60, 1);
  // Under 10 minutes the caches and the collector's old generation are still filling.
  const short = minutes < 10 ? ' (a short run, still settling: the 20-minute one says more)' : '';
  const verdict =
    after.length < 6
      ? `too few samples after the warm-up (${after.length}) to tell`
      : growing.length > 0
        ? `GROWS (${growing.join(', ')}) steadily over the ${minutes} min after the warm-up${short}`
        : `no steady growth over the ${minutes} min after the warm-up${short}`;
  return {
    role: shop.role,
    pid: shop.pid,
    command: shop.command,
    warm,
    end,
    rssMbPerHour: perHour('rssMb', 1),
    fdsPerHour: perHour('fds', 1),
    heapUsedMbPerHour: perHour('heapUsedMb', 1),
    activeHandlesPerHour: perHour('activeHandles', 1),
    verdict,
  };
}

// ---------------------------------------------------------------------------------------------
// People and the catalogue

async function planIds(url: string): Promise<string[]> {
  const res = await fetch(`${url}/api/plans`);
  if (!res.ok) return [];
  return ((await res.json()) as { data: Array<{ id: string }> }).data.map((plan) => plan.id);
}

/**
 * The owner (ADMIN_EMAILS) signed up and in, with two-factor sign-in turned on through the
 * shop's routes as the back-office asks of staff; answers once the back-office lets them in.
 */
async function signInOwner(url: string): Promise<string> {
  const headers = { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.1' };
  const credentials = JSON.stringify({ email: OWNER_EMAIL, password: OWNER_PASSWORD });
  const created = await fetch(`${url}/api/auth/sign-up`, { method: 'POST', headers, body: credentials });
  if (created.status !== 201)
    throw new Error(`the owner's sign-up answered ${created.status}: ${await created.text()}`);
  const signedIn = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers, body: credentials });
  if (!signedIn.ok) throw new Error(`the owner's sign-in answered ${signedIn.status}: ${await signedIn.text()}`);
  const token = ((await signedIn.json()) as { accessToken: string }).accessToken;
  const call = (pathname: string, body?: unknown) =>
    fetch(`${url}${pathname}`, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${token}` },
      body: JSON.stringify(body ?? {}),
    });
  // The account is found once the projector has projected the sign-up.
  const deadline = Date.now() + 30_000;
  let setup = await call('/api/me/2fa/setup');
  while (setup.status === 404 && Date.now() < deadline) {
    await setup.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 200));
    setup = await call('/api/me/2fa/setup');
  }
  if (!setup.ok) throw new Error(`two-factor set-up answered ${setup.status}: ${await setup.text()}`);
  const { secret } = (await setup.json()) as { secret: string };
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  const enabled = await call('/api/me/2fa/enable', { code: totp.generate() });
  if (!enabled.ok) throw new Error(`turning two-factor on answered ${enabled.status}: ${await enabled.text()}`);
  // The back-office reads the owner's role and two-factor from the accounts read model.
  for (;;) {
    const res = await fetch(`${url}/api/admin/users`, { headers: { Authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.ok) return token;
    if (Date.now() > deadline) throw new Error(`the back-office still answers ${res.status} to the owner`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// ---------------------------------------------------------------------------------------------
// Traffic

interface Step {
  kind: string;
  run: (client: Traffic) => Promise<void>;
}

class Traffic {
  total = 0;
  errorCount = 0;
  ordersPlaced = 0;
  ordersPaid = 0;
  readonly failures: string[] = [];
  private readonly latencies = new Map<string, number[]>();
  private readonly errors = new Map<string, number>();
  private readonly cycle: Step[];

  constructor(
    private readonly url: string,
    private readonly people: { plans: string[]; customers: string[]; staff: string; home: boolean },
    steps?: Step[],
  ) {
    this.cycle = steps ?? this.mix();
  }

  /**
   * One pass of the fixed mix, about 20 requests: browsing (9 or 10), two orders paid with the
   * sandbox (3 requests each: the order, the sandbox's pay button, which notifies the shop's
   * webhook, and the return page's verification), a customer's account (3) and the back-office's
   * lists (3).
   */
  private mix(): Step[] {
    const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
    const customer = () => pick(this.people.customers);
    const browse = (kind: string, pathname: () => string, accept?: string): Step => ({
      kind,
      run: (c) => c.request(kind, 'GET', pathname(), { accept }).then(() => undefined),
    });
    const account = (pathname: string): Step => ({
      kind: `account: GET ${pathname}`,
      run: (c) => c.request(`account: GET ${pathname}`, 'GET', pathname, { token: customer() }).then(() => undefined),
    });
    const backOffice = (pathname: string): Step => ({
      kind: `back-office: GET ${pathname}`,
      run: (c) =>
        c.request(`back-office: GET ${pathname}`, 'GET', pathname, { token: this.people.staff }).then(() => undefined),
    });
    const order: Step = { kind: 'order', run: (c) => c.order(customer(), pick(this.people.plans)) };
    const plans = browse('browse: GET /api/plans', () => `/api/plans?lang=${pick(['fr', 'en'])}`);
    const plan = browse('browse: GET /api/plans/:id', () => `/api/plans/${pick(this.people.plans)}?lang=fr`);
    return [
      ...(this.people.home ? [browse('browse: GET / (the shop page)', () => '/', HTML)] : []),
      plans,
      plan,
      plans,
      plan,
      order,
      plans,
      plan,
      account('/api/me'),
      account('/api/me/subscriptions'),
      account('/api/me/invoices'),
      plans,
      plan,
      order,
      backOffice('/api/admin/subscriptions'),
      backOffice('/api/admin/users'),
      backOffice('/api/admin/invoices'),
    ];
  }

  /** CONNECTIONS clients, each through the mix from its own place in it, until `ms` has passed. */
  async run(ms: number): Promise<void> {
    const until = performance.now() + ms;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, client) => {
        for (let i = client; performance.now() < until; i++) await this.cycle[i % this.cycle.length]!.run(this);
      }),
    );
  }

  async order(token: string, planId: string): Promise<void> {
    const placed = await this.request('order: POST /api/orders', 'POST', '/api/orders', {
      token,
      body: { planId, months: 1, provider: 'sandbox', billingCountry: 'FR' },
      expect: 201,
    });
    if (!placed) return;
    this.ordersPlaced++;
    const sessionId = String((placed as { redirectUrl: string }).redirectUrl)
      .split('/')
      .pop()!;
    const paid = await this.request(
      'order: POST /sandbox/sessions/:id/pay',
      'POST',
      `/sandbox/sessions/${sessionId}/pay`,
      {
        token,
        form: 'card=4242424242424242',
        expect: 303,
      },
    );
    if (!paid) return;
    const verified = await this.request(
      'order: GET /api/payments/verify',
      'GET',
      `/api/payments/verify?session_id=${sessionId}`,
      { token },
    );
    if ((verified as { paid?: boolean } | null)?.paid === true) this.ordersPaid++;
  }

  /** One request, timed; answers the JSON body (or `{}`) when the status is the expected one, null otherwise. */
  async request(
    kind: string,
    method: string,
    pathname: string,
    options: { token?: string; body?: unknown; form?: string; expect?: number; accept?: string } = {},
  ): Promise<unknown> {
    const headers: Record<string, string> = { 'accept-language': 'fr' };
    if (options.accept) headers.accept = options.accept;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const started = performance.now();
    let status = 0;
    let text = '';
    try {
      const res = await fetch(`${this.url}${pathname}`, {
        method,
        headers,
        body: options.body !== undefined ? JSON.stringify(options.body) : options.form,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = res.status;
      text = await res.text();
    } catch (error) {
      text = (error as Error).message;
    }
    const ms = performance.now() - started;
    this.total++;
    const list = this.latencies.get(kind) ?? [];
    list.push(ms);
    this.latencies.set(kind, list);
    if (status !== (options.expect ?? 200)) {
      this.errorCount++;
      this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
      if (this.failures.length < 5) this.failures.push(`${kind}: ${status} ${text.slice(0, 200)}`);
      return null;
    }
    if (!text.startsWith('{')) return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return {};
    }
  }

  figures(seconds: number): KindFigures[] {
    return [...this.latencies.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, samples]) => ({
        kind,
        requestsPerSecond: round(samples.length / seconds, 1),
        errors: this.errors.get(kind) ?? 0,
        ...summarize(samples),
      }));
  }
}

/**
 * The same client, for `seconds` each: a bare Node server (a process of its own, as the shop is)
 * sending the bytes and headers the shop's catalogue answers, then the shop's catalogue alone.
 * The first is what this machine and this client reach with nothing behind the socket.
 */
async function measureReference(url: string, dir: string, seconds: number): Promise<KindFigures[]> {
  const answer = await fetch(`${url}/api/plans`, { headers: { 'accept-language': 'fr' } });
  const bodyFile = path.join(dir, 'reference-body');
  writeFileSync(bodyFile, Buffer.from(await answer.arrayBuffer()));
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [
      '-e',
      `const body = require('node:fs').readFileSync(process.argv[1]);
       require('node:http').createServer((req, res) => {
         res.writeHead(200, { 'content-type': process.argv[2], 'content-length': body.length });
         res.end(body);
       }).listen(Number(process.argv[3]), '127.0.0.1', () => console.log('listening'));`,
      bodyFile,
      answer.headers.get('content-type') ?? 'application/json',
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout!.once('data', () => resolve());
      server.once('exit', (code) => reject(new Error(`the reference server ended (${code})`)));
    });
    const measure = async (kind: string, base: string) => {
      const client = new Traffic(base, { plans: [], customers: [], staff: '', home: false }, [
        { kind, run: (c) => c.request(kind, 'GET', '/api/plans').then(() => undefined) },
      ]);
      await client.run(2000);
      const measured = new Traffic(base, { plans: [], customers: [], staff: '', home: false }, [
        { kind, run: (c) => c.request(kind, 'GET', '/api/plans').then(() => undefined) },
      ]);
      const started = performance.now();
      await measured.run(seconds * 1000);
      return measured.figures((performance.now() - started) / 1000)[0]!;
    };
    return [
      await measure('bare Node server, the same bytes', `http://127.0.0.1:${port}`),
      await measure('the shop: GET /api/plans alone', url),
    ];
  } finally {
    server.kill('SIGTERM');
  }
}

// ---------------------------------------------------------------------------------------------
// The end

interface BacklogSample {
  t: number;
  /** Requests answered (and unexpected answers) since the traffic started. */
  requests: number;
  errors: number;
  /** Events the furthest-behind projection has not read. */
  lagEvents: number;
  /** Jobs whose time has come and that no worker has finished. */
  jobsDue: number;
}

/** The projections' lag and the jobs due, read from the database as `/readyz` and `shopctl` read them. */
async function openBacklog(databaseUrl: string) {
  const pool = benchPool(databaseUrl, 2);
  const store = new PostgresEventStore({ pool });
  const knex = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 2 } });
  const lag = async () =>
    Math.max(...(await projectionStatuses(knex, store, ALL_PROJECTIONS)).map((status) => status.lagEvents));
  /** Polls `read` until it answers 0, for up to a minute: the milliseconds it took, or null. */
  const drained = async (read: () => Promise<number>) => {
    const started = performance.now();
    while (performance.now() - started < 60_000) {
      if ((await read()) === 0) return Math.round(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return null;
  };
  return {
    sample: async (t: number): Promise<Pick<BacklogSample, 't' | 'lagEvents' | 'jobsDue'>> => ({
      t,
      lagEvents: await lag(),
      jobsDue: (await jobLedgerCounts(knex, new Date())).due,
    }),
    /** When the traffic stopped: how far behind, then how long the projections and the jobs took to catch up. */
    settle: async () => {
      const lagAtStop = await lag();
      const jobs = await jobLedgerCounts(knex, new Date());
      const dueByName = Object.fromEntries(
        (
          await knex('queued_jobs')
            .where({ status: 'pending' })
            .andWhere('run_at', '<=', new Date())
            .groupBy('name')
            .select('name', knex.raw('count(*)::int AS n'))
        ).map((row: { name: string; n: number }) => [row.name, row.n]),
      );
      const catchUpMs = await drained(lag);
      const started = performance.now();
      const due = async () => (await jobLedgerCounts(knex, new Date())).due;
      const jobsDrainedMs = await drained(due);
      const dueLeft = jobsDrainedMs === null ? await due() : 0;
      const jobsDrainedPerSecond = round((jobs.due - dueLeft) / ((performance.now() - started) / 1000), 1);
      return { lagAtStop, catchUpMs, jobs, dueByName, jobsDrainedMs, jobsDrainedPerSecond };
    },
    close: async () => {
      await store.close();
      await knex.destroy();
      await pool.end();
    },
  };
}

/** The back-office's count of active subscriptions (its list's Content-Range total). */
function throughputThirds(samples: readonly BacklogSample[], warmupSeconds: number): SoakFigures['throughput'] {
  const after = samples.filter((s) => s.t >= warmupSeconds);
  const third = Math.floor(after.length / 3);
  if (third < 1) return null;
  const rate = (from: BacklogSample, to: BacklogSample) => round((to.requests - from.requests) / (to.t - from.t), 1);
  return { firstThird: rate(after[0]!, after[third]!), lastThird: rate(after.at(-1 - third)!, after.at(-1)!) };
}

function backlogSummary(samples: readonly BacklogSample[], warmupSeconds: number): SoakFigures['backlog'] {
  const after = samples.filter((s) => s.t >= warmupSeconds);
  return {
    maxLagEvents: Math.max(0, ...after.map((s) => s.lagEvents)),
    maxJobsDue: Math.max(0, ...after.map((s) => s.jobsDue)),
    jobsDueAtWarm: after[0]?.jobsDue ?? 0,
    jobsDueAtEnd: after.at(-1)?.jobsDue ?? 0,
  };
}

async function activeSubscriptions(url: string, staff: string, caughtUp: boolean): Promise<number | null> {
  if (!caughtUp) return null;
  const filter = encodeURIComponent(JSON.stringify({ status: ['active'] }));
  const res = await fetch(`${url}/api/admin/subscriptions?filter=${filter}&range=[0,0]`, {
    headers: { authorization: `Bearer ${staff}` },
  });
  await res.arrayBuffer();
  const total = res.headers.get('content-range')?.split('/')[1];
  return res.ok && total ? Number(total) : null;
}

/** The run's queue keys (its QUEUE_PREFIX) out of Redis. */
async function clearRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
