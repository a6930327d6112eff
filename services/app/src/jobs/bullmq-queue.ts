import { Queue, Worker, type Job } from 'bullmq';
import type { Logger } from '../infrastructure/logger.js';
import {
  JOB_ATTEMPTS,
  JOB_BACKOFF_MS,
  type JobHandlers,
  type JobName,
  type JobQueue,
  type JobRequest,
} from './job-queue.js';

const QUEUE_NAME = 'shop-jobs';
const DAY_SECONDS = 24 * 3600;

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

export class BullmqJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly queue: Queue;
  private worker: Worker | null = null;

  constructor(private readonly options: { redisUrl: string; prefix: string; logger: Logger; concurrency?: number }) {
    this.queue = new Queue(QUEUE_NAME, { connection: connectionOptions(options.redisUrl), prefix: options.prefix });
    this.queue.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  }

  async enqueue(jobs: readonly JobRequest[]): Promise<void> {
    if (jobs.length === 0) return;
    const now = Date.now();
    await this.queue.addBulk(
      jobs.map((job) => ({
        name: job.name,
        data: job.data,
        opts: {
          jobId: toBullJobId(job.jobId),
          delay: job.runAt ? Math.max(0, job.runAt.getTime() - now) : 0,
          attempts: JOB_ATTEMPTS,
          backoff: { type: 'exponential', delay: JOB_BACKOFF_MS },
          // Kept a while after completion so a replayed event finds its job and adds nothing.
          removeOnComplete: { age: 30 * DAY_SECONDS },
          removeOnFail: { age: 90 * DAY_SECONDS },
        },
      })),
    );
  }

  async startProcessing(handlers: JobHandlers): Promise<void> {
    const { logger } = this.options;
    this.worker = new Worker(
      QUEUE_NAME,
      async (job: Job) => {
        const handler = handlers[job.name as JobName] as ((data: unknown) => Promise<void>) | undefined;
        if (!handler) throw new Error(`No handler for job ${job.name}`);
        await handler(job.data);
      },
      {
        connection: connectionOptions(this.options.redisUrl),
        prefix: this.options.prefix,
        concurrency: this.options.concurrency ?? 4,
      },
    );
    this.worker.on('failed', (job, error) =>
      logger.warn({ job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: error }, 'job failed'),
    );
    this.worker.on('error', (error) => logger.error({ err: error }, 'job worker error'));
    await this.worker.waitUntilReady();
  }

  async scheduleRepeating(name: JobName, everyMs: number): Promise<void> {
    await this.queue.upsertJobScheduler(`repeat-${name}`, { every: everyMs }, { name, data: {} });
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

  /** For tests and the CLI: the state of one job, by the id it was enqueued with. */
  async jobState(jobId: string): Promise<{ state: string; delay: number; data: unknown } | null> {
    const job = await this.queue.getJob(toBullJobId(jobId));
    if (!job) return null;
    return { state: await job.getState(), delay: job.opts.delay ?? 0, data: job.data };
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}
