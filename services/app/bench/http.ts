import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../src/testing/free-port.js';
import { TEST_SELLER_ENV } from '../src/testing/seller.js';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const CUSTOMERS = 16;
const PASSWORD = 'banc-essai-2026';

export type HttpStack = 'postgresql+redis' | 'embedded';

export interface HttpFigures {
  stack: HttpStack;
  case: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** The shop process's CPU time per answered request (user + system), steadier than req/s on a shared machine. */
  shopCpuMsPerRequest: number | null;
  /** The first answers that were not 2xx (status and body), to say why. */
  failures: string[];
}

interface RunningShop {
  url: string;
  child: ChildProcess;
  logFile: string;
  stop: () => Promise<void>;
}

/**
 * The environment of the shop run as in production on 127.0.0.1:`port`, its files under `dir`,
 * with `extra` on top; the event store's URL and the log level of this process are not passed on.
 */
export function productionShopEnv(port: number, dir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    ...TEST_SELLER_ENV,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.join(dir, 'data'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    // The load generator stands for many shoppers behind one proxy on this machine.
    TRUST_PROXY: 'loopback',
    SANDBOX_PAYMENTS: 'on',
    ...extra,
  };
  delete env.EVENTSTORE_URL;
  delete env.LOG_LEVEL;
  return env;
}

/**
 * The whole shop (API, projectors, worker) in a process of its own, as `npm start` runs it in
 * production, so the load generator in this process does not share its event loop. Its log
 * (one line per request, at the production level) goes to a file, not through a pipe.
 */
export async function startShop(
  stack: HttpStack,
  options: { databaseUrl?: string; redisUrl?: string; env?: NodeJS.ProcessEnv },
): Promise<RunningShop> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-bench-http-'));
  const logFile = path.join(dir, 'shop.log');
  const log = openSync(logFile, 'a');
  const port = await freePort();
  const env = productionShopEnv(port, dir, options.env);
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (stack === 'postgresql+redis') {
    env.DATABASE_URL = options.databaseUrl;
    env.REDIS_URL = options.redisUrl;
    env.QUEUE_PREFIX = `bench-${randomBytes(4).toString('hex')}`;
  }
  // BENCH_CPU_PROF_DIR=/some/dir keeps a CPU profile of each shop (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', MAIN], { env, stdio: ['ignore', log, log] });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${url}/readyz`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the ${stack} shop did not start:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    logFile,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Customers signed up and signed in through the API, each from an address of its own (documentation range). */
export async function signUpCustomers(url: string, count: number): Promise<string[]> {
  const run = randomBytes(3).toString('hex');
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const headers = { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${i + 1}` };
    const email = `bench-${run}-${i}@example.com`;
    const created = await fetch(`${url}/api/auth/sign-up`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (created.status !== 201) throw new Error(`sign-up answered ${created.status}: ${await created.text()}`);
    const signedIn = await fetch(`${url}/api/auth/sign-in`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!signedIn.ok) throw new Error(`sign-in answered ${signedIn.status}: ${await signedIn.text()}`);
    tokens.push(((await signedIn.json()) as { accessToken: string }).accessToken);
  }
  return tokens;
}

export interface LoadCase {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  connections: number;
  body?: string;
  /** One Authorization header per connection, in turn. */
  tokens?: string[];
  /** Sent besides Content-Type and Accept-Language. */
  headers?: Record<string, string>;
}

/** A process's CPU time so far (Linux /proc), in ms; null elsewhere. */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 10 ms on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

export async function runLoad(
  stack: HttpStack,
  shop: { url: string; pid: number | undefined },
  spec: LoadCase,
  seconds: number,
  warmupSeconds: number,
): Promise<HttpFigures> {
  const fire = async (duration: number) => {
    const failures: string[] = [];
    let connection = 0;
    const result = await autocannon({
      url: `${shop.url}${spec.path}`,
      connections: spec.connections,
      duration,
      method: spec.method,
      headers: { 'content-type': 'application/json', 'accept-language': 'fr', ...spec.headers },
      ...(spec.body ? { body: spec.body } : {}),
      setupClient: (client) => {
        const token = spec.tokens?.[connection++ % spec.tokens.length];
        if (token)
          client.setHeaders({
            'content-type': 'application/json',
            'accept-language': 'fr',
            ...spec.headers,
            authorization: `Bearer ${token}`,
          });
      },
      requests: [
        {
          onResponse: (status, body) => {
            if ((status < 200 || status >= 300) && failures.length < 3)
              failures.push(`${status} ${body.slice(0, 300)}`);
          },
        },
      ],
    });
    return { result, failures };
  };
  if (warmupSeconds > 0) await fire(warmupSeconds);
  const cpuBefore = cpuMsOf(shop.pid);
  const { result, failures } = await fire(seconds);
  const cpuAfter = cpuMsOf(shop.pid);
  const answered = result.requests.total;
  return {
    stack,
    case: spec.name,
    connections: spec.connections,
    seconds,
    requestsPerSecond: Math.round(result.requests.total / seconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    shopCpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && answered > 0
        ? Math.round(((cpuAfter - cpuBefore) / answered) * 1000) / 1000
        : null,
    failures,
  };
}

/** What a browser sends for a page: its HTML, compressed as it accepts. */
const HOME_PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * The shop's hottest answers under load, on PostgreSQL + Redis and on the embedded default:
 * the catalogue (32 connections), placing an order (16 connections, one customer each, on the
 * sandbox provider) and, where the shop is built, the home page as a browser asks for it (32
 * connections). Each case has a warm-up run first (the JIT, the pools), not counted.
 */
export async function benchHttp(options: {
  databaseUrl: string;
  redisUrl: string;
  seconds: number;
  warmupSeconds: number;
}): Promise<HttpFigures[]> {
  const figures: HttpFigures[] = [];
  for (const stack of ['postgresql+redis', 'embedded'] as const) {
    const shop = await startShop(stack, options);
    try {
      const tokens = await signUpCustomers(shop.url, CUSTOMERS);
      const cases: LoadCase[] = [
        { name: 'GET /api/plans', path: '/api/plans', method: 'GET', connections: 32 },
        {
          name: 'POST /api/orders',
          path: '/api/orders',
          method: 'POST',
          connections: CUSTOMERS,
          body: JSON.stringify({ planId: 'netflix', months: 1, provider: 'sandbox', billingCountry: 'FR' }),
          tokens,
        },
      ];
      // The home page as a browser asks for it, where the shop's build is there to serve it (`npm run build`).
      const home = await fetch(`${shop.url}/`, { headers: HOME_PAGE_HEADERS });
      if (home.ok && (await home.text()).includes('shop-state')) {
        cases.push({
          name: 'GET / (home page)',
          path: '/',
          method: 'GET',
          connections: 32,
          headers: HOME_PAGE_HEADERS,
        });
      } else {
        console.log(`(${stack}: no home page case, the shop's build is not there: npm run build)`);
      }
      for (const spec of cases) {
        figures.push(
          await runLoad(stack, { url: shop.url, pid: shop.child.pid }, spec, options.seconds, options.warmupSeconds),
        );
      }
    } finally {
      await shop.stop();
    }
  }
  return figures;
}
