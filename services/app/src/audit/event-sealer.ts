import { followLog, sleep, type EventStore, type LogCheckpoint, type RecordedEvent } from '@shop/event-store';
import type { Knex } from 'knex';
import { GENESIS_LINK, nextLink, sealedFields } from './event-chain.js';

/** Sealers take turns on this lock, one batch at a time; the chain has one head. */
const SEAL_LOCK = 'event_seals';
export const DEFAULT_SEAL_BATCH = 1000;

export interface ChainHead {
  /** Events sealed so far (the seq of the last seal), 0 before the first. */
  seq: number;
  link: string;
  /** Where the log is read from for the next seal; null before the first. */
  checkpoint: LogCheckpoint | null;
  position: number | null;
  sealedAt: Date | null;
}

export interface SealerDependencies {
  knex: Knex;
  store: EventStore;
}

interface SealRow {
  seq: string;
  position: string;
  checkpoint: string;
  link: string;
  sealed_at: Date;
}

export async function readChainHead(db: Knex | Knex.Transaction): Promise<ChainHead> {
  const row = await db<SealRow>('event_seals').orderBy('seq', 'desc').first();
  if (!row) return { seq: 0, link: GENESIS_LINK, checkpoint: null, position: null, sealedAt: null };
  return {
    seq: Number(row.seq),
    link: row.link,
    checkpoint: row.checkpoint,
    position: Number(row.position),
    sealedAt: row.sealed_at,
  };
}

/**
 * Seals one batch read after `expected` (the head this sealer knows), in one transaction:
 * lock, check the head is still `expected`, one multi-row INSERT. Answers the new head, or
 * null when another sealer moved the chain meanwhile (read the head again and go on from there).
 */
export async function sealBatch(
  knex: Knex,
  expected: ChainHead,
  events: readonly RecordedEvent[],
): Promise<ChainHead | null> {
  if (events.length === 0) return expected;
  return knex.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [SEAL_LOCK]);
    const current = await readChainHead(trx);
    if (current.seq !== expected.seq || current.link !== expected.link) return null;
    let link = expected.link;
    const rows = events.map((event, index) => {
      link = nextLink(link, sealedFields(event));
      return { seq: expected.seq + index + 1, position: event.globalPosition, checkpoint: event.checkpoint, link };
    });
    const [inserted] = await trx('event_seals').insert(rows).returning<Array<{ sealed_at: Date }>>('sealed_at');
    const last = events.at(-1)!;
    return {
      seq: expected.seq + events.length,
      link,
      checkpoint: last.checkpoint,
      position: last.globalPosition,
      sealedAt: inserted?.sealed_at ?? new Date(),
    };
  });
}

/** Seals everything readable now; answers how many events this call sealed. For the CLI, tests and the bench. */
export async function sealPending(
  { knex, store }: SealerDependencies,
  options: { batchSize?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? DEFAULT_SEAL_BATCH;
  let sealed = 0;
  let head = await readChainHead(knex);
  for (;;) {
    const events = await readSettled(store, head.checkpoint, batchSize);
    if (events.length === 0) return sealed;
    const next = await sealBatch(knex, head, events);
    if (next) sealed += events.length;
    head = next ?? (await readChainHead(knex));
  }
}

/**
 * The next events after a checkpoint, waiting (a few seconds at most) while appends written
 * before them are still committing: the log cannot be read past those yet (see followLog).
 */
export async function readSettled(
  store: EventStore,
  after: LogCheckpoint | null,
  maxCount: number,
  maxWaitMs = 5000,
): Promise<RecordedEvent[]> {
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const batch = await store.readAll({ after, maxCount });
    if (batch.events.length > 0 || !batch.mayHaveMore || Date.now() > deadline) return batch.events;
    await sleep(20);
  }
}

/**
 * The worker's sealer: follows the log (woken by appends, in its gap-free order) and seals
 * each batch as it comes, so an event is sealed within moments of being written. Several
 * workers may run it: each batch is sealed once, by whichever holds the lock first; the
 * others start again from the head it left.
 */
export async function runSealer(
  { knex, store, batchSize = DEFAULT_SEAL_BATCH }: SealerDependencies & { batchSize?: number },
  signal: AbortSignal,
): Promise<void> {
  while (!signal.aborted) {
    let head = await readChainHead(knex);
    for await (const batch of followLog(store, { after: head.checkpoint, batchSize, signal })) {
      const next = await sealBatch(knex, head, batch);
      if (!next) break;
      head = next;
    }
  }
}
