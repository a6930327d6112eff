import { randomUUID } from 'node:crypto';
import type { PostgresEventStore } from '@shop/event-store';
import { LockLostError } from '@shop/projections';
import { useProjectionTestDatabase } from '@shop/projections/testing';
import { eventually, terminateAdvisoryLockHolder, type TestDatabase } from '@shop/testing';
import type { Knex } from 'knex';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../infrastructure/logger.js';
import { InProcessJobQueue } from '../jobs/in-process-queue.js';
import { reactorCheckpoint, runReactor, type Reactor } from './reactor.js';

const logger = createLogger({ level: 'silent' });

let database: TestDatabase;
let store: PostgresEventStore;
let knex: Knex;
let queue: InProcessJobQueue;

useProjectionTestDatabase('reactor', (opened) => ({ database, store, knex } = opened));
beforeAll(() => {
  // Enqueues only: nothing here runs the jobs.
  queue = new InProcessJobQueue({ knex, logger });
});

/** Asks support to read each inquiry: one job per InquiryReceived, keyed by the event. */
const reactorNamed = (name: string): Reactor => ({
  name,
  eventTypes: ['InquiryReceived'],
  react: (event) => [
    {
      name: 'notify-support-of-inquiry',
      data: { inquiryId: event.streamId, mailId: event.id, at: event.recordedAt.toISOString() },
      jobId: event.id,
    },
  ],
});

const receiveInquiry = async () => {
  const streamId = `inquiry-${randomUUID()}`;
  await store.appendToStream(streamId, [{ type: 'InquiryReceived', data: {} }]);
  return streamId;
};

const jobsFor = (streamId: string) =>
  knex('queued_jobs').whereRaw("data->>'inquiryId' = ?", [streamId]).select('id', 'name');

const caughtUp = (name: string) =>
  eventually(
    async () => (await reactorCheckpoint(knex, name)).lastPosition === (await store.head()).globalPosition,
    (done) => done,
  );

/** A run's outcome, caught as soon as it ends (a rejection is never left unhandled). */
const ending = (run: Promise<void>) =>
  run.then(
    () => 'returned',
    (error: unknown) => error,
  );

describe('reactor', () => {
  it('stops with an error when its lock is lost; the waiting instance takes over and each job is enqueued once', async () => {
    const reactor = reactorNamed(`lost-${randomUUID().slice(0, 8)}`);
    const first = new AbortController();
    const second = new AbortController();
    const firstEnded = ending(
      runReactor({ knex, databaseUrl: database.url, store, queue, reactor, logger }, first.signal),
    );
    const before = await receiveInquiry();
    await caughtUp(reactor.name);
    const secondRun = runReactor(
      { knex, databaseUrl: database.url, store, queue, reactor, logger, lockRetryMs: 50 },
      second.signal,
    );
    try {
      await terminateAdvisoryLockHolder(database.url, `reactor:${reactor.name}`);
      expect(await firstEnded).toBeInstanceOf(LockLostError);
      const after = await receiveInquiry();
      await eventually(
        () => jobsFor(after),
        (jobs) => jobs.length > 0,
      );
      expect(await jobsFor(before)).toHaveLength(1);
      expect(await jobsFor(after)).toHaveLength(1);
    } finally {
      first.abort();
      second.abort();
      await secondRun;
    }
  });

  it('stops with an error, without moving it back, when another instance has moved its checkpoint', async () => {
    const reactor = reactorNamed(`moved-${randomUUID().slice(0, 8)}`);
    const stop = new AbortController();
    const ended = ending(runReactor({ knex, databaseUrl: database.url, store, queue, reactor, logger }, stop.signal));
    try {
      await receiveInquiry();
      await caughtUp(reactor.name);
      // Another instance that believed it held the lock has gone further.
      await receiveInquiry();
      const head = await store.head();
      const further = { checkpoint: `${head.checkpoint}-elsewhere`, last_position: head.globalPosition + 1 };
      await knex('reactor_checkpoints').where({ name: reactor.name }).update(further);
      await receiveInquiry();
      expect(await ended).toMatchObject({ message: expect.stringContaining('checkpoint') });
      expect(await reactorCheckpoint(knex, reactor.name)).toEqual({
        checkpoint: further.checkpoint,
        lastPosition: further.last_position,
      });
    } finally {
      stop.abort();
    }
  });
});
