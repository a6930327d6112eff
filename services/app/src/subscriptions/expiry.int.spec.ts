import { PostgresEventStore } from '@shop/event-store';
import { getSubscription, migrateToLatest } from '@shop/projections';
import { createTestDatabase, testServices, uniqueRedisPrefix, type TestDatabase } from '@shop/testing';
import { Queue } from 'bullmq';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BullmqJobQueue } from '../jobs/bullmq-queue.js';
import { paidSubscription } from '../testing/paid-subscription.js';
import { eventually, startTestShop, type TestShop } from '../testing/test-shop.js';

describe.each([
  { queue: 'bullmq' as const, redis: true },
  { queue: 'in-process' as const, redis: false },
])('subscription expiry with the $queue queue', ({ queue, redis }) => {
  let database: TestDatabase;
  let prefix: string;
  let shop: TestShop | undefined;

  beforeEach(async () => {
    database = await createTestDatabase(`expiry_${queue.replace('-', '_')}`);
    prefix = uniqueRedisPrefix('expiry');
  });
  afterEach(async () => {
    await shop?.stop();
    shop = undefined;
    await database.drop();
  });

  const start = (env: Record<string, string> = {}) =>
    startTestShop({
      databaseUrl: database.url,
      ...(redis ? { redisUrl: testServices().redisUrl, queuePrefix: prefix } : {}),
      env,
    });

  it('schedules a delayed job when a subscription becomes active, and it expires the subscription on time', async () => {
    shop = await start();
    expect(shop.runtime.queue.kind).toBe(queue);
    const expiresAt = new Date(Date.now() + 2500);
    const { subscriptionId, streamId, confirmedEventId } = await paidSubscription(
      shop.runtime.store,
      'user-1',
      expiresAt,
    );

    if (shop.runtime.queue instanceof BullmqJobQueue) {
      const job = await eventually(
        () => (shop!.runtime.queue as BullmqJobQueue).jobState(confirmedEventId),
        (j) => j !== null,
      );
      expect(job).toMatchObject({ state: 'delayed', data: { subscriptionId } });
      expect(job!.delay).toBeGreaterThan(500);
      expect(job!.delay).toBeLessThanOrEqual(2500);
    }

    const active = await eventually(
      () => getSubscription(shop!.runtime.knex, subscriptionId),
      (s) => s?.status === 'active',
    );
    expect(active?.expiresAt).toBe(expiresAt.toISOString());
    const expired = await eventually(
      () => getSubscription(shop!.runtime.knex, subscriptionId),
      (s) => s?.status === 'expired',
      15_000,
    );
    expect(expired?.status).toBe('expired');
    const history = await shop.runtime.store.readStream(streamId);
    const expiry = history.filter((e) => e.type === 'SubscriptionExpired');
    expect(expiry).toHaveLength(1);
    expect(expiry[0]!.recordedAt.getTime()).toBeGreaterThanOrEqual(expiresAt.getTime());
    expect(expiry[0]!.metadata.actor).toEqual({ type: 'system', id: 'expiry' });
  });

  it('catches up with the periodic sweep when a timer was lost', async () => {
    // The events exist but the reactor's checkpoint is already past them: as if the process
    // holding the timer had died after saving its checkpoint.
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    // Dropping the test database ends idle connections from the server side: expected, not a failure.
    pool.on('error', () => undefined);
    const store = new PostgresEventStore({ pool });
    const { subscriptionId, streamId } = await paidSubscription(store, 'user-1', new Date(Date.now() - 60_000));
    const head = await store.head();
    const knex = (await import('knex')).default({ client: 'pg', connection: database.url });
    await migrateToLatest(knex);
    await knex('reactor_checkpoints').insert({
      name: 'subscription-expiry',
      checkpoint: head.checkpoint,
      last_position: head.globalPosition,
    });
    await knex.destroy();
    await store.close();
    await pool.end();

    shop = await start({ EXPIRY_SWEEP_INTERVAL_MS: '1000' });
    const expired = await eventually(
      () => getSubscription(shop!.runtime.knex, subscriptionId),
      (s) => s?.status === 'expired',
      15_000,
    );
    expect(expired?.status).toBe('expired');
    expect(
      (await shop.runtime.store.readStream(streamId)).filter((e) => e.type === 'SubscriptionExpired'),
    ).toHaveLength(1);
  });

  it.runIf(redis)('enqueues nothing twice when the reactor replays the log', async () => {
    shop = await start();
    const { confirmedEventId, subscriptionId } = await paidSubscription(
      shop.runtime.store,
      'user-1',
      new Date(Date.now() + 60 * 60_000),
    );
    await eventually(
      () => (shop!.runtime.queue as BullmqJobQueue).jobState(confirmedEventId),
      (j) => j !== null,
    );
    await shop.stop();

    // Forget how far the reactor got: on restart it replays the whole log.
    const knex = (await import('knex')).default({ client: 'pg', connection: database.url });
    await knex('reactor_checkpoints').delete();
    await knex.destroy();
    shop = await start();
    await eventually(
      () => shop!.runtime.knex('reactor_checkpoints').first(),
      (row) => Boolean(row?.checkpoint),
    );

    const bull = new Queue('shop-jobs', { connection: { url: testServices().redisUrl }, prefix });
    try {
      const jobs = await bull.getJobs(['delayed', 'waiting', 'active', 'completed', 'failed']);
      const expiryJobs = jobs.filter((job) => job.name === 'expire-subscription');
      // Redis holds the ledger's copy: the job's data beside its ledger id.
      expect(expiryJobs.map((job) => [job.id, job.data.ledgerId, job.data.data.subscriptionId])).toEqual([
        [confirmedEventId, confirmedEventId, subscriptionId],
      ]);
      const ledger = await shop.runtime.knex('queued_jobs').where({ name: 'expire-subscription' }).pluck('id');
      expect(ledger).toEqual([confirmedEventId]);
    } finally {
      await bull.close();
    }
  });
});
