import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from '../infrastructure/logger.js';
import type * as Jobs from './job-queue.js';
import { handlerOf, JOB_ATTEMPTS, JOB_BACKOFF_MS } from './job-queue.js';
import { notYetDelayMs, NotYetError } from './not-yet.js';
import { pendingJobsPage, recordJobs, reopenFailedJobs, type LedgerJob } from './job-ledger.js';

/** setTimeout holds at most ~24.8 days; longer delays are waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How long a started job belongs to the process running it; a process that died gives it up after this. */
const LEASE_MS = 10 * 60_000;
/** A job whose bookkeeping failed (the database away a moment) is looked at again after this. */
const BOOKKEEPING_RETRY_MS = 5_000;
const PAGE = 500;

interface StoredJob {
  id: string;
  name: Jobs.JobName;
  data: unknown;
  runAt: number;
  /** When this instance first scheduled it: how long a job kept waiting for its read model has waited. */
  firstRunAt: number;
}

const stored = (job: LedgerJob): StoredJob => ({
  id: job.id,
  name: job.name,
  data: job.data,
  runAt: job.runAt.getTime(),
  firstRunAt: job.runAt.getTime(),
});

export interface InProcessJobQueueOptions {
  knex: Knex;
  logger: Logger;
  /** The queue's idea of now: when a job is due, and its back-off. Timers still wait in real time. */
  clock?: () => Date;
  /** First pause after a failure, doubled at each attempt. */
  backoffMs?: number;
}

/**
 * (An adapter of the job-queue port, over 300 lines because it does in one place what Redis and
 * BullMQ do for the other adapter: leases, retries with back-off, delays that outlive the process.)
 *
 * The embedded default: jobs run in this process, with the same ids, retries and back-off as
 * on BullMQ. Each job is a row of `queued_jobs` before it is scheduled, so a delayed job (an
 * expiry, an "expiring soon" notice) survives a restart: on start the worker schedules every
 * pending row again, and a job already done is never run twice. Repeating jobs (the expiry
 * sweep) are plain timers, set up again at every start.
 */
export class InProcessJobQueue implements Jobs.JobQueue {
  readonly kind = 'in-process' as const;
  private readonly knex: Knex;
  private readonly logger: Logger;
  private readonly clock: () => Date;
  private readonly backoffMs: number;
  /** Marks the leases of this instance, so it can take a job of its own back after a hiccup. */
  private readonly owner = randomUUID();
  private handlers: Jobs.JobHandlers | null = null;
  /** Ids of the jobs this instance has a timer or a run for. */
  private readonly scheduled = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly repeatTimers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  /** Ids of the jobs running in this instance now: a second timer for one of them does not run it again. */
  private readonly runningIds = new Set<string>();
  private repeatActive = 0;
  private closed = false;

  constructor(options: InProcessJobQueueOptions) {
    this.knex = options.knex;
    this.logger = options.logger;
    this.clock = options.clock ?? (() => new Date());
    this.backoffMs = options.backoffMs ?? JOB_BACKOFF_MS;
  }

  async enqueue(jobs: readonly Jobs.JobRequest[]): Promise<void> {
    if (jobs.length === 0) return;
    const recorded = await recordJobs(this.knex, jobs, this.clock());
    // Before the worker starts, rows wait in the table: startProcessing schedules them.
    if (this.handlers) for (const job of recorded) this.schedule(stored(job));
  }

  async startProcessing(handlers: Jobs.JobHandlers): Promise<void> {
    // Set first: a job inserted from now on is scheduled by enqueue, one inserted before is read below.
    this.handlers = handlers;
    const { handedOver } = await this.reconcile();
    if (handedOver > 0) this.logger.info({ jobs: handedOver }, 'pending jobs scheduled');
  }

  /**
   * Sets a timer for every pending row this instance has none for (rows retried from the CLI,
   * say), and runs at once those whose time has come although their timer waits further (the
   * clock was put forward, the machine slept): a timer's wait is the clock's at the time it was set.
   */
  async reconcile(): Promise<{ handedOver: number }> {
    if (!this.handlers) return { handedOver: 0 };
    let handedOver = 0;
    let afterId: string | null = null;
    for (;;) {
      const page = await pendingJobsPage(this.knex, { all: true, afterId, limit: PAGE });
      if (page.length === 0) break;
      const now = this.now();
      for (const job of page) {
        const due = job.runAt.getTime() <= now;
        if (this.scheduled.has(job.id) && !due) continue;
        // A second timer is harmless: the run claims the row first, and a job done is not run again.
        this.schedule(stored(job), undefined, due);
        handedOver++;
      }
      afterId = page.at(-1)!.id;
    }
    return { handedOver };
  }

  async retry(ids: readonly string[] | 'all'): Promise<string[]> {
    const reopened = await reopenFailedJobs(this.knex, ids, this.clock());
    if (this.handlers) for (const job of reopened) this.schedule(stored(job), job.runAt.getTime(), true);
    return reopened.map((job) => job.id);
  }

  async reachable(): Promise<boolean> {
    return true;
  }

  async scheduleRepeating(name: Jobs.JobName, everyMs: number): Promise<void> {
    const tick = () => {
      if (this.closed) return;
      const timer = setTimeout(() => {
        this.repeatTimers.delete(timer);
        this.track(this.runRepeating(name, 1)).finally(tick);
      }, everyMs);
      timer.unref();
      this.repeatTimers.add(timer);
    };
    tick();
  }

  async counts() {
    const now = new Date(this.now());
    const row = (await this.knex('queued_jobs')
      .select(
        this.knex.raw(
          `count(*) FILTER (WHERE status = 'pending' AND run_at <= ? AND (lease_until IS NULL OR lease_until <= ?))::int AS waiting`,
          [now, now],
        ),
        this.knex.raw(`count(*) FILTER (WHERE status = 'pending' AND run_at > ?)::int AS delayed`, [now]),
        this.knex.raw(`count(*) FILTER (WHERE status = 'pending' AND run_at <= ? AND lease_until > ?)::int AS active`, [
          now,
          now,
        ]),
        this.knex.raw(`count(*) FILTER (WHERE status = 'failed')::int AS failed`),
      )
      .first()) as { waiting: number; delayed: number; active: number; failed: number };
    return {
      waiting: row.waiting,
      delayed: row.delayed + this.repeatTimers.size,
      active: row.active + this.repeatActive,
      failed: row.failed,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of [...this.timers, ...this.repeatTimers]) clearTimeout(timer);
    this.timers.clear();
    this.repeatTimers.clear();
    await Promise.allSettled([...this.running]);
  }

  private now(): number {
    return this.clock().getTime();
  }

  /** One timer per job id in this instance, fired no earlier than `notBefore` by the clock. */
  private schedule(job: StoredJob, notBefore = job.runAt, force = false): void {
    if (this.closed || (!force && this.scheduled.has(job.id))) return;
    this.scheduled.add(job.id);
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        // Timers may fire a millisecond early, and long waits are taken in steps: never run before time.
        if (this.now() < notBefore) this.schedule(job, notBefore, true);
        else void this.track(this.run(job));
      },
      Math.min(Math.max(0, notBefore - this.now()), MAX_TIMER_MS),
    );
    timer.unref();
    this.timers.add(timer);
  }

  private track(promise: Promise<void>): Promise<void> {
    this.running.add(promise);
    return promise.finally(() => this.running.delete(promise));
  }

  private async run(job: StoredJob): Promise<void> {
    if (this.closed || this.runningIds.has(job.id)) return;
    this.runningIds.add(job.id);
    try {
      await this.runOnce(job);
    } finally {
      this.runningIds.delete(job.id);
    }
  }

  private async runOnce(job: StoredJob): Promise<void> {
    const handler = handlerOf(this.handlers, job.name);
    if (!handler) {
      this.logger.warn({ job: job.name, jobId: job.id }, 'no handler for job; left pending');
      this.scheduled.delete(job.id);
      return;
    }
    let attempt: number;
    try {
      const claimed = await this.claim(job.id);
      if (claimed === null) return;
      attempt = claimed;
    } catch (error) {
      this.logger.error({ job: job.name, jobId: job.id, err: error }, 'job could not be started; trying again');
      this.schedule(job, this.now() + BOOKKEEPING_RETRY_MS, true);
      return;
    }
    try {
      if (attempt > JOB_ATTEMPTS) {
        // Its last attempt began in a process that stopped before recording the outcome.
        await this.finish(job.id, 'failed', 'no attempt left');
        return;
      }
      let failure: unknown = null;
      try {
        await handler(job.data);
      } catch (error) {
        failure = error;
      }
      if (failure === null) {
        await this.finish(job.id, 'done', null);
        return;
      }
      if (failure instanceof NotYetError) {
        // Not an attempt: the job waits for its read model (or its moment) without using one up.
        const lookAgainAt = this.now() + notYetDelayMs(failure, this.now() - job.firstRunAt);
        await this.knex('queued_jobs')
          .where({ id: job.id, lease_owner: this.owner })
          .update({
            run_at: new Date(lookAgainAt),
            attempts: this.knex.raw('attempts - 1'),
            lease_owner: null,
            lease_until: null,
          });
        this.schedule(job, lookAgainAt, true);
        return;
      }
      this.logger.warn({ job: job.name, jobId: job.id, attempt, err: failure }, 'job failed');
      const message = failure instanceof Error ? failure.message : String(failure);
      if (attempt >= JOB_ATTEMPTS) {
        await this.finish(job.id, 'failed', message);
        return;
      }
      const retryAt = this.now() + this.backoffMs * 2 ** (attempt - 1);
      await this.knex('queued_jobs')
        .where({ id: job.id, lease_owner: this.owner })
        .update({ run_at: new Date(retryAt), lease_owner: null, lease_until: null, last_error: message });
      this.schedule(job, retryAt, true);
    } catch (error) {
      // The outcome could not be recorded: the job stays leased to this instance, which looks again.
      this.logger.error({ job: job.name, jobId: job.id, err: error }, 'job outcome not recorded; trying again');
      this.schedule(job, this.now() + BOOKKEEPING_RETRY_MS, true);
    }
  }

  /**
   * Takes the job for one attempt (returns its number), or returns null and schedules what is
   * left to do: nothing when it is done or failed, a later look when another process holds it
   * or it is not due yet.
   */
  private async claim(id: string): Promise<number | null> {
    const now = new Date(this.now());
    const [claimed] = (await this.knex('queued_jobs')
      .where({ id, status: 'pending' })
      .andWhere('run_at', '<=', now)
      .andWhere((q) =>
        q.where({ lease_owner: this.owner }).orWhereNull('lease_until').orWhere('lease_until', '<=', now),
      )
      .update({
        attempts: this.knex.raw('attempts + 1'),
        lease_owner: this.owner,
        lease_until: new Date(now.getTime() + LEASE_MS),
      })
      .returning(['attempts'])) as Array<{ attempts: number }>;
    if (claimed) return claimed.attempts;
    const row = (await this.knex('queued_jobs').where({ id }).first()) as
      { name: Jobs.JobName; data: unknown; run_at: Date; status: string; lease_until: Date | null } | undefined;
    if (!row || row.status !== 'pending') {
      this.scheduled.delete(id);
      return null;
    }
    const notBefore = Math.max(row.run_at.getTime(), row.lease_until?.getTime() ?? 0);
    const runAt = row.run_at.getTime();
    this.schedule({ id, name: row.name, data: row.data, runAt, firstRunAt: runAt }, notBefore, true);
    return null;
  }

  private async finish(id: string, status: 'done' | 'failed', lastError: string | null): Promise<void> {
    await this.knex('queued_jobs')
      .where({ id, lease_owner: this.owner })
      .update({
        status,
        finished_at: new Date(this.now()),
        lease_owner: null,
        lease_until: null,
        ...(lastError === null ? {} : { last_error: lastError }),
      });
    this.scheduled.delete(id);
  }

  /** A repeating job is not stored: every start sets its timer again. Same retries as the others. */
  private async runRepeating(name: Jobs.JobName, attempt: number): Promise<void> {
    const handler = handlerOf(this.handlers, name);
    if (!handler || this.closed) return;
    this.repeatActive++;
    try {
      await handler({});
    } catch (error) {
      this.logger.warn({ job: name, attempt, err: error }, 'job failed');
      if (attempt < JOB_ATTEMPTS && !this.closed) {
        const timer = setTimeout(
          () => {
            this.repeatTimers.delete(timer);
            void this.track(this.runRepeating(name, attempt + 1));
          },
          this.backoffMs * 2 ** (attempt - 1),
        );
        timer.unref();
        this.repeatTimers.add(timer);
      }
    } finally {
      this.repeatActive--;
    }
  }
}
