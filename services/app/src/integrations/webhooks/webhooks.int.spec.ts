import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, eventually } from '@shop/testing';
import { webhookEndpointStreamId } from '@shop/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { placedOrder } from '../../testing/paid-subscription.js';
import {
  randomIp,
  requestsTo,
  signUpAdmin,
  signUpAndSignIn,
  signUpStaff,
  type HttpCustomer,
} from '../../testing/http-customer.js';
import { useStandIn, useTestShop } from '../../testing/shop-under-test.js';
import { startPrivateRedis } from '../../testing/private-redis.js';
import { startTestShop } from '../../testing/test-shop.js';
import { createWebhookEndpoints } from './webhook-endpoints.js';
import { purgeWebhookDeliveries, retryDelayMs, RETRY_WINDOW_MS } from './webhook-delivery.js';
import { verifySignature } from './webhook-signature.js';

/**
 * Outbound webhooks end to end: a real HTTP receiver in the test, the shop's worker sending to it
 * (docs/adr/0035-outbound-webhooks.md).
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An integrator's endpoint: records every request; a path answers the statuses queued for it, then 200. */
async function startReceiver() {
  const received: Received[] = [];
  const scripts = new Map<string, number[]>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = scripts.get(path)?.shift() ?? 200;
      // 0: no answer at all (until the shop gives up waiting).
      if (status !== 0) res.writeHead(status).end(status === 200 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    /** The requests to `path`, bodies parsed. */
    at: (path: string) => received.filter((request) => request.path === path),
    answer: (path: string, statuses: number[]) => scripts.set(path, [...statuses]),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const receiver = useStandIn('receiver', startReceiver);
const shop = useTestShop('webhooks', { env: { WEBHOOK_RETRY_BASE_MS: '100' } });
const api = requestsTo(shop);
let owner: HttpCustomer;
let support: HttpCustomer;

beforeAll(async () => {
  owner = await signUpAdmin(shop, { label: 'webhook-owner', ip: randomIp('10.81') });
  support = await signUpStaff(shop, { label: 'webhook-support', roles: ['support'], ip: randomIp('10.81') });
}, 60_000);

const asOwner = (method: string, path: string, body?: unknown) =>
  api(method, path, { token: owner.token, ip: randomIp('10.82'), ...(body === undefined ? {} : { body }) });

async function register(path: string, eventTypes: string[], personalData = false) {
  const reply = await asOwner('POST', '/api/admin/webhook-endpoints', {
    url: receiver.url(path),
    eventTypes,
    personalData,
  });
  expect(reply.status).toBe(201);
  return reply.body as { id: string; secret: string };
}

const deliveriesOf = async (endpointId: string) => {
  const reply = await asOwner(
    'GET',
    `/api/admin/webhook-deliveries?filter=${encodeURIComponent(JSON.stringify({ endpointId }))}&range=[0,99]`,
  );
  expect(reply.status).toBe(200);
  return reply.body as unknown as Array<{
    eventId: string;
    eventType: string;
    eventPosition: number;
    replayId: string | null;
    status: string;
    attempts: number;
    nextAttemptAt: string | null;
    attemptLog: Array<{ attempt: number; statusCode: number | null; delivered: boolean; error: string | null }>;
  }>;
};

/** The request the receiver got at `path` for `eventId`, once it has (or fails the test). */
async function receivedAt(path: string, eventId: string, count = 1): Promise<Received[]> {
  const requests = await eventually(
    async () => receiver.at(path).filter((request) => request.headers['shop-event-id'] === eventId),
    (found) => found.length >= count,
    15_000,
  );
  expect(requests.length).toBeGreaterThanOrEqual(count);
  return requests;
}

async function orderPlacedEventId(subscriptionId: string): Promise<{ id: string; position: number }> {
  const row = await shop.runtime
    .knex('es_events')
    .where({ stream_id: `subscription-${subscriptionId}`, event_type: 'OrderPlaced' })
    .first<{ event_id: string; global_position: string }>('event_id', 'global_position');
  return { id: row!.event_id, position: Number(row!.global_position) };
}

/** The signature checked as an integrator would, by hand: t=…,v1=hex(HMAC-SHA-256(secret, "t.body")). */
function signatureHolds(secret: string, header: string, body: string): boolean {
  const fields = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${fields.t}.${body}`).digest('hex');
  return fields.v1 === expected && Math.abs(Date.now() / 1000 - Number(fields.t)) < 300;
}

describe('registering an endpoint', () => {
  it('answers 201 with its id and a secret shown once, kept encrypted and out of the log', async () => {
    const { id, secret } = await register('/registered', ['OrderPlaced']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    const shown = await asOwner('GET', `/api/admin/webhook-endpoints/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      id,
      url: receiver.url('/registered'),
      eventTypes: ['OrderPlaced'],
      status: 'active',
    });
    expect(JSON.stringify(shown.body)).not.toContain(secret);
    const listed = await asOwner('GET', '/api/admin/webhook-endpoints');
    expect(listed.headers.get('content-range')).toMatch(/^webhook-endpoints 0-\d+\/\d+$/);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const events = await shop.runtime.store.readStream(webhookEndpointStreamId(id));
    expect(events.map((event) => [event.type, event.metadata.actor])).toEqual([
      ['WebhookEndpointRegistered', { type: 'admin', id: owner.userId }],
    ]);
    expect(JSON.stringify(events)).not.toContain(secret);
    const row = await shop.runtime.knex('webhook_endpoints').where({ id }).first<{ secret_encrypted: string }>();
    expect(row!.secret_encrypted).not.toContain(secret.slice(6, 20));
  });

  it('refuses bad input with 400 problem+json and records nothing', async () => {
    const recorded = () =>
      Promise.all([
        shop.runtime.knex('webhook_endpoints').count({ n: '*' }).first(),
        shop.runtime.knex('es_events').where({ event_type: 'WebhookEndpointRegistered' }).count({ n: '*' }).first(),
      ]);
    const before = await recorded();
    const cases: Array<[unknown, string]> = [
      [{ url: 'https://hooks.example.com/in', eventTypes: ['OrderEaten'] }, 'webhook.unknown_event_type'],
      [{ url: 'https://hooks.example.com/in', eventTypes: [] }, 'webhook.no_event_types'],
      [{ url: 'not a url', eventTypes: ['OrderPlaced'] }, 'webhook.invalid_url'],
      [{ url: 'ftp://hooks.example.com/in', eventTypes: ['OrderPlaced'] }, 'webhook.invalid_url'],
      [{ url: 'http://hooks.example.com/in', eventTypes: ['OrderPlaced'] }, 'webhook.https_required'],
      [{ url: 'https://me:pw@hooks.example.com/in', eventTypes: ['OrderPlaced'] }, 'webhook.credentials_in_url'],
      [{ url: 'https://hooks.example.com/in', eventTypes: ['OrderPlaced'], secret: 'mine' }, 'validation.failed'],
    ];
    for (const [body, code] of cases) {
      const reply = await asOwner('POST', '/api/admin/webhook-endpoints', body);
      expect([reply.status, reply.body.code, reply.headers.get('content-type')]).toEqual([
        400,
        code,
        expect.stringContaining('application/problem+json'),
      ]);
    }
    expect(await recorded()).toEqual(before);
  });

  it('takes the event types its API reference gives as examples', async () => {
    const reference = (await api('GET', '/api/openapi.json')).body as {
      components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> };
    };
    const described = reference.components.schemas.WebhookEndpointInput?.properties.eventTypes?.description ?? '';
    const examples = [...described.matchAll(/\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b/g)].map(([name]) => name);
    expect(examples.length).toBeGreaterThan(0);
    const registered = await asOwner('POST', '/api/admin/webhook-endpoints', {
      url: 'http://127.0.0.1:9/examples',
      eventTypes: examples,
    });
    expect([registered.status, registered.body.code]).toEqual([201, undefined]);
    await asOwner('DELETE', `/api/admin/webhook-endpoints/${registered.body.id}`);
  });

  it('in production wants https and a public address, and records nothing otherwise', async () => {
    const production = createWebhookEndpoints({ ...shop.runtime, config: { nodeEnv: 'production' } });
    const actor = { adminId: owner.userId };
    const refused = async (url: string) =>
      production.register({ url, eventTypes: ['OrderPlaced'], personalData: false }, actor).then(
        () => 'registered',
        (error: { code: string; name: string }) => `${error.name} ${error.code}`,
      );
    expect(await refused(receiver.url('/in'))).toBe('InvalidInputError webhook.https_required');
    for (const url of [
      'https://127.0.0.1/in',
      'https://10.1.2.3/in',
      'https://169.254.169.254/latest',
      'https://[::1]/in',
    ]) {
      expect(await refused(url)).toBe('InvalidInputError webhook.private_address');
    }
    expect(await refused('https://localhost/in')).toBe('InvalidInputError webhook.private_address');
    const registered = await shop.runtime
      .knex('webhook_endpoints')
      .where('url', 'like', 'https://%')
      .count({ n: '*' })
      .first();
    expect(Number(registered!.n)).toBe(0);
  });

  it('is for owners: support staff and customers are refused with 403', async () => {
    for (const [method, path] of [
      ['POST', '/api/admin/webhook-endpoints'],
      ['GET', '/api/admin/webhook-endpoints'],
      ['GET', '/api/admin/webhook-deliveries'],
      ['DELETE', `/api/admin/webhook-endpoints/${randomUUID()}`],
      ['POST', `/api/admin/webhook-endpoints/${randomUUID()}/replay`],
    ] as const) {
      const reply = await api(method, path, {
        token: support.token,
        ip: randomIp('10.83'),
        ...(method === 'POST' ? { body: { url: receiver.url('/x'), eventTypes: ['*'], fromPosition: 1 } } : {}),
      });
      expect([method, path, reply.status, reply.body.code]).toEqual([method, path, 403, 'auth.forbidden']);
    }
  });
});

describe('delivery', () => {
  it('sends each matching event once, signed with the endpoint secret, in the outward shape', async () => {
    const orders = await register('/orders', ['OrderPlaced']);
    const payments = await register('/payments', ['PaymentConfirmed']);
    const { subscriptionId } = await placedOrder(shop.runtime.store, owner.userId);
    const event = await orderPlacedEventId(subscriptionId);
    const [request] = await receivedAt('/orders', event.id);
    const body = JSON.parse(request!.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['data', 'id', 'position', 'recordedAt', 'streamId', 'type']);
    expect(body).toMatchObject({
      id: event.id,
      type: 'OrderPlaced',
      position: event.position,
      streamId: `subscription-${subscriptionId}`,
      data: expect.objectContaining({ subscriptionId }),
    });
    expect(request!.headers['content-type']).toBe('application/json');
    const signature = String(request!.headers['shop-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(signatureHolds(orders.secret, signature, request!.body)).toBe(true);
    expect(verifySignature(orders.secret, signature, request!.body)).toBe(true);
    // A body changed on the way, or another endpoint's secret, does not verify.
    const tampered = request!.body.replace('"OrderPlaced"', '"OrderVoided"');
    expect(signatureHolds(orders.secret, signature, tampered)).toBe(false);
    expect(verifySignature(orders.secret, signature, tampered)).toBe(false);
    expect(verifySignature(payments.secret, signature, request!.body)).toBe(false);

    const [delivery] = await eventually(
      () => deliveriesOf(orders.id),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(delivery).toMatchObject({ eventId: event.id, status: 'delivered', attempts: 1, replayId: null });
    expect(delivery!.attemptLog).toEqual([expect.objectContaining({ attempt: 1, statusCode: 200, delivered: true })]);
    // Only the endpoint's types: the payments endpoint got nothing of an unpaid order.
    expect(receiver.at('/payments')).toEqual([]);
    expect(await deliveriesOf(payments.id)).toEqual([]);
    expect(receiver.at('/orders').every((r) => r.headers['shop-event-id'] === event.id)).toBe(true);
  });

  it("carries customers' personal data only to an endpoint whose scope allows it", async () => {
    const withoutScope = await register('/no-personal-data', ['AccountRegistered']);
    const withScope = await register('/personal-data', ['AccountRegistered'], true);
    const customer = await signUpAndSignIn(shop.url, { label: 'webhook-customer', ip: randomIp('10.85') });
    const eventId = (
      await shop.runtime
        .knex('es_events')
        .where({ stream_id: `account-${customer.userId}`, event_type: 'AccountRegistered' })
        .first('event_id')
    ).event_id as string;
    const [bare] = await receivedAt('/no-personal-data', eventId);
    const [full] = await receivedAt('/personal-data', eventId);
    expect(bare!.body).not.toContain(customer.email);
    expect(full!.body).toContain(customer.email);
    expect(verifySignature(withoutScope.secret, String(bare!.headers['shop-signature']), bare!.body)).toBe(true);
    expect(verifySignature(withScope.secret, String(full!.headers['shop-signature']), full!.body)).toBe(true);
    expect((await asOwner('GET', `/api/admin/webhook-endpoints/${withScope.id}`)).body).toMatchObject({
      personalData: true,
    });
  });

  it('tries a failing endpoint again with back-off until it takes the event, each attempt in the log', async () => {
    receiver.answer('/flaky', [500, 500]);
    const flaky = await register('/flaky', ['OrderPlaced']);
    const { subscriptionId } = await placedOrder(shop.runtime.store, owner.userId);
    const event = await orderPlacedEventId(subscriptionId);
    const requests = await receivedAt('/flaky', event.id, 3);
    expect(requests).toHaveLength(3);
    expect(requests.map((r) => r.headers['shop-delivery-attempt'])).toEqual(['1', '2', '3']);
    for (const request of requests) {
      expect(signatureHolds(flaky.secret, String(request.headers['shop-signature']), request.body)).toBe(true);
    }
    const [delivery] = await eventually(
      () => deliveriesOf(flaky.id),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(delivery).toMatchObject({ eventId: event.id, status: 'delivered', attempts: 3, nextAttemptAt: null });
    expect(delivery!.attemptLog.map((a) => [a.attempt, a.statusCode, a.delivered, a.error])).toEqual([
      [1, 500, false, 'answered 500'],
      [2, 500, false, 'answered 500'],
      [3, 200, true, null],
    ]);
    const endpoint = await asOwner('GET', `/api/admin/webhook-endpoints/${flaky.id}`);
    expect(endpoint.body).toMatchObject({
      lastDelivery: { status: 'delivered', statusCode: 200 },
      pendingDeliveries: 0,
    });
  });

  it('keeps sending to the others while a receiver does not answer', async () => {
    receiver.answer('/silent', [0]);
    await register('/silent', ['OrderPlaced']);
    const first = await placedOrder(shop.runtime.store, owner.userId);
    await receivedAt('/silent', (await orderPlacedEventId(first.subscriptionId)).id);

    await register('/answering', ['OrderPlaced']);
    const second = await placedOrder(shop.runtime.store, owner.userId);
    const started = Date.now();
    await receivedAt('/answering', (await orderPlacedEventId(second.subscriptionId)).id);
    // Well before the silent receiver's 10 s are up.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('replays from a position: the same event ids again, the request recorded with who asked', async () => {
    const replayed = await register('/replayed', ['OrderPlaced']);
    const first = await placedOrder(shop.runtime.store, owner.userId);
    const second = await placedOrder(shop.runtime.store, owner.userId);
    const [one, two] = [
      await orderPlacedEventId(first.subscriptionId),
      await orderPlacedEventId(second.subscriptionId),
    ];
    await receivedAt('/replayed', two.id);
    await receivedAt('/replayed', one.id);

    const reply = await asOwner('POST', `/api/admin/webhook-endpoints/${replayed.id}/replay`, {
      fromPosition: two.position,
    });
    expect(reply.status).toBe(202);
    const { replayId } = reply.body as { replayId: string };
    // From the second order on: it comes again, the first does not.
    await receivedAt('/replayed', two.id, 2);
    const rows = await eventually(
      () => deliveriesOf(replayed.id),
      (list) => list.some((row) => row.replayId === replayId && row.status === 'delivered'),
    );
    expect(rows.filter((row) => row.replayId === replayId).map((row) => [row.eventId, row.status])).toEqual([
      [two.id, 'delivered'],
    ]);
    expect(receiver.at('/replayed').filter((r) => r.headers['shop-event-id'] === one.id)).toHaveLength(1);
    const again = receiver.at('/replayed').filter((r) => r.headers['shop-event-id'] === two.id);
    expect(JSON.parse(again[1]!.body)).toEqual(JSON.parse(again[0]!.body));

    // Replaying from before the endpoint existed reaches the events it was registered after.
    const older = await placedOrder(shop.runtime.store, owner.userId);
    const olderEvent = await orderPlacedEventId(older.subscriptionId);
    const late = await register('/late', ['OrderPlaced']);
    expect(
      await asOwner('POST', `/api/admin/webhook-endpoints/${late.id}/replay`, { fromPosition: olderEvent.position }),
    ).toMatchObject({ status: 202 });
    await receivedAt('/late', olderEvent.id);

    const events = await shop.runtime.store.readStream(webhookEndpointStreamId(replayed.id));
    expect(events.at(-1)).toMatchObject({
      type: 'WebhookReplayRequested',
      data: { endpointId: replayed.id, replayId, fromPosition: two.position, requestedBy: owner.userId },
      metadata: { actor: { type: 'admin', id: owner.userId } },
    });
    const bad = await asOwner('POST', `/api/admin/webhook-endpoints/${replayed.id}/replay`, { fromPosition: 0 });
    expect([bad.status, bad.body.code]).toEqual([400, 'validation.failed']);
  });

  it('sends nothing more to a removed endpoint, and keeps its history', async () => {
    const removed = await register('/removed', ['OrderPlaced']);
    await register('/kept', ['OrderPlaced']);
    const before = await placedOrder(shop.runtime.store, owner.userId);
    await receivedAt('/removed', (await orderPlacedEventId(before.subscriptionId)).id);

    const reply = await asOwner('DELETE', `/api/admin/webhook-endpoints/${removed.id}`);
    expect(reply.body).toMatchObject({ id: removed.id, status: 'removed', removedBy: owner.userId });
    const after = await placedOrder(shop.runtime.store, owner.userId);
    const afterEvent = await orderPlacedEventId(after.subscriptionId);
    await receivedAt('/kept', afterEvent.id);
    // The dispatcher reads every endpoint in one round: the kept one got it, the removed one never will.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.at('/removed').filter((r) => r.headers['shop-event-id'] === afterEvent.id)).toEqual([]);
    expect((await deliveriesOf(removed.id)).map((row) => row.status)).toEqual(['delivered']);
    const replay = await asOwner('POST', `/api/admin/webhook-endpoints/${removed.id}/replay`, { fromPosition: 1 });
    expect([replay.status, replay.body.code]).toEqual([409, 'webhook.removed']);
    expect((await asOwner('DELETE', `/api/admin/webhook-endpoints/${randomUUID()}`)).status).toBe(404);
  });
});

describe('the delivery log', () => {
  it('forgets deliveries a month after they were made and failed ones after three, never one still to send', async () => {
    const endpoint = await register('/kept-for-a-while', ['OrderPlaced']);
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000);
    const row = (status: string, at: Date) => ({
      id: randomUUID(),
      endpoint_id: endpoint.id,
      event_id: randomUUID(),
      event_type: 'OrderPlaced',
      event_position: 1,
      stream_id: 'subscription-x',
      stream_version: 1,
      status,
      attempts: 1,
      created_at: at,
      first_attempt_at: at,
      next_attempt_at: at,
      last_attempt_at: at,
      delivered_at: status === 'delivered' ? at : null,
    });
    const rows = {
      deliveredLongAgo: row('delivered', daysAgo(31)),
      deliveredLately: row('delivered', daysAgo(29)),
      failedLongAgo: row('failed', daysAgo(91)),
      failedLately: row('failed', daysAgo(60)),
      // Waiting for its next try a day from now: the shop's deliverer, running beside this test,
      // would otherwise try it at once and add an attempt between the insert and the check.
      stillToSend: { ...row('pending', daysAgo(120)), next_attempt_at: new Date(now.getTime() + 24 * 3600_000) },
    };
    const { knex } = shop.runtime;
    await knex('webhook_deliveries').insert(Object.values(rows));
    await knex('webhook_delivery_attempts').insert(
      Object.values(rows).map((delivery) => ({
        delivery_id: delivery.id,
        endpoint_id: endpoint.id,
        attempt: 1,
        at: delivery.created_at,
        duration_ms: 12,
        status_code: delivery.status === 'delivered' ? 200 : 500,
        delivered: delivery.status === 'delivered',
      })),
    );

    expect(await purgeWebhookDeliveries(knex, now)).toBe(2);
    const inserted = Object.values(rows).map((delivery) => delivery.id);
    const left = new Set(
      ((await knex('webhook_deliveries').whereIn('id', inserted).select('id')) as { id: string }[]).map(
        (kept) => kept.id,
      ),
    );
    expect([...left].sort()).toEqual([rows.deliveredLately.id, rows.failedLately.id, rows.stillToSend.id].sort());
    const attempts = (await knex('webhook_delivery_attempts')
      .whereIn('delivery_id', inserted)
      .select('delivery_id')) as { delivery_id: string }[];
    expect(attempts.every((attempt) => left.has(attempt.delivery_id))).toBe(true);
    expect(attempts).toHaveLength(3);
  });
});

describe('the retry schedule', () => {
  it('doubles from the base with ±20 % jitter, at most an hour apart, for a day', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 10_000, () => 0.5))).toEqual([
      10_000, 20_000, 40_000, 80_000,
    ]);
    expect(retryDelayMs(1, 10_000, () => 0)).toBe(8_000);
    expect(retryDelayMs(1, 10_000, () => 1)).toBe(12_000);
    expect(retryDelayMs(30, 10_000, () => 0.5)).toBe(3_600_000);
    let elapsed = 0;
    let attempts = 1;
    while (elapsed + retryDelayMs(attempts, 10_000, () => 0.5) <= RETRY_WINDOW_MS) {
      elapsed += retryDelayMs(attempts, 10_000, () => 0.5);
      attempts += 1;
    }
    expect(attempts).toBeGreaterThan(25);
    expect(attempts).toBeLessThan(40);
  });
});

describe('a worker stopped half-way', () => {
  it('loses nothing: after a restart and a Redis flush the delivery goes on from the database', async () => {
    const database = await createTestDatabase('webhooks_restart');
    const redis = await startPrivateRedis();
    const start = () =>
      startTestShop({
        databaseUrl: database.url,
        redisUrl: redis.url,
        env: { WEBHOOK_RETRY_BASE_MS: '200' },
      });
    try {
      const first = await start();
      const ownerHere = await signUpAdmin(first, { label: 'restart-owner', ip: randomIp('10.84') });
      receiver.answer('/restart', [503, 503, 503, 503, 503, 503, 503, 503, 503, 503]);
      const created = await requestsTo(first)('POST', '/api/admin/webhook-endpoints', {
        token: ownerHere.token,
        body: { url: receiver.url('/restart'), eventTypes: ['OrderPlaced'] },
      });
      expect(created.status).toBe(201);
      const { subscriptionId } = await placedOrder(first.runtime.store, ownerHere.userId);
      const eventId = (
        await first.runtime
          .knex('es_events')
          .where({ stream_id: `subscription-${subscriptionId}` })
          .first('event_id')
      ).event_id as string;
      await receivedAt('/restart', eventId, 2);
      await first.stop();
      // Whatever the queue held is gone too: delivery never relied on it.
      await redis.flushAll();
      receiver.answer('/restart', []);

      const second = await start();
      try {
        await receivedAt('/restart', eventId, 3);
        const delivered = await eventually(
          () => second.runtime.knex('webhook_deliveries').where({ event_id: eventId }).select('status', 'attempts'),
          (rows) => rows[0]?.status === 'delivered',
          15_000,
        );
        expect(delivered).toHaveLength(1);
        expect(delivered[0]).toMatchObject({ status: 'delivered' });
        expect(delivered[0]!.attempts).toBeGreaterThanOrEqual(3);
      } finally {
        await second.stop();
      }
    } finally {
      await database.drop();
      await redis.stop();
    }
  }, 60_000);
});
