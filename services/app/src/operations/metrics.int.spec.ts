import { activateGeneration, ALL_PROJECTIONS, createGeneration, parkEvent } from '@shop/projections';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createLogger } from '../infrastructure/logger.js';
import { openRuntime, type Runtime } from '../runtime.js';
import { randomIp, requestJson, signUpAndSignIn } from '../testing/http-customer.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { eventually, TEST_SECRETS_KEY } from '../testing/test-shop.js';
import { METRICS_COLLECT_TIMEOUT_MS } from './metrics.js';
import { tracingOn } from './tracing.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** Every family docs/operations.md promises, besides the process's own. */
const FAMILIES = [
  'http_request_duration_seconds',
  'eventstore_append_duration_seconds',
  'eventstore_append_batch_size',
  'projection_lag_events',
  'projection_lag_seconds',
  'projection_parked_events',
  'reactor_lag_events',
  'jobs_waiting',
  'jobs_failed',
  'webhooks_received_total',
  'payments_total',
  'process_cpu_seconds_total',
  'nodejs_eventloop_lag_seconds',
];

/** The value of one series of a scrape (labels matched exactly, in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '')
      .split(/,(?=\w+=")/)
      .filter(Boolean)
      .sort()
      .join(',');
    if (have === wanted) return Number(match[3]);
  }
  return undefined;
}

const familiesOf = (text: string) => new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));

describe('metrics on the public port, behind METRICS_TOKEN', () => {
  const shop = useTestShop('metrics_token', { env: { METRICS_TOKEN: TOKEN }, plans: true });
  const scrape = async () => {
    const res = await fetch(`${shop.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  it('refuses a scrape without the token, or with another one (401)', async () => {
    const none = await fetch(`${shop.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect(await none.text()).not.toContain('http_request_duration_seconds');
    const wrong = await fetch(`${shop.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    const short = await fetch(`${shop.url}/metrics`, { headers: { Authorization: 'Bearer metrics' } });
    expect(short.status).toBe(401);
  });

  it('names every family, which move under orders, payments and webhooks', async () => {
    const before = await scrape();
    for (const family of FAMILIES) expect(familiesOf(before), family).toContain(family);
    const appendsBefore = sample(before, 'eventstore_append_duration_seconds_count') ?? 0;

    // Load: a customer orders twice and pays one order at the sandbox, whose signed webhook
    // reaches the shop; a forged notification and one for no provider are refused.
    const customer = await signUpAndSignIn(shop.url, { label: 'metrics', ip: randomIp('10.91') });
    const order = () =>
      requestJson(shop.url, 'POST', '/api/orders', {
        token: customer.token,
        body: { planId: 'netflix', months: 1, provider: 'sandbox', billingCountry: 'FR' },
      });
    const placed = await eventually(order, (reply) => reply.status === 201);
    expect((await order()).status).toBe(201);
    const sessionId = String(placed.body.redirectUrl).split('/').at(-1)!;
    const pay = await requestJson(shop.url, 'POST', `/sandbox/sessions/${sessionId}/pay`, {
      token: customer.token,
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    const forged = await requestJson(shop.url, 'POST', '/webhooks/sandbox', { raw: '{"id":"evt_forged"}' });
    expect(forged.status).toBe(400);
    const nobody = await requestJson(shop.url, 'POST', '/webhooks/nobody', { raw: '{}' });
    expect(nobody.status).toBe(422);
    expect((await fetch(`${shop.url}/api/plans/netflix`)).status).toBe(200);

    // The payment is applied by a job moments later; the read models catch up with all of it.
    const after = await eventually(scrape, (text) => (sample(text, 'payments_total', PAID) ?? 0) >= 1, 15_000);
    expect(sample(after, 'payments_total', PAID)).toBe(1);
    expect(sample(after, 'webhooks_received_total', { provider: 'sandbox', outcome: 'accepted' })).toBe(1);
    expect(sample(after, 'webhooks_received_total', { provider: 'sandbox', outcome: 'invalid_signature' })).toBe(1);
    expect(sample(after, 'webhooks_received_total', { provider: 'unknown', outcome: 'unknown_provider' })).toBe(1);

    // Requests are counted by route pattern, never by path.
    const orders = { method: 'POST', route: '/api/orders', status: '201' };
    expect(sample(after, 'http_request_duration_seconds_count', orders)).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...orders, le: '+Inf' })).toBeGreaterThanOrEqual(2);
    const plan = { method: 'GET', route: '/api/plans/:id', status: '200' };
    expect(sample(after, 'http_request_duration_seconds_count', plan)).toBe(1);
    expect(after).not.toContain('route="/api/plans/netflix"');
    expect(after).not.toContain('route="/webhooks/nobody"');
    // Both orders and the payment appended to the log.
    expect(sample(after, 'eventstore_append_duration_seconds_count')! - appendsBefore).toBeGreaterThanOrEqual(3);
    expect(sample(after, 'eventstore_append_batch_size_count')).toBe(
      sample(after, 'eventstore_append_duration_seconds_count'),
    );

    const caughtUp = await eventually(
      scrape,
      (text) =>
        sample(text, 'projection_lag_events', { projection: 'subscriptions' }) === 0 &&
        sample(text, 'reactor_lag_events', { reactor: 'payment-webhooks' }) === 0,
      15_000,
    );
    expect(sample(caughtUp, 'projection_lag_events', { projection: 'subscriptions' })).toBe(0);
    expect(sample(caughtUp, 'projection_lag_seconds', { projection: 'subscriptions' })).toBe(0);
    expect(sample(caughtUp, 'projection_parked_events', { projection: 'subscriptions' })).toBe(0);
    expect(sample(caughtUp, 'jobs_failed')).toBe(0);

    // Without OTEL_EXPORTER_OTLP_ENDPOINT nothing is traced: the events carry no trace of it.
    expect(tracingOn()).toBe(false);
    const { events } = await shop.runtime.store.readAll({ after: null });
    expect(events.some((event) => 'traceparent' in event.metadata)).toBe(false);
  });
});

const PAID = { provider: 'sandbox', outcome: 'paid' };

describe('metrics on METRICS_PORT', () => {
  const shop = useTestShop('metrics_port', { env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });

  it('serves /metrics on its own port only, asking for the token there too', async () => {
    const port = shop.runtime.metricsEndpoint.port();
    expect(port).not.toBeNull();
    const scraped = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    for (const family of FAMILIES) expect(familiesOf(text), family).toContain(family);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${port}/api/plans`)).status).toBe(404);
    // The public port does not know the path, token or not.
    const publicScrape = await fetch(`${shop.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(publicScrape.status).toBe(404);
  });
});

describe('the log gauges, read at each scrape', () => {
  let database: TestDatabase;
  let runtime: Runtime;
  beforeAll(async () => {
    database = await createTestDatabase('metrics_gauges');
    // The runtime alone: no projector or worker follows the log, so it trails as far as the test says.
    runtime = await openRuntime(
      loadConfig({
        DATABASE_URL: database.url,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_POOL_SIZE: '2',
        SECRETS_KEY: TEST_SECRETS_KEY,
        METRICS_TOKEN: TOKEN,
      }),
      { logger: createLogger({ level: 'silent' }) },
    );
  });
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
  });
  const scrape = () => runtime.metrics.registry.metrics();

  it('tells how far each projection and reactor trails, how old its oldest unread event is, and what it parked', async () => {
    await runtime.store.appendToStream('inquiry-metrics', [
      { type: 'MetricsProbe', data: { n: 1 } },
      { type: 'MetricsProbe', data: { n: 2 } },
    ]);
    await runtime.store.appendToStream('inquiry-metrics', [{ type: 'MetricsProbe', data: { n: 3 } }]);
    // Readable once no write that began before them is still running, in any database of the
    // server (another test's transaction holds them back): the figures are read of the readable log.
    await eventually(
      () => runtime.store.head(),
      (readable) => readable.globalPosition >= 3,
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const head = await runtime.store.head();
    expect(head.globalPosition).toBe(3);
    const trailing = await scrape();
    expect(sample(trailing, 'projection_lag_events', { projection: 'subscriptions' })).toBe(head.globalPosition);
    expect(sample(trailing, 'projection_lag_seconds', { projection: 'subscriptions' })).toBeGreaterThanOrEqual(1);
    expect(sample(trailing, 'reactor_lag_events', { reactor: 'payment-webhooks' })).toBe(head.globalPosition);
    expect(sample(trailing, 'eventstore_append_batch_size_sum')).toBe(3);
    expect(sample(trailing, 'eventstore_append_batch_size_count')).toBe(2);

    // The subscriptions read model reads the whole log, parking the second event.
    const projection = ALL_PROJECTIONS.find((p) => p.name === 'subscriptions')!;
    await createGeneration(runtime.knex, projection, 1);
    await runtime.knex.transaction((trx) => activateGeneration(trx, projection, 1));
    const { events } = await runtime.store.readAll({ after: null });
    await runtime.knex('projection_checkpoints').where({ name: 'subscriptions', generation: 1 }).update({
      checkpoint: head.checkpoint,
      last_position: head.globalPosition,
    });
    await runtime.knex.transaction((trx) =>
      parkEvent(trx, {
        projection: 'subscriptions',
        generation: 1,
        event: events[1]!,
        previous: events[0]!.checkpoint,
        error: 'cannot apply',
        attempts: 3,
      }),
    );
    // Figures are read at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const caughtUp = await scrape();
    expect(sample(caughtUp, 'projection_lag_events', { projection: 'subscriptions' })).toBe(0);
    expect(sample(caughtUp, 'projection_lag_seconds', { projection: 'subscriptions' })).toBe(0);
    expect(sample(caughtUp, 'projection_parked_events', { projection: 'subscriptions' })).toBe(1);
    expect(sample(caughtUp, 'projection_lag_events', { projection: 'accounts' })).toBe(head.globalPosition);
  });

  it('answers a scrape within its timeout when the database hangs, keeping the last figures', async () => {
    const before = await scrape();
    const parked = sample(before, 'projection_parked_events', { projection: 'subscriptions' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // Another session holds the projections' table: the gauges' reading waits behind its lock.
    const locker = await runtime.knex.transaction();
    try {
      await locker.raw('LOCK TABLE projection_state IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const stuck = await scrape();
      expect(Date.now() - started).toBeLessThan(METRICS_COLLECT_TIMEOUT_MS + 1000);
      expect(sample(stuck, 'metrics_collect_failures_total')).toBe(1);
      expect(sample(stuck, 'projection_parked_events', { projection: 'subscriptions' })).toBe(parked);
    } finally {
      await locker.rollback();
    }
  });
});
