import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import type { Knex } from 'knex';
import type { Logger } from '../infrastructure/logger.js';
import type * as Jobs from './job-queue.js';
import { handlerOf, JOB_ATTEMPTS, JOB_BACKOFF_MS } from './job-queue.js';
import { notYetDelayMs, NotYetError } from './not-yet.js';
import {
  jobStatus,
  markHandedOver,
  markJobFinished,
  pendingJobsPage,
  recordJobs,
  reopenFailedJobs,
  type LedgerJob,
} from './job-ledger.js';

const QUEUE_NAME = 'shop-jobs';
const DAY_SECONDS = 24 * 3600;
const HAND_OVER_PAGE = 500;
/** A hand-over from a reactor waits this long for Redis; the reconciler hands over later what it missed. */
const HAND_OVER_WAIT_MS = 2_000;

function connectionOptions(redisUrl: string) {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}

/** BullMQ does not accept ':' in a custom job id. */
const toBullJobId = (jobId: string) => jobId.replaceAll(':', '_');

/**
 * What BullMQ holds for a job of the ledger: the handler's data and the ledger's id (BullMQ's own
 * id has lost its ':'). Jobs without it (a repeating schedule's) are not in the ledger.
 */
interface LedgerCopy {
  ledgerId: string;
  data: unknown;
}
const isLedgerCopy = (data: unknown): data is LedgerCopy =>
  typeof data === 'object' && data !== null && typeof (data as LedgerCopy).ledgerId === 'string';

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  // The late outcome of a promise that lost the race is dropped, not left unhandled.
  promise.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface BullmqJobQueueOptions {
  redisUrl: string;
  prefix: string;
  knex: Knex;
  logger: Logger;
  clock?: () => Date;
  concurrency?: number;
  backoffMs?: number;
}

/**
 * Runs the ledger's jobs on BullMQ (Redis), with its retries and delays. Redis holds a copy of
 * the work only: each job is first a row of `queued_jobs`, its outcome is written back there, and
 * `reconcile` hands the pending rows over again when Redis has lost them (flushed, restarted
 * without persistence), found by a marker key that disappears with the data.
 */
export class BullmqJobQueue implements Jobs.JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly queue: Queue;
  private worker: Worker | null = null;
  private readonly clock: () => Date;
  private readonly backoffMs: number;
  /** Repeating schedules this process set up, set up again by `reconcile` if Redis lost them. */
  private readonly repeating = new Map<Jobs.JobName, number>();

  constructor(private readonly options: BullmqJobQueueOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.backoffMs = options.backoffMs ?? JOB_BACKOFF_MS;
    this.queue = new Queue(QUEUE_NAME, { connection: connectionOptions(options.redisUrl), prefix: options.prefix });
    this.queue.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  }

  async enqueue(jobs: readonly Jobs.JobRequest[]): Promise<void> {
    if (jobs.length === 0) return;
    const recorded = await recordJobs(this.options.knex, jobs, this.clock());
    if (recorded.length === 0) return;
    try {
      await withTimeout(this.handOver(recorded), HAND_OVER_WAIT_MS, 'Redis');
    } catch (error) {
      // Recorded is what matters: the reconciler hands them over once Redis answers.
      this.options.logger.warn({ err: error, jobs: recorded.length }, 'jobs recorded; not yet handed to Redis');
    }
  }

  async startProcessing(handlers: Jobs.JobHandlers): Promise<void> {
    const { logger, knex } = this.options;
    this.worker = new Worker(
      QUEUE_NAME,
      async (job: Job, token?: string) => {
        const handler = handlerOf(handlers, job.name);
        if (!handler) throw new Error(`No handler for job ${job.name}`);
        const copy = isLedgerCopy(job.data) ? job.data : null;
        // Handed over twice (Redis kept a copy the reconciler did not know of): run once.
        if (copy && (await jobStatus(knex, copy.ledgerId)) !== 'pending') return;
        const attempts = job.attemptsMade + 1;
        try {
          await handler(copy ? copy.data : job.data);
        } catch (error) {
          if (error instanceof NotYetError) {
            await job.moveToDelayed(Date.now() + notYetDelayMs(error, Date.now() - job.timestamp), token);
            throw new DelayedError();
          }
          if (copy && attempts >= (job.opts.attempts ?? 1)) {
            await markJobFinished(knex, copy.ledgerId, {
              status: 'failed',
              attempts,
              at: this.clock(),
              error: error instanceof Error ? error.message : String(error),
            });
          }
          throw error;
        }
        if (copy) await markJobFinished(knex, copy.ledgerId, { status: 'done', attempts, at: this.clock() });
      },
      {
        connection: connectionOptions(this.options.redisUrl),
        prefix: this.options.prefix,
        concurrency: this.options.concurrency ?? 8,
        // A worker killed mid-job leaves it locked: another takes it within about 20 s (the lock's
        // 10 s, then two stall checks 5 s apart), not BullMQ's default minute and a half.
        lockDuration: 10_000,
        stalledInterval: 5_000,
      },
    );
    this.worker.on('failed', (job, error) => {
      logger.warn({ job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: error }, 'job failed');
      // A job whose worker died too often mid-run is failed by BullMQ itself, outside the processor.
      if (job && isLedgerCopy(job.data) && /stalled/i.test(error.message)) {
        const outcome = {
          status: 'failed',
          attempts: job.attemptsMade,
          at: this.clock(),
          error: error.message,
        } as const;
        markJobFinished(knex, job.data.ledgerId, outcome).catch((cause: unknown) =>
          logger.error({ err: cause, jobId: job.id }, 'failed job not recorded'),
        );
      }
    });
    this.worker.on('error', (error) => logger.error({ err: error }, 'job worker error'));
    await this.worker.waitUntilReady();
  }

  async scheduleRepeating(name: Jobs.JobName, everyMs: number): Promise<void> {
    this.repeating.set(name, everyMs);
    await this.queue.upsertJobScheduler(`repeat-${name}`, { every: everyMs }, { name, data: {} });
  }

  async reconcile(): Promise<{ handedOver: number }> {
    for (const [name, everyMs] of this.repeating) {
      await this.queue.upsertJobScheduler(`repeat-${name}`, { every: everyMs }, { name, data: {} });
    }
    const client = await this.queue.client;
    const marker = this.markerKey;
    // The marker goes with the data: missing, Redis has lost (or never had) what was handed over.
    const intact = (await client.get(marker)) !== null;
    // Set before the copies go over, never after: should Redis lose its data again meanwhile, the
    // marker goes with the copies and the next pass hands everything over once more.
    if (!intact) await client.set(marker, this.clock().toISOString());
    let handedOver = 0;
    let afterId: string | null = null;
    for (;;) {
      const page = await pendingJobsPage(this.options.knex, { all: !intact, afterId, limit: HAND_OVER_PAGE });
      if (page.length === 0) break;
      await this.handOver(page);
      handedOver += page.length;
      afterId = page.at(-1)!.id;
    }
    if (handedOver > 0) {
      this.options.logger.info({ jobs: handedOver, redisLostData: !intact }, 'pending jobs handed over to Redis');
    }
    return { handedOver };
  }

  async retry(ids: readonly string[] | 'all'): Promise<string[]> {
    const reopened = await reopenFailedJobs(this.options.knex, ids, this.clock());
    // BullMQ keeps a failed job under its id; it must go before the id can run again.
    for (const job of reopened) await (await this.queue.getJob(toBullJobId(job.id)))?.remove();
    await this.handOver(reopened);
    return reopened.map((job) => job.id);
  }

  async counts() {
    const counts = await this.queue.getJobCounts('waiting', 'delayed', 'active', 'failed');
    return {
      waiting: counts.waiting ?? 0,
      delayed: counts.delayed ?? 0,
      active: counts.active ?? 0,
      failed: counts.failed ?? 0,
    };
  }

  async reachable(timeoutMs: number): Promise<boolean> {
    try {
      await withTimeout((async () => (await this.queue.client).get(this.markerKey))(), timeoutMs, 'Redis');
      return true;
    } catch {
      return false;
    }
  }

  /** For tests and the CLI: the state of one job, by the id it was enqueued with. */
  async jobState(jobId: string): Promise<{ state: string; delay: number; data: unknown } | null> {
    const job = await this.queue.getJob(toBullJobId(jobId));
    if (!job) return null;
    const data: unknown = isLedgerCopy(job.data) ? job.data.data : job.data;
    return { state: await job.getState(), delay: job.opts.delay ?? 0, data };
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }

  /** Set once Redis holds every pending job of the ledger; it disappears with Redis's data. */
  private get markerKey(): string {
    return `${this.options.prefix}:${QUEUE_NAME}:ledger-copy`;
  }

  private async handOver(jobs: readonly LedgerJob[]): Promise<void> {
    if (jobs.length === 0) return;
    // Redis counts delays in its own time, whatever the shop's clock says.
    const now = Date.now();
    await this.queue.addBulk(
      jobs.map((job) => ({
        name: job.name,
        data: { ledgerId: job.id, data: job.data } satisfies LedgerCopy,
        opts: {
          jobId: toBullJobId(job.id),
          delay: Math.max(0, job.runAt.getTime() - now),
          attempts: JOB_ATTEMPTS,
          backoff: { type: 'exponential', delay: this.backoffMs },
          // The ledger keeps the record; Redis keeps finished copies only for a look with its own tools.
          removeOnComplete: { age: DAY_SECONDS },
          removeOnFail: { age: 90 * DAY_SECONDS },
        },
      })),
    );
    await markHandedOver(
      this.options.knex,
      jobs.map((job) => job.id),
      this.clock(),
    );
  }
}
