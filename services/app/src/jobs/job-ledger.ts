import type { Knex } from 'knex';
import type { JobName, JobRequest } from './job-queue.js';

/*
 * The job ledger: `queued_jobs` in PostgreSQL holds one row per job id, pending until the job has
 * run (done) or used its attempts (failed). Reactors write it from the log, with their checkpoint
 * moving only after, so it is derived from the log like a read model; whatever runs the jobs
 * (BullMQ on Redis, or the in-process queue) holds a copy of the pending rows and writes the
 * outcome back here. Both queue adapters share these functions.
 */

export interface LedgerJob {
  id: string;
  name: JobName;
  data: unknown;
  runAt: Date;
}

export interface FailedJob extends LedgerJob {
  attempts: number;
  lastError: string | null;
  failedAt: Date | null;
}

/** Kept as long as a replay of the log could still ask for the same job. */
const KEEP_DONE_MS = 30 * 24 * 3600_000;
const KEEP_FAILED_MS = 90 * 24 * 3600_000;
const INSERT_CHUNK = 500;

interface JobRow {
  id: string;
  name: JobName;
  data: unknown;
  run_at: Date;
}

const toLedgerJob = (row: JobRow): LedgerJob => ({ id: row.id, name: row.name, data: row.data, runAt: row.run_at });

/** Records the jobs; an id already recorded (a replayed event) is left as it is. Answers the new ones. */
export async function recordJobs(knex: Knex, jobs: readonly JobRequest[], now: Date): Promise<LedgerJob[]> {
  const unique = new Map<string, JobRequest>();
  for (const job of jobs) if (!unique.has(job.jobId)) unique.set(job.jobId, job);
  const rows = [...unique.values()];
  const recorded: LedgerJob[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const inserted = (await knex('queued_jobs')
      .insert(
        rows.slice(i, i + INSERT_CHUNK).map((job) => ({
          id: job.jobId,
          name: job.name,
          data: JSON.stringify(job.data),
          run_at: job.runAt ?? now,
        })),
      )
      .onConflict('id')
      .ignore()
      .returning(['id', 'name', 'data', 'run_at'])) as JobRow[];
    recorded.push(...inserted.map(toLedgerJob));
  }
  return recorded;
}

export async function jobStatus(knex: Knex, id: string): Promise<'pending' | 'done' | 'failed' | null> {
  const row = (await knex('queued_jobs').where({ id }).first('status')) as
    { status: 'pending' | 'done' | 'failed' } | undefined;
  return row?.status ?? null;
}

/** The queue holds a copy of these jobs now. */
export async function markHandedOver(knex: Knex, ids: readonly string[], at: Date): Promise<void> {
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    await knex('queued_jobs')
      .whereIn('id', ids.slice(i, i + INSERT_CHUNK))
      .update({ dispatched_at: at });
  }
}

export async function markJobFinished(
  knex: Knex,
  id: string,
  outcome: { status: 'done' | 'failed'; attempts: number; at: Date; error?: string },
): Promise<void> {
  await knex('queued_jobs')
    .where({ id, status: 'pending' })
    .update({
      status: outcome.status,
      attempts: outcome.attempts,
      finished_at: outcome.at,
      lease_owner: null,
      lease_until: null,
      ...(outcome.error === undefined ? {} : { last_error: outcome.error }),
    });
}

/**
 * One page of the pending jobs to hand over, by id: those never handed over, or (`all`, after
 * the queue's store lost its data) every pending one.
 */
export async function pendingJobsPage(
  knex: Knex,
  options: { all: boolean; afterId: string | null; limit: number },
): Promise<LedgerJob[]> {
  const query = knex('queued_jobs').where({ status: 'pending' });
  if (!options.all) query.whereNull('dispatched_at');
  if (options.afterId !== null) query.andWhere('id', '>', options.afterId);
  const rows = (await query.orderBy('id').limit(options.limit).select('id', 'name', 'data', 'run_at')) as JobRow[];
  return rows.map(toLedgerJob);
}

export async function listFailedJobs(knex: Knex, options: { limit?: number } = {}): Promise<FailedJob[]> {
  const rows = (await knex('queued_jobs')
    .where({ status: 'failed' })
    .orderBy([{ column: 'finished_at', order: 'desc' }, 'id'])
    .limit(options.limit ?? 1000)
    .select('id', 'name', 'data', 'run_at', 'attempts', 'last_error', 'finished_at')) as Array<
    JobRow & { attempts: number; last_error: string | null; finished_at: Date | null }
  >;
  return rows.map((row) => ({
    ...toLedgerJob(row),
    attempts: row.attempts,
    lastError: row.last_error,
    failedAt: row.finished_at,
  }));
}

/** Failed jobs (by id, or all) become pending again with their attempts back, due now. Answers them. */
export async function reopenFailedJobs(knex: Knex, ids: readonly string[] | 'all', now: Date): Promise<LedgerJob[]> {
  const query = knex('queued_jobs').where({ status: 'failed' });
  if (ids !== 'all') query.whereIn('id', [...ids]);
  const rows = (await query
    .update({
      status: 'pending',
      attempts: 0,
      run_at: now,
      finished_at: null,
      dispatched_at: null,
      lease_owner: null,
      lease_until: null,
    })
    .returning(['id', 'name', 'data', 'run_at'])) as JobRow[];
  return rows.map(toLedgerJob);
}

/** What the ledger holds, for `/readyz`: it answers while Redis does not. */
export async function jobLedgerCounts(
  knex: Knex,
  now: Date,
): Promise<{ due: number; delayed: number; failed: number }> {
  const row = (await knex('queued_jobs')
    .select(
      knex.raw(`count(*) FILTER (WHERE status = 'pending' AND run_at <= ?)::int AS due`, [now]),
      knex.raw(`count(*) FILTER (WHERE status = 'pending' AND run_at > ?)::int AS delayed`, [now]),
      knex.raw(`count(*) FILTER (WHERE status = 'failed')::int AS failed`),
    )
    .first()) as { due: number; delayed: number; failed: number };
  return row;
}

/** Forgets jobs finished long ago; a failed one is kept longer, for the operator to look at. */
export async function purgeFinishedJobs(knex: Knex, now: Date): Promise<number> {
  return knex('queued_jobs')
    .where((q) => q.where({ status: 'done' }).andWhere('finished_at', '<', new Date(now.getTime() - KEEP_DONE_MS)))
    .orWhere((q) =>
      q.where({ status: 'failed' }).andWhere('finished_at', '<', new Date(now.getTime() - KEEP_FAILED_MS)),
    )
    .delete();
}
