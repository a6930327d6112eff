import { Queue } from 'bullmq';
import { migrateToLatest } from '@shop/projections';
import { PostgresEventStore } from '@shop/event-store';
import { createTestDatabase, eventually, type TestDatabase } from '@shop/testing';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../infrastructure/logger.js';
import { checkReadiness, readinessChecks } from '../operations/readiness.js';
import { expiryHandlers, expiryJob } from '../testing/expiry-jobs.js';
import { startPrivateRedis, type PrivateRedis } from '../testing/private-redis.js';
import { BullmqJobQueue } from './bullmq-queue.js';
import { InProcessJobQueue } from './in-process-queue.js';
import { listFailedJobs } from './job-ledger.js';
import type { JobQueue } from './job-queue.js';
import { NotYetError } from './not-yet.js';

const logger = createLogger({ level: 'silent' });
/** Six attempts 20 ms apart, doubling: the whole retry window is 620 ms. */
const BACKOFF_MS = 20;

let database: TestDatabase;
let knex: Knex;
let pool: pg.Pool;
let redis: PrivateRedis & { stop: () => Promise<void> };
const queues: JobQueue[] = [];

beforeAll(async () => {
  database = await createTestDatabase('job_ledger');
  knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 6 } });
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  pool.on('error', () => undefined);
  await migrateToLatest(knex);
  redis = await startPrivateRedis();
});

afterAll(async () => {
  for (const queue of queues) await queue.close().catch(() => undefined);
  await redis?.stop();
  await pool?.end();
  await knex?.destroy();
  await database?.drop();
});

function bullmq(prefix: string): BullmqJobQueue {
  const queue = new BullmqJobQueue({ redisUrl: redis.url, prefix, knex, logger, backoffMs: BACKOFF_MS });
  queues.push(queue);
  return queue;
}

function inProcess(): InProcessJobQueue {
  const queue = new InProcessJobQueue({ knex, logger, backoffMs: BACKOFF_MS });
  queues.push(queue);
  return queue;
}

/** Handlers for `expire-subscription` that count the runs that did their work, by subscription id. */
function countingHandlers(behaviour: (subscriptionId: string) => void = () => undefined) {
  const done = new Map<string, number>();
  const handlers = expiryHandlers((subscriptionId) => {
    behaviour(subscriptionId);
    done.set(subscriptionId, (done.get(subscriptionId) ?? 0) + 1);
  });
  return { done, handlers };
}

const ledgerRow = (id: string) =>
  knex('queued_jobs').where({ id }).first<{ status: string; attempts: number; last_error: string | null }>();

/** The checks `/readyz` makes of the queue and the jobs, on their own. */
async function queueReadiness(queue: JobQueue) {
  const store = new PostgresEventStore({ pool, listen: false });
  const checks = readinessChecks({
    knex,
    store,
    queue,
    clock: () => new Date(),
    maxLagEvents: 1000,
    maxSilenceMs: 30_000,
    logAtStart: null,
  }).filter((check) => check.name === 'queue' || check.name === 'jobs');
  const started = Date.now();
  const answer = await checkReadiness(checks);
  return { answer, tookMs: Date.now() - started };
}

describe.each([
  ['in-process', () => inProcess()],
  ['bullmq', () => bullmq(`ledger-wait-${Date.now()}`)],
] as const)('a job waiting for its read model (%s queue)', (_kind, makeQueue) => {
  it('waits well past the retry window without using an attempt, then runs once', async () => {
    const id = `wait-${_kind}-${Date.now()}`;
    const readyAt = Date.now() + 2_000;
    let looks = 0;
    const { done, handlers } = countingHandlers(() => {
      looks++;
      if (Date.now() < readyAt) throw new NotYetError('the read model has not caught up yet');
    });
    const queue = makeQueue();
    await queue.startProcessing(handlers);
    await queue.enqueue([expiryJob(id)]);

    const row = await eventually(
      () => ledgerRow(id),
      (r) => r?.status !== 'pending',
      10_000,
    );
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
    expect(done.get(id)).toBe(1);
    // It looked several times over 2 s, three times the 620 ms in which six failures would have failed it.
    expect(looks).toBeGreaterThan(2);
  });
});

describe('the BullMQ queue holds a copy of the ledger', () => {
  it('hands back what Redis lost (pending jobs, timers, the repeating schedule) and runs nothing twice', async () => {
    const prefix = `ledger-flush-${Date.now()}`;
    const queue = bullmq(prefix);
    const { done, handlers } = countingHandlers();
    await queue.startProcessing(handlers);
    await queue.scheduleRepeating('sweep-expired-subscriptions', 3_600_000);
    await queue.enqueue([
      expiryJob('ran-before-flush'),
      expiryJob('timer-in-an-hour', new Date(Date.now() + 3_600_000)),
    ]);
    await eventually(
      () => ledgerRow('ran-before-flush'),
      (r) => r?.status === 'done',
    );
    expect((await queue.jobState('timer-in-an-hour'))?.state).toBe('delayed');

    await redis.flushAll();
    expect(await queue.jobState('timer-in-an-hour')).toBeNull();
    expect(await queue.reconcile()).toEqual({ handedOver: 1 });
    expect((await queue.jobState('timer-in-an-hour'))?.state).toBe('delayed');
    const bull = new Queue('shop-jobs', { connection: { url: redis.url }, prefix });
    try {
      expect((await bull.getJobSchedulers()).map((s) => s.key)).toEqual(['repeat-sweep-expired-subscriptions']);
    } finally {
      await bull.close();
    }
    // Nothing left to hand over while Redis keeps its data.
    expect(await queue.reconcile()).toEqual({ handedOver: 0 });
    expect(done.get('ran-before-flush')).toBe(1);
  });

  it('hands back again what Redis lost while the reconciler was handing it over', async () => {
    const prefix = `ledger-flush-during-${Date.now()}`;
    const queue = bullmq(prefix);
    await queue.enqueue([expiryJob('timer-lost-twice', new Date(Date.now() + 3_600_000))]);
    await redis.flushAll();
    // Redis loses its data again the moment the reconciler's copies have reached it.
    const internals = queue as unknown as { handOver: (jobs: unknown[]) => Promise<void> };
    const handOver = internals.handOver.bind(queue);
    internals.handOver = async (jobs) => {
      await handOver(jobs);
      await redis.flushAll();
    };
    // (The ledger is shared with the other tests: their pending jobs are handed over too.)
    expect((await queue.reconcile()).handedOver).toBeGreaterThanOrEqual(1);
    internals.handOver = handOver;
    expect(await queue.jobState('timer-lost-twice')).toBeNull();
    // The next pass sees that Redis lost it and hands it over once more.
    expect((await queue.reconcile()).handedOver).toBeGreaterThanOrEqual(1);
    expect((await queue.jobState('timer-lost-twice'))?.state).toBe('delayed');
  });

  it('records jobs while Redis is down, says so within 2 s, and runs them once it is back', async () => {
    const prefix = `ledger-down-${Date.now()}`;
    const queue = bullmq(prefix);
    const { done, handlers } = countingHandlers();
    await queue.startProcessing(handlers);

    await redis.kill();
    const enqueuedAt = Date.now();
    await queue.enqueue([expiryJob('recorded-while-redis-down')]);
    expect(Date.now() - enqueuedAt).toBeLessThan(5_000);
    expect(await ledgerRow('recorded-while-redis-down')).toMatchObject({ status: 'pending' });
    const down = await queueReadiness(queue);
    expect(down.tookMs).toBeLessThan(2_000);
    expect(down.answer.status).toBe('degraded');
    expect(down.answer.checks.find((c) => c.name === 'queue')).toMatchObject({ ok: false, critical: false });

    await redis.start();
    // Started empty, as a Redis without persistence does: the reconciler hands the job over.
    await eventually(
      async () => {
        await queue.reconcile();
        return ledgerRow('recorded-while-redis-down');
      },
      (r) => r?.status === 'done',
      20_000,
    );
    expect(done.get('recorded-while-redis-down')).toBe(1);
    expect((await queueReadiness(queue)).answer.status).toBe('ready');
  });

  it('lists a job that used all its attempts as failed, says the shop is degraded, and retries it on request', async () => {
    const prefix = `ledger-failed-${Date.now()}`;
    const queue = bullmq(prefix);
    let broken = true;
    const { done, handlers } = countingHandlers(() => {
      if (broken) throw new Error('the mail server refused the message');
    });
    await queue.startProcessing(handlers);
    await queue.enqueue([expiryJob('always-failing')]);

    const failed = await eventually(
      () => ledgerRow('always-failing'),
      (r) => r?.status === 'failed',
      15_000,
    );
    expect(failed).toMatchObject({ attempts: 6, last_error: 'the mail server refused the message' });
    expect((await listFailedJobs(knex)).map((j) => j.id)).toContain('always-failing');
    const degraded = await queueReadiness(queue);
    expect(degraded.answer.status).toBe('degraded');
    expect(degraded.answer.checks.find((c) => c.name === 'jobs')?.reason).toMatch(/failed jobs/);

    broken = false;
    expect(await queue.retry(['always-failing', 'not-a-failed-job'])).toEqual(['always-failing']);
    await eventually(
      () => ledgerRow('always-failing'),
      (r) => r?.status === 'done',
      10_000,
    );
    expect(done.get('always-failing')).toBe(1);
  });
});
