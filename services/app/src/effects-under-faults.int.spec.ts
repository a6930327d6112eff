import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { createTestDatabase, eventually, type TestDatabase } from '@shop/testing';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiled } from './testing/compiled-processes.js';
import { freePort } from './testing/free-port.js';
import { randomIp, requestJson, signUpAndSignIn, type HttpCustomer } from './testing/http-customer.js';
import { startPrivateRedis, type PrivateRedis } from './testing/private-redis.js';
import { TEST_SECRETS_KEY } from './testing/test-shop.js';

/*
 * The shop as an operator runs it: two API processes, a projector and a worker, on PostgreSQL and
 * a Redis of this test's own, through a projector outage longer than the jobs' retry window, a
 * FLUSHALL, a Redis restart without persistence and a worker killed with SIGKILL. What the log
 * implies (each payment confirmed, each e-mail and notification, each expiry timer) must all
 * happen, once, and /readyz must say the truth at every step.
 */

const PREFIX = `faults-${randomUUID().slice(0, 8)}`;
/** Six attempts 100 ms apart, doubling: a job failing for lag would be failed after 3.1 s. */
const JOB_BACKOFF_MS = 100;
const SILENCE_MS = 4_000;

type Role = 'api' | 'projector' | 'worker';

let database: TestDatabase;
let knex: Knex;
let redis: PrivateRedis & { stop: () => Promise<void> };
let dataDir: string;
const running = new Set<ChildProcess>();

function startRole(role: Role, port?: number): ChildProcess {
  const child = spawn(process.execPath, [...compiled('main'), role], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: redis.url,
      QUEUE_PREFIX: PREFIX,
      SECRETS_KEY: TEST_SECRETS_KEY,
      // One data folder for every role: the worker's outbox of e-mails survives its restart.
      DATA_DIR: dataDir,
      PORT: String(port ?? 0),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'error',
      JOB_BACKOFF_MS: String(JOB_BACKOFF_MS),
      JOB_RECONCILE_INTERVAL_MS: '1000',
      READY_MAX_SILENCE_MS: String(SILENCE_MS),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[${role}] ${chunk.toString()}`));
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

interface Readiness {
  status: 'ready' | 'degraded' | 'not_ready';
  checks: Array<{ name: string; ok: boolean; critical: boolean; reason?: string }>;
}

/** `/readyz` of one API, timed: it must always answer within 2 s. */
async function readyz(api: string): Promise<{ httpStatus: number; body: Readiness }> {
  const started = Date.now();
  const reply = await requestJson(api, 'GET', '/readyz');
  expect(Date.now() - started).toBeLessThan(2_000);
  return { httpStatus: reply.status, body: reply.body as unknown as Readiness };
}

/** Both APIs, until their answer passes `accept` (each answer timed). */
async function bothReadyz(accept: (r: { httpStatus: number; body: Readiness }) => boolean, timeoutMs = 20_000) {
  for (const api of apis) await eventually(() => readyz(api), accept, timeoutMs);
}

const failing = (r: { body: Readiness }, name: string) => r.body.checks.find((c) => c.name === name && !c.ok);

let apis: [string, string];
let projector: ChildProcess;
let worker: ChildProcess;

interface Order {
  customer: HttpCustomer;
  subscriptionId: string;
  sessionId: string;
  paid: boolean;
}
const orders: Order[] = [];
const customers: HttpCustomer[] = [];

async function placeOrder(customer: HttpCustomer, api: string, other: string): Promise<Order> {
  const key = randomUUID();
  const body = { planId: 'netflix', months: 1, provider: 'sandbox', billingCountry: 'FR' };
  const placed = await requestJson(api, 'POST', '/api/orders', {
    token: customer.token,
    body,
    headers: { 'Idempotency-Key': key },
  });
  expect(placed.status).toBe(201);
  // A client retrying on the other API process with the same key gets the same order.
  const retried = await requestJson(other, 'POST', '/api/orders', {
    token: customer.token,
    body,
    headers: { 'Idempotency-Key': key },
  });
  expect(retried.body.subscriptionId).toBe(placed.body.subscriptionId);
  const order = {
    customer,
    subscriptionId: String(placed.body.subscriptionId),
    sessionId: String(placed.body.redirectUrl).split('/').pop()!,
    paid: false,
  };
  orders.push(order);
  return order;
}

async function pay(order: Order, api: string): Promise<void> {
  const paid = await requestJson(api, 'POST', `/sandbox/sessions/${order.sessionId}/pay`, {
    token: order.customer.token,
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  order.paid = true;
}

/** Places an order for each customer, alternating APIs, and pays every other one on the other API. */
async function placeAndPayRound(): Promise<void> {
  for (const [i, customer] of customers.entries()) {
    const [api, other] = i % 2 === 0 ? apis : ([apis[1], apis[0]] as const);
    const order = await placeOrder(customer, api, other);
    if (i % 2 === 0) await pay(order, other);
  }
}

/** What the log, the ledger and Redis hold for paid orders that were never confirmed: said when the test fails. */
async function unconfirmedPayments(paid: Order[]) {
  const bull = new Queue('shop-jobs', { connection: { url: redis.url }, prefix: PREFIX });
  try {
    const report = [];
    for (const order of paid) {
      const streamId = `subscription-${order.subscriptionId}`;
      if ((await countEvents(streamId, 'PaymentConfirmed')) > 0) continue;
      const notices = await knex('es_events')
        .where({ event_type: 'PaymentWebhookReceived' })
        .whereRaw('data::text like ?', [`%${order.sessionId}%`])
        .pluck('event_id');
      report.push({
        order: order.subscriptionId,
        events: await knex('es_events').where({ stream_id: streamId }).pluck('event_type'),
        jobs: await Promise.all(
          notices.map(async (id: string) => ({
            ledger: await knex('queued_jobs').where({ id }).first('status', 'attempts', 'dispatched_at', 'last_error'),
            redis: (await (await bull.getJob(id))?.getState()) ?? 'missing',
          })),
        ),
      });
    }
    return JSON.stringify({ report, reactors: await knex('reactor_checkpoints').select() }, null, 1);
  } finally {
    await bull.close();
  }
}

const countEvents = async (streamId: string, type: string) =>
  Number((await knex('es_events').where({ stream_id: streamId, event_type: type }).count({ n: '*' }).first())?.n ?? 0);

beforeAll(async () => {
  database = await createTestDatabase('faults');
  knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  redis = await startPrivateRedis();
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-faults-'));
  const ports = [await freePort(), await freePort()];
  startRole('api', ports[0]);
  startRole('api', ports[1]);
  projector = startRole('projector');
  worker = startRole('worker');
  apis = [`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`];
  await bothReadyz((r) => r.httpStatus === 200 && r.body.status === 'ready', 60_000);
}, 90_000);

afterAll(async () => {
  await Promise.all([...running].map(kill));
  await redis?.stop();
  await knex?.destroy();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('effects derived from the log, under faults', () => {
  it('confirms every payment and sends every e-mail, notification and timer exactly once', async () => {
    const t0 = Date.now();
    // How long each step took, printed once at the end: the recovery times an operator can expect.
    const steps: string[] = [];
    const step = (name: string) => steps.push(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${name}`);
    for (let i = 0; i < 6; i++) {
      const api = apis[i % 2]!;
      customers.push(await signUpAndSignIn(api, { label: `faults-${i}`, ip: randomIp('10.91') }));
    }
    // Orders need the customer in the accounts read model (the checkout names their e-mail).
    await eventually(
      async () => Number((await knex('accounts').count({ n: '*' }).first())?.n ?? 0),
      (n) => n >= customers.length,
    );
    await placeAndPayRound();

    // 1. The projector is away far longer than the jobs' retry window: order news waits for it.
    step('projector killed');
    await kill(projector);
    await placeAndPayRound();
    await bothReadyz((r) => r.httpStatus === 503 && Boolean(failing(r, 'roles')?.reason?.includes('projector')));
    step('/readyz 503: the projector is silent');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    projector = startRole('projector');
    await bothReadyz((r) => r.httpStatus === 200 && r.body.status === 'ready');
    step('projector restarted, /readyz ready');

    // 2. Redis loses everything while payments have just been recorded and timers wait.
    await placeAndPayRound();
    await redis.flushAll();
    step('FLUSHALL');
    await bothReadyz((r) => r.httpStatus === 200 && r.body.status === 'ready');

    // 3. Redis dies (no persistence): the shop keeps taking orders and says it is degraded.
    await redis.kill();
    step('Redis killed');
    await bothReadyz(
      (r) => r.httpStatus === 200 && r.body.status === 'degraded' && Boolean(failing(r, 'queue')),
      10_000,
    );
    step('/readyz degraded: Redis does not answer');
    await placeAndPayRound();
    await redis.start();
    step('Redis started again, empty');

    // 4. The worker is killed mid-work and restarted.
    await placeAndPayRound();
    await kill(worker);
    step('worker killed');
    await bothReadyz((r) => r.httpStatus === 503 && Boolean(failing(r, 'roles')?.reason?.includes('worker')));
    step('/readyz 503: the worker is silent');
    await placeAndPayRound();
    worker = startRole('worker');
    await bothReadyz((r) => r.httpStatus === 200 && r.body.status === 'ready');
    step('worker restarted, /readyz ready');

    // Each accepted order exists once; each paid one is confirmed once and active.
    const paid = orders.filter((o) => o.paid);
    const confirmedAll = await eventually(
      async () =>
        knex('subscriptions')
          .whereIn(
            'id',
            paid.map((o) => o.subscriptionId),
          )
          .where({ status: 'active' })
          .count({ n: '*' })
          .first(),
      (row) => Number(row?.n) === paid.length,
      90_000,
    );
    if (Number(confirmedAll?.n) !== paid.length) console.log('not confirmed:', await unconfirmedPayments(paid));
    expect(Number((await knex('subscriptions').count({ n: '*' }).first())?.n)).toBe(orders.length);
    for (const order of orders) {
      const streamId = `subscription-${order.subscriptionId}`;
      expect(await countEvents(streamId, 'OrderPlaced')).toBe(1);
      expect(await countEvents(streamId, 'PaymentConfirmed')).toBe(order.paid ? 1 : 0);
    }

    step(`every paid order confirmed (${paid.length} of ${orders.length} orders)`);
    // Each order event gave exactly one notification and one e-mail.
    const news = await knex('es_events')
      .whereIn('event_type', ['OrderPlaced', 'PaymentConfirmed'])
      .select<Array<{ id: string; type: string }>>('event_id as id', 'event_type as type');
    const expectedIds = news.map((e) => `${e.id}:${e.type === 'OrderPlaced' ? 'order_received' : 'payment_confirmed'}`);
    expect(expectedIds).toHaveLength(orders.length + paid.length);
    await eventually(
      () => knex('notifications').whereIn('id', expectedIds).pluck('id'),
      (ids) => ids.length === expectedIds.length,
      90_000,
    );
    const mailed = await eventually(
      () => knex('sent_emails').whereIn('id', expectedIds).pluck('id'),
      (ids) => ids.length === expectedIds.length,
      30_000,
    );
    expect(mailed.sort()).toEqual([...expectedIds].sort());
    step(`every notification and e-mail sent (${expectedIds.length} of each)`);
    // An e-mail is recorded once sent: one file in the outbox for each, none twice.
    const claimed = Number((await knex('sent_emails').count({ n: '*' }).first())?.n);
    const outbox = await eventually(
      async () => readdirSync(path.join(dataDir, 'outbox')).filter((name) => name.endsWith('.eml')),
      (files) => files.length >= claimed,
    );
    expect(outbox).toHaveLength(claimed);

    // Every active subscription has its expiry timer in Redis again, and no job has failed.
    const bull = new Queue('shop-jobs', { connection: { url: redis.url }, prefix: PREFIX });
    try {
      const confirmations = await knex('es_events').where({ event_type: 'PaymentConfirmed' }).pluck('event_id');
      expect(confirmations).toHaveLength(paid.length);
      await eventually(
        async () => Promise.all(confirmations.map(async (id) => (await bull.getJob(id))?.getState())),
        (states) => states.every((state) => state === 'delayed'),
        10_000,
      );
    } finally {
      await bull.close();
    }
    expect(await knex('queued_jobs').where({ status: 'failed' }).count({ n: '*' }).first()).toEqual({ n: '0' });
    await bothReadyz((r) => r.httpStatus === 200 && r.body.status === 'ready');
    step('every expiry timer back in Redis');
    console.log(steps.join('\n'));
  }, 170_000);
});
