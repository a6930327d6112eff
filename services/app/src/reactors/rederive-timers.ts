import { sleep, type EventStore } from '@shop/event-store';
import type { Knex } from 'knex';
import { recordJobs } from '../jobs/job-ledger.js';
import type { Reactor } from './reactor.js';

const PAGE = 1000;
const HORIZON_RETRY_MS = 50;

/**
 * The timers the log implies (jobs due later: expiries, "expiring soon" notices), derived again
 * from the whole log by the reactors themselves and recorded in the job ledger where missing. A
 * reactor records each timer once, as it passes; this puts back one whose row is gone, or that an
 * older version of the shop kept in Redis only. A timer already recorded, done or failed is left
 * as it is. Answers how many were missing.
 */
export async function rederiveTimers(deps: {
  store: EventStore;
  knex: Knex;
  now: Date;
  reactors: readonly Reactor[];
  signal?: AbortSignal;
}): Promise<{ recorded: number; eventsRead: number }> {
  const { reactors } = deps;
  const byType = new Map<string, Reactor[]>();
  for (const reactor of reactors) {
    for (const type of reactor.eventTypes) byType.set(type, [...(byType.get(type) ?? []), reactor]);
  }
  let after = null;
  let recorded = 0;
  let eventsRead = 0;
  while (!deps.signal?.aborted) {
    const batch = await deps.store.readAll({ after, maxCount: PAGE });
    if (batch.events.length === 0) {
      // Events below a transaction still open elsewhere are not readable yet: wait for it, as the
      // reactors do. Past the end of the log, what commits later is the reactors' own business.
      if (!batch.mayHaveMore) break;
      await sleep(HORIZON_RETRY_MS, deps.signal);
      continue;
    }
    eventsRead += batch.events.length;
    const timers = batch.events
      .flatMap((event) => (byType.get(event.type) ?? []).flatMap((reactor) => reactor.react(event)))
      .filter((job) => job.runAt !== undefined && job.runAt.getTime() > deps.now.getTime());
    if (timers.length > 0) recorded += (await recordJobs(deps.knex, timers, deps.now)).length;
    after = batch.checkpoint;
  }
  return { recorded, eventsRead };
}
