import type { Logger } from '../infrastructure/logger.js';
import {
  JOB_ATTEMPTS,
  JOB_BACKOFF_MS,
  type JobHandlers,
  type JobName,
  type JobQueue,
  type JobRequest,
} from './job-queue.js';

/** setTimeout holds at most ~24.8 days; longer delays are waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The embedded default: jobs run in this process, with the same ids, retries and back-off
 * as on BullMQ. Timers do not survive a restart; the periodic expiry sweep catches what a
 * lost timer would have done.
 */
export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private handlers: JobHandlers | null = null;
  private readonly known = new Set<string>();
  private readonly pending: JobRequest[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private active = 0;
  private failed = 0;
  private closed = false;

  constructor(private readonly logger: Logger) {}

  async enqueue(jobs: readonly JobRequest[]): Promise<void> {
    for (const job of jobs) {
      if (this.known.has(job.jobId)) continue;
      this.known.add(job.jobId);
      if (this.handlers) this.schedule(job, 1);
      else this.pending.push(job);
    }
  }

  async startProcessing(handlers: JobHandlers): Promise<void> {
    this.handlers = handlers;
    for (const job of this.pending.splice(0)) this.schedule(job, 1);
  }

  async scheduleRepeating(name: JobName, everyMs: number): Promise<void> {
    const tick = () => {
      if (this.closed) return;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.track(this.run({ name, data: {}, jobId: `repeat-${name}-${Date.now()}` } as JobRequest, 1)).finally(tick);
      }, everyMs);
      timer.unref();
      this.timers.add(timer);
    };
    tick();
  }

  async counts() {
    return { waiting: this.pending.length, delayed: this.timers.size, active: this.active, failed: this.failed };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  private schedule(job: JobRequest, attempt: number, notBefore = job.runAt?.getTime() ?? Date.now()): void {
    if (this.closed) return;
    const wait = Math.max(0, notBefore - Date.now());
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        // Timers may fire a millisecond early, and long waits are taken in steps: never run before time.
        if (Date.now() < notBefore) this.schedule(job, attempt, notBefore);
        else this.track(this.run(job, attempt));
      },
      Math.min(wait, MAX_TIMER_MS),
    );
    timer.unref();
    this.timers.add(timer);
  }

  private track(promise: Promise<void>): Promise<void> {
    this.running.add(promise);
    return promise.finally(() => this.running.delete(promise));
  }

  private async run(job: JobRequest, attempt: number): Promise<void> {
    const handler = this.handlers?.[job.name] as ((data: unknown) => Promise<void>) | undefined;
    if (!handler) return;
    this.active++;
    try {
      await handler(job.data);
    } catch (error) {
      this.logger.warn({ job: job.name, jobId: job.jobId, attempt, err: error }, 'job failed');
      if (attempt < JOB_ATTEMPTS) this.schedule(job, attempt + 1, Date.now() + JOB_BACKOFF_MS * 2 ** (attempt - 1));
      else this.failed++;
    } finally {
      this.active--;
    }
  }
}
