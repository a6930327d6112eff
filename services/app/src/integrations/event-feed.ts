import type { EventFeedPage } from '@shop/contracts';
import { PostgresEventStore, type EventStore, type LogCheckpoint } from '@shop/event-store';
import type { PersonalDataVault } from '@shop/projections';
import type { Knex } from 'knex';
import { personalDataOpener, toOutwardEvent } from './outward-event.js';

/**
 * Where in the log to go on after the event at `position`. On PostgreSQL the log is read in
 * commit order (transaction, then position): the event's own checkpoint, so an event that took an
 * earlier position but committed later is neither skipped nor given twice. A position no event
 * holds (a rolled-back append's) goes on after the last event below it. On KurrentDB the position
 * is the commit position, and the events of one commit are given after it.
 */
async function checkpointAfter(store: EventStore, knex: Knex, position: number): Promise<LogCheckpoint | null> {
  if (position === 0) return null;
  if (!(store instanceof PostgresEventStore)) return `${position}/0`;
  const row = (await knex('es_events')
    .where('global_position', '<=', position)
    .orderBy('global_position', 'desc')
    .first(knex.raw('transaction_id::text AS txid'), 'global_position')) as
    { txid: string; global_position: string } | undefined;
  return row ? `${row.txid}:${row.global_position}` : null;
}

/**
 * A page of the log for an API key with `read:events`: the events after `after`, in the log's
 * order, at most `limit`, each in the outward shape (`toOutwardEvent`); personal data opened for a
 * key with `read:personal-data`, left out otherwise. `next` is the position to send back.
 */
export async function readEventFeed(
  deps: { store: EventStore; knex: Knex; vault: PersonalDataVault },
  query: { after: number; limit: number },
  options: { personalData: boolean },
): Promise<EventFeedPage> {
  const checkpoint = await checkpointAfter(deps.store, deps.knex, query.after);
  const { events } = await deps.store.readAll({ after: checkpoint, maxCount: query.limit });
  // KurrentDB: a commit's events share its position; those up to `after` were given before.
  const unread =
    deps.store instanceof PostgresEventStore ? events : events.filter((event) => event.globalPosition > query.after);
  const open = personalDataOpener(deps.vault, deps.knex);
  const outward = await Promise.all(
    unread.map((event) =>
      toOutwardEvent(event, options.personalData ? { personalData: true, open } : { personalData: false }),
    ),
  );
  return { events: outward, next: outward.at(-1)?.position ?? query.after };
}
