import { followLog, type EventStore, type RecordedEvent } from '@shop/event-store';
import { AdvisoryLock } from '@shop/projections';
import type { Knex } from 'knex';
import type { Logger } from '../infrastructure/logger.js';
import type { JobQueue, JobRequest } from '../jobs/job-queue.js';
import { activeTraceparent, batchSpanStart, inSpan, tracingOn } from '../operations/tracing.js';

/** The span of a reactor's batch that made jobs: in the trace of the request behind its events, naming the jobs. */
const reactorSpan = (name: string, events: readonly RecordedEvent[], jobs: readonly JobRequest[]) =>
  batchSpanStart(events, { 'shop.reactor': name, 'shop.job_ids': jobs.slice(0, 32).map((job) => job.jobId) });

/** The jobs, each carrying the active span's `traceparent`: its run, wherever it runs, continues the trace. */
function carryingTrace(jobs: JobRequest[]): JobRequest[] {
  const traceparent = activeTraceparent();
  return traceparent ? jobs.map((job) => ({ ...job, data: { ...job.data, traceparent } }) as JobRequest) : jobs;
}

/** Turns events into jobs. Job ids come from event ids, so a replay enqueues nothing twice. */
export interface Reactor {
  name: string;
  eventTypes: readonly string[];
  react: (event: RecordedEvent) => JobRequest[];
}

/** A reactor that turns each event of one type into one job, keyed by the event's id. */
export const jobPerEvent = <E extends { type: string; data: unknown } = { type: string; data: unknown }>(
  name: string,
  eventType: E['type'],
  job: (data: E['data'], event: RecordedEvent) => Omit<JobRequest, 'jobId'>,
): Reactor => ({
  name,
  eventTypes: [eventType],
  react: (event) => [{ ...job(event.data as E['data'], event), jobId: event.id }],
});

export async function reactorCheckpoint(knex: Knex, name: string) {
  const row = await knex('reactor_checkpoints').where({ name }).first();
  return { checkpoint: (row?.checkpoint as string | null) ?? null, lastPosition: Number(row?.last_position ?? 0) };
}

export interface ReactorOptions {
  knex: Knex;
  databaseUrl: string;
  store: EventStore;
  queue: JobQueue;
  reactor: Reactor;
  logger: Logger;
  batchSize?: number;
  idleTimeoutMs?: number;
  /** Pause between tries at the lock while another instance holds it. */
  lockRetryMs?: number;
}

/**
 * Follows the log like a projector (one active instance, checkpointed), but its output is
 * jobs: enqueued first, checkpoint saved after, so a crash in between re-enqueues the same
 * job ids, which the queue drops. It ends with an error (to be restarted) when its lock is lost
 * or another instance has moved its checkpoint: it never goes on beside another instance.
 */
export async function runReactor(options: ReactorOptions, signal: AbortSignal): Promise<void> {
  const { knex, store, queue, reactor, logger } = options;
  const lock = new AdvisoryLock(options.databaseUrl, `reactor:${reactor.name}`);
  if (!(await lock.acquire(signal, { retryMs: options.lockRetryMs }))) return;
  const handled = new Set(reactor.eventTypes);
  try {
    let { checkpoint } = await reactorCheckpoint(knex, reactor.name);
    for await (const events of followLog(store, {
      after: checkpoint,
      batchSize: options.batchSize ?? 500,
      idleTimeoutMs: options.idleTimeoutMs ?? 1000,
      signal: AbortSignal.any([signal, lock.lost]),
    })) {
      const reacted = events.filter((event) => handled.has(event.type));
      const jobs = reacted.flatMap((event) => reactor.react(event));
      await (jobs.length > 0 && tracingOn()
        ? inSpan(`react ${reactor.name}`, reactorSpan(reactor.name, reacted, jobs), () =>
            queue.enqueue(carryingTrace(jobs)),
          )
        : queue.enqueue(jobs));
      const last = events.at(-1)!;
      await saveReactorCheckpoint(knex, reactor.name, checkpoint, last);
      checkpoint = last.checkpoint;
      if (jobs.length > 0) logger.debug({ reactor: reactor.name, jobs: jobs.length }, 'jobs enqueued');
    }
    if (lock.lost.aborted && !signal.aborted) throw lock.lost.reason;
  } finally {
    await lock.release();
  }
}

/** Moves the checkpoint from `after` to `last`, only if no other instance has moved it meanwhile. */
async function saveReactorCheckpoint(knex: Knex, name: string, after: string | null, last: RecordedEvent) {
  const { rowCount } = await knex.raw(
    `INSERT INTO reactor_checkpoints (name, checkpoint, last_position, updated_at) VALUES (?, ?, ?, now())
     ON CONFLICT (name) DO UPDATE
       SET checkpoint = excluded.checkpoint, last_position = excluded.last_position, updated_at = excluded.updated_at
       WHERE reactor_checkpoints.checkpoint IS NOT DISTINCT FROM ?`,
    [name, last.checkpoint, last.globalPosition, after],
  );
  if (rowCount !== 1) {
    throw new Error(`the checkpoint of reactor ${name} was moved by another instance; starting again from it`);
  }
}
