import type { EventStore } from '@shop/event-store';
import { PARKED_EVENTS_TABLE } from '@shop/projections';
import type { Knex } from 'knex';
import { jobLedgerCounts } from '../jobs/job-ledger.js';

/** What the gauges read from the database at a scrape. */
export interface LogGauges {
  projections: Array<{ name: string; lagEvents: number; lagSeconds: number; parked: number }>;
  reactors: Array<{ name: string; lagEvents: number }>;
  jobs: { waiting: number; delayed: number; failed: number };
}

interface ProjectionRow {
  name: string;
  checkpoint: string | null;
  last_position: string | number | null;
  parked: number;
}

/**
 * A handful of cheap statements: the log's head, each projection's checkpoint and parked events,
 * each reactor's checkpoint, the job ledger's counts, and (only for a projection that trails) the
 * first event it has not applied. Lag in events is the head's position minus the checkpoint's, not
 * a count of the events between them.
 */
export async function readLogGauges(deps: {
  knex: Knex;
  store: EventStore;
  clock: () => Date;
  projections: readonly string[];
  reactors: readonly string[];
}): Promise<LogGauges> {
  const { knex, store } = deps;
  const now = deps.clock();
  const [head, projectionRows, reactorRows, jobs] = await Promise.all([
    store.head(),
    knex
      .raw<{ rows: ProjectionRow[] }>(
        `SELECT s.name, c.checkpoint, c.last_position,
                (SELECT count(*)::int FROM ${PARKED_EVENTS_TABLE} p
                  WHERE p.name = s.name AND p.generation = s.active_generation AND p.resolved_at IS NULL) AS parked
           FROM projection_state s
           LEFT JOIN projection_checkpoints c ON c.name = s.name AND c.generation = s.active_generation`,
      )
      .then((result) => new Map(result.rows.map((row) => [row.name, row]))),
    knex('reactor_checkpoints')
      .select('name', 'last_position')
      .then(
        (rows: Array<{ name: string; last_position: string | number }>) =>
          new Map(rows.map((row) => [row.name, Number(row.last_position)])),
      ),
    jobLedgerCounts(knex, now),
  ]);
  const behind = (position: number) => Math.max(0, head.globalPosition - position);

  // The oldest event a trailing projection has not applied: one read per distinct checkpoint.
  const oldestUnapplied = new Map<string | null, Promise<Date | null>>();
  const ageOfOldestAfter = async (checkpoint: string | null): Promise<number> => {
    if (!oldestUnapplied.has(checkpoint)) {
      oldestUnapplied.set(
        checkpoint,
        store.readAll({ after: checkpoint, maxCount: 1 }).then(({ events }) => events[0]?.recordedAt ?? null),
      );
    }
    const recordedAt = await oldestUnapplied.get(checkpoint)!;
    // The database's time of recording against this machine's: the shop's clock may be a test's.
    return recordedAt ? Math.max(0, (Date.now() - recordedAt.getTime()) / 1000) : 0;
  };

  const projections = await Promise.all(
    deps.projections.map(async (name) => {
      const row = projectionRows.get(name);
      const checkpoint = row?.checkpoint ?? null;
      const lagEvents = behind(Number(row?.last_position ?? 0));
      return {
        name,
        lagEvents,
        lagSeconds: lagEvents > 0 ? await ageOfOldestAfter(checkpoint) : 0,
        parked: Number(row?.parked ?? 0),
      };
    }),
  );
  return {
    projections,
    reactors: deps.reactors.map((name) => ({ name, lagEvents: behind(reactorRows.get(name) ?? 0) })),
    jobs: { waiting: jobs.due, delayed: jobs.delayed, failed: jobs.failed },
  };
}
