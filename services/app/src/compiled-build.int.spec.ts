import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, eventually, testServices, uniqueRedisPrefix, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/free-port.js';
import { mySubscriptionWhere, requestJson, signUpAndSignIn, type HttpCustomer } from './testing/http-customer.js';
import { TEST_SELLER_ENV } from './testing/seller.js';
import { TEST_SECRETS_KEY } from './testing/test-shop.js';
import { buildWebShop } from './testing/web-shop-build.js';

/*
 * The shop as the production image runs it: `node services/app/dist/main.js <role>`, compiled by
 * services/app/build.mjs, with no TypeScript loader, NODE_ENV=production, the api, projector and
 * worker as three processes on PostgreSQL and Redis. What the code reads beside itself (mail
 * templates, the API reference page, Swagger UI's files) must be found from dist/.
 */

const APP = fileURLToPath(new URL('../', import.meta.url));
const BUILD = path.join(APP, 'build.mjs');
const MAIN = path.join(APP, 'dist', 'main.js');
const SHOPCTL = path.join(APP, 'dist', 'shopctl.js');

type Role = 'api' | 'projector' | 'worker';

let database: TestDatabase;
let dataDir: string;
let webShopDir: string;
let api: string;
let environment: NodeJS.ProcessEnv;
const running = new Set<ChildProcess>();
const output = new Map<Role, string>();

/** A child left behind (a failed beforeAll, a crashed worker of the test runner) is ended with it. */
const killAll = () => running.forEach((child) => child.kill('SIGKILL'));
process.once('exit', killAll);

function startRole(role: Role, port = 0): ChildProcess {
  const child = spawn(process.execPath, [MAIN, role], {
    cwd: path.join(APP, '../..'),
    env: { ...environment, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  output.set(role, '');
  const keep = (chunk: Buffer) => output.set(role, `${output.get(role)}${chunk.toString()}`.slice(-4_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** What each process wrote last: said when a check fails, since the processes cannot be debugged. */
const logs = () => [...output].map(([role, text]) => `--- ${role}\n${text}`).join('\n');

function shopctl(...args: string[]) {
  return spawnSync(process.execPath, [SHOPCTL, ...args], { env: environment, encoding: 'utf8', timeout: 30_000 });
}

beforeAll(async () => {
  // What `npm start` does first in a checkout: compile when the bundles are missing or older than a source.
  const built = spawnSync(process.execPath, [BUILD, '--if-stale'], { encoding: 'utf8', timeout: 60_000 });
  expect(built.status, built.stderr).toBe(0);
  expect(existsSync(MAIN) && existsSync(SHOPCTL)).toBe(true);

  database = await createTestDatabase('compiled');
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-compiled-'));
  // The shop's build away from any node_modules, as in the production image, which installs only
  // the API's dependencies: its server renderer must carry its own.
  webShopDir = mkdtempSync(path.join(tmpdir(), 'shop-compiled-web-'));
  buildWebShop(webShopDir);
  environment = {
    PATH: process.env.PATH,
    // No loader, whatever the test runner was started with: the compiled code runs on Node alone.
    NODE_OPTIONS: '',
    NODE_ENV: 'production',
    ...TEST_SELLER_ENV,
    SECRETS_KEY: TEST_SECRETS_KEY,
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '4',
    REDIS_URL: testServices().redisUrl,
    QUEUE_PREFIX: uniqueRedisPrefix('compiled'),
    DATA_DIR: dataDir,
    WEB_SHOP_DIR: webShopDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  const port = await freePort();
  api = `http://127.0.0.1:${port}`;
  startRole('api', port);
  startRole('projector');
  startRole('worker');
  const ready = await eventually(
    () => requestJson(api, 'GET', '/readyz'),
    (reply) => reply.status === 200 && reply.body.status === 'ready',
    60_000,
  ).catch((error: unknown) => {
    throw new Error(`the compiled roles did not become ready (${String(error)})\n${logs()}`);
  });
  expect(ready.status, logs()).toBe(200);
}, 240_000);

afterAll(async () => {
  await Promise.all(
    [...running].map((child) => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      return Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }),
  );
  killAll();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (webShopDir) rmSync(webShopDir, { recursive: true, force: true });
});

describe('the compiled build (services/app/dist)', () => {
  it('serves the catalogue and the API reference with its files', async () => {
    const plans = await requestJson(api, 'GET', '/api/plans');
    expect(plans.status, logs()).toBe(200);
    expect((plans.body.data as Array<{ id: string }>).map((plan) => plan.id)).toContain('netflix');

    const page = await fetch(`${api}/api/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    // Swagger UI's files come from node_modules, found from dist/ as from the sources.
    const swaggerUi = await fetch(`${api}/api/docs/assets/swagger-ui-bundle.js`);
    expect(swaggerUi.status).toBe(200);
    expect(await swaggerUi.text()).toContain('SwaggerUI');
  });

  it('serves a plan page with its content, rendered by the shop’s server renderer', async () => {
    // The first render of a screen in a process loads its chunk, and may outlast the time limit on
    // a busy machine: the page is then sent without its body for the cache's 5 seconds.
    const html = await eventually(
      async () => (await fetch(`${api}/subscription/netflix`, { headers: { Accept: 'text/html' } })).text(),
      (text) => text.includes('<script id="shop-state"'),
      20_000,
    );
    const body = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="shop-state"'));
    for (const text of ['Netflix', 'Qualité Ultra HD 4K', '12 mois']) expect(body, logs()).toContain(text);
    expect(body.replace(/\s/g, ' ')).toContain('4,53 €');
  });

  it('signs a customer up and in, and an order placed through the api is projected and mailed', async () => {
    const customer: HttpCustomer = await signUpAndSignIn(api, { label: 'compiled' });
    const placed = await requestJson(api, 'POST', '/api/orders', {
      token: customer.token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { planId: 'netflix', months: 1, provider: 'sandbox', billingCountry: 'FR' },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const subscriptionId = String(placed.body.subscriptionId);

    // The projector process put the order into the customer's read model...
    const row = await mySubscriptionWhere(
      (method, route, options) => requestJson(api, method, route, options),
      customer.token,
      subscriptionId,
      () => true,
    );
    expect(row?.id, logs()).toBe(subscriptionId);

    // ...and the worker process mailed it, from the templates copied into dist/.
    const outbox = path.join(dataDir, 'outbox');
    const mails = await eventually(
      async () =>
        existsSync(outbox)
          ? readdirSync(outbox)
              .filter((name) => name.endsWith('.eml'))
              .map((name) => readFileSync(path.join(outbox, name), 'utf8'))
          : [],
      (found) => found.some((mail) => mail.includes(customer.email)),
      20_000,
    );
    expect(
      mails.filter((mail) => mail.includes(customer.email)),
      logs(),
    ).toHaveLength(1);
  });

  it('runs shopctl compiled: its help, and the migrations the roles applied', () => {
    const help = shopctl('--help');
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('Usage: shopctl');
    expect(help.stdout).toContain('migrate');

    const status = shopctl('migrate', 'status', '--json');
    expect(status.status, status.stderr).toBe(0);
    const migrations = JSON.parse(status.stdout) as { applied: unknown[]; pending: unknown[] };
    expect(migrations.applied.length).toBeGreaterThan(0);
    expect(migrations.pending).toEqual([]);
  });
});
