import { randomUUID } from 'node:crypto';
import { subscriptionStreamId } from '@shop/domain';
import { PostgresEventStore } from '@shop/event-store';
import { eventually, terminateAdvisoryLockHolder, type TestDatabase } from '@shop/testing';
import type { Knex } from 'knex';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { getSubscription, listSubscriptionsOfUser } from '../subscriptions/subscriptions-queries.js';
import { subscriptionsProjection } from '../subscriptions/subscriptions-projection.js';
import { LockLostError } from './advisory-lock.js';
import { runProjector, type ProjectorOptions } from './projector.js';
import { rebuildProjection } from './rebuild.js';
import { projectionStatuses } from './status.js';
import { netflixOrderPlaced, useProjectionTestDatabase } from '../testing/projection-test-database.js';

let database: TestDatabase;
let pool: pg.Pool;
let store: PostgresEventStore;
let knex: Knex;

useProjectionTestDatabase('projector', (opened) => ({ database, pool, store, knex } = opened));

async function placeOrder(userId: string, subscriptionId = randomUUID()) {
  await store.appendToStream(
    subscriptionStreamId(subscriptionId),
    [
      netflixOrderPlaced(subscriptionId, userId, 'sandbox', {
        months: 3,
        subtotalCents: 1359,
        discountPercent: 10,
        discountCents: 136,
        totalCents: 1223,
        promoCode: 'WELCOME10',
      }),
    ],
    { expectedVersion: 'no_stream' },
  );
  return subscriptionId;
}

/** The subscriptions projector on the test database, with `options` on top of the defaults. */
const project = (signal: AbortSignal, options: Partial<ProjectorOptions> = {}) =>
  runProjector({ knex, databaseUrl: database.url, store, projection: subscriptionsProjection, ...options }, signal);

/** The subscription, once the read model has it. */
const projected = (subscriptionId: string) =>
  eventually(
    () => getSubscription(knex, subscriptionId),
    (s) => s !== null,
  );

/**
 * Once the one projector running holds its lock: an order it projects proves it. Its status being
 * caught up does not (the last test's projector caught up), so a second started then raced the
 * first to the lock, the first still connecting, and now and then took it.
 */
const holdsTheLock = async () => {
  expect(await projected(await placeOrder(`user-${randomUUID()}`))).not.toBeNull();
};

/** The subscriptions projection's status, once it has caught up with the log. */
const caughtUp = () =>
  eventually(
    () => projectionStatuses(knex, store, [subscriptionsProjection]),
    ([s]) => s!.lagEvents === 0,
  );

describe('projector', () => {
  it('builds the read model from the log, follows new events live, and reports its lag', async () => {
    const userId = `user-${randomUUID()}`;
    const first = await placeOrder(userId);
    const controller = new AbortController();
    const running = project(controller.signal, { idleTimeoutMs: 30_000 });
    try {
      expect((await projected(first))?.totalCents).toBe(1223);
      // The idle timeout is 30 s: seeing this within the deadline means LISTEN/NOTIFY woke the projector.
      const second = await placeOrder(userId);
      const startedWaiting = Date.now();
      await projected(second);
      expect(Date.now() - startedWaiting).toBeLessThan(5_000);
      expect((await listSubscriptionsOfUser(knex, userId)).map((s) => s.id).sort()).toEqual([first, second].sort());
      const [status] = await caughtUp();
      expect(status).toMatchObject({
        name: 'subscriptions',
        lagEvents: 0,
        activeGeneration: 1,
        builtVersion: subscriptionsProjection.version,
      });
    } finally {
      controller.abort();
      await running;
    }
  });

  it('lets only one instance work; a waiting one takes over when the first stops', async () => {
    const first = new AbortController();
    const second = new AbortController();
    let secondBatches = 0;
    const a = project(first.signal);
    let b: Promise<void> | undefined;
    try {
      await holdsTheLock();
      b = project(second.signal, { lockRetryMs: 100, onBatch: () => void secondBatches++ });
      const whileFirstRuns = await placeOrder(`user-${randomUUID()}`);
      await projected(whileFirstRuns);
      expect(secondBatches).toBe(0);
      first.abort();
      await a;
      const afterHandOver = await placeOrder(`user-${randomUUID()}`);
      expect(await projected(afterHandOver)).not.toBeNull();
      expect(secondBatches).toBeGreaterThan(0);
    } finally {
      // A failed check leaves no instance behind to hold the lock in the next test.
      first.abort();
      second.abort();
      await Promise.allSettled([a, b]);
    }
  });

  it('stops with an error when its lock is lost, so it is restarted; the waiting instance takes over', async () => {
    const first = new AbortController();
    const second = new AbortController();
    let firstBatches = 0;
    let secondBatches = 0;
    const a = project(first.signal, { onBatch: () => void firstBatches++ });
    const firstEnded = a.then(
      () => 'returned',
      (error: unknown) => error,
    );
    await holdsTheLock();
    const b = project(second.signal, { lockRetryMs: 50, onBatch: () => void secondBatches++ });
    try {
      // The database ends the first instance's lock session (a restart, a network cut): it must not go on alone.
      await terminateAdvisoryLockHolder(database.url, `projection:${subscriptionsProjection.name}`);
      expect(await firstEnded).toBeInstanceOf(LockLostError);
      const batchesBefore = firstBatches;
      const placed = await placeOrder(`user-${randomUUID()}`);
      expect(await projected(placed)).not.toBeNull();
      expect(secondBatches).toBeGreaterThan(0);
      expect(firstBatches).toBe(batchesBefore);
    } finally {
      first.abort();
      second.abort();
      await b;
    }
  });

  it('stops when asked while it is about to follow the log (the stop is not missed)', async () => {
    const controller = new AbortController();
    // The stop lands while the projector reads its checkpoint, just before it starts following the log.
    const stopOnCheckpointRead = (query: { sql: string }) => {
      if (/^select .* from "projection_checkpoints"/i.test(query.sql)) controller.abort();
    };
    knex.on('query', stopOnCheckpointRead);
    try {
      const running = project(controller.signal);
      const outcome = await Promise.race([
        running.then(() => 'stopped'),
        new Promise((resolve) => setTimeout(() => resolve('still running'), 5_000)),
      ]);
      expect(outcome).toBe('stopped');
      await running;
    } finally {
      knex.removeListener('query', stopOnCheckpointRead);
    }
  });

  it('stopped while it takes its lock, it releases the lock: another projector takes over', async () => {
    const stopped = new AbortController();
    const first = project(stopped.signal);
    stopped.abort(); // lands while the lock is being taken
    await first;

    const second = new AbortController();
    const takingOver = project(second.signal, { lockRetryMs: 100 });
    try {
      const placed = await placeOrder(`user-${randomUUID()}`);
      expect(await projected(placed)).not.toBeNull();
    } finally {
      second.abort();
      await takingOver;
    }
  });

  it('rebuilds into fresh tables while the old ones serve, then switches and keeps following', async () => {
    const userId = `user-${randomUUID()}`;
    const ids = await Promise.all(Array.from({ length: 30 }, () => placeOrder(userId)));
    const controller = new AbortController();
    const live = project(controller.signal);
    try {
      await eventually(
        () => listSubscriptionsOfUser(knex, userId),
        (rows) => rows.length === 30,
      );
      const servedDuringRebuild: number[] = [];
      const rebuilt = await rebuildProjection({
        knex,
        databaseUrl: database.url,
        store,
        projection: subscriptionsProjection,
        batchSize: 10,
        onProgress: () => {
          void listSubscriptionsOfUser(knex, userId).then((rows) => servedDuringRebuild.push(rows.length));
        },
      });
      expect(rebuilt.generation).toBeGreaterThan(1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Every read during the rebuild saw the complete old read model, never a half-built one.
      expect(servedDuringRebuild.length).toBeGreaterThan(0);
      expect(new Set(servedDuringRebuild)).toEqual(new Set([30]));
      const [status] = await projectionStatuses(knex, store, [subscriptionsProjection]);
      expect(status!.activeGeneration).toBe(rebuilt.generation);
      expect(status!.rebuilding).toEqual([]);
      // The generation replaced is kept for a rollback, until the operator drops it.
      expect(status!.previous).toMatchObject({ generation: rebuilt.generation - 1 });
      const { rows } = await pool.query(
        `SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'rm_subscriptions_g%' ORDER BY 1`,
      );
      expect(rows.map((r) => r.table_name)).toEqual([
        `rm_subscriptions_g${rebuilt.generation - 1}`,
        `rm_subscriptions_g${rebuilt.generation}`,
      ]);
      const after = await placeOrder(userId);
      const rowsAfter = await eventually(
        () => listSubscriptionsOfUser(knex, userId),
        (r) => r.length === 31,
      );
      expect(rowsAfter.map((s) => s.id).sort()).toEqual([...ids, after].sort());
    } finally {
      controller.abort();
      await live;
    }
  });
});
