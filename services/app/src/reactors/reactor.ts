import { followLog, type EventStore, type RecordedEvent } from '@shop/event-store';
import { AdvisoryLock } from '@shop/projections';
import type { Knex } from 'knex';
import type { Logger } from '../infrastructure/logger.js';
import type { JobQueue, JobRequest } from '../jobs/job-queue.js';

/** Turns events into jobs. Job ids come from event ids, so a replay enqueues nothing twice. */
export interface Reactor {
  name: string;
  eventTypes: readonly string[];
  react: (event: RecordedEvent) => JobRequest[];
}

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
}

/**
 * Follows the log like a projector (one active instance, checkpointed), but its output is
 * jobs: enqueued first, checkpoint saved after, so a crash in between re-enqueues the same
 * job ids, which the queue drops.
 */
export async function runReactor(options: ReactorOptions, signal: AbortSignal): Promise<void> {
  const { knex, store, queue, reactor, logger } = options;
  const lock = new AdvisoryLock(options.databaseUrl, `reactor:${reactor.name}`);
  if (!(await lock.acquire(signal))) return;
  const handled = new Set(reactor.eventTypes);
  try {
    const { checkpoint } = await reactorCheckpoint(knex, reactor.name);
    for await (const events of followLog(store, {
      after: checkpoint,
      batchSize: options.batchSize ?? 500,
      idleTimeoutMs: options.idleTimeoutMs ?? 1000,
      signal,
    })) {
      const jobs = events.filter((event) => handled.has(event.type)).flatMap((event) => reactor.react(event));
      await queue.enqueue(jobs);
      const last = events.at(-1)!;
      await knex('reactor_checkpoints')
        .insert({
          name: reactor.name,
          checkpoint: last.checkpoint,
          last_position: last.globalPosition,
          updated_at: knex.fn.now(),
        })
        .onConflict('name')
        .merge();
      if (jobs.length > 0) logger.debug({ reactor: reactor.name, jobs: jobs.length }, 'jobs enqueued');
    }
  } finally {
    await lock.release();
  }
}
