import { randomUUID } from 'node:crypto';
import { subscriptionStreamId } from '@shop/domain';
import { PostgresEventStore } from '@shop/event-store';
import { eventually, type TestDatabase } from '@shop/testing';
import type { Knex } from 'knex';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { listSubscriptionsOfUser } from '../subscriptions/subscriptions-queries.js';
import { subscriptionsProjection } from '../subscriptions/subscriptions-projection.js';
import type { Projection } from './projection.js';
import { runProjector } from './projector.js';
import { rebuildProjection } from './rebuild.js';
import { activeState, keptGenerations } from './registry.js';
import {
  dropPreviousGeneration,
  NoPreviousGenerationError,
  PreviousGenerationVersionError,
  rollbackProjection,
} from './rollback.js';
import { projectionStatuses } from './status.js';
import { netflixOrderPlaced, useProjectionTestDatabase } from '../testing/projection-test-database.js';

let database: TestDatabase;
let pool: pg.Pool;
let store: PostgresEventStore;
let knex: Knex;

useProjectionTestDatabase('generations', (opened) => ({ database, pool, store, knex } = opened), { knexPoolMax: 6 });

async function placeOrder(userId: string) {
  const subscriptionId = randomUUID();
  await store.appendToStream(
    subscriptionStreamId(subscriptionId),
    [netflixOrderPlaced(subscriptionId, userId, 'sandbox')],
    { expectedVersion: 'no_stream' },
  );
  return subscriptionId;
}

const subscriptionTables = async () =>
  (
    await pool.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'rm_subscriptions_g%' ORDER BY 1`,
    )
  ).rows.map((r) => r.table_name);

/** The physical table the view the API reads points at. */
const servedTable = async () =>
  (
    await pool.query<{ definition: string }>(`SELECT definition FROM pg_views WHERE viewname = 'subscriptions'`)
  ).rows[0]!.definition.match(/rm_subscriptions_g\d+/)![0];

const idsOf = async (userId: string) => (await listSubscriptionsOfUser(knex, userId)).map((s) => s.id).sort();

function startProjector(projection: Projection) {
  const controller = new AbortController();
  const running = runProjector(
    { knex, databaseUrl: database.url, store, projection, generationCheckMs: 100 },
    controller.signal,
  );
  return async () => {
    controller.abort();
    await running;
  };
}

const options = (projection: Projection = subscriptionsProjection) => ({
  knex,
  databaseUrl: database.url,
  store,
  projection,
});

describe('generations kept for a rollback', () => {
  it('a rebuild keeps the previous generation; a rollback serves it again, caught up; drop-previous removes it', async () => {
    const userId = `user-${randomUUID()}`;
    const stop = startProjector(subscriptionsProjection);
    try {
      const before = [await placeOrder(userId), await placeOrder(userId)];
      await eventually(
        () => idsOf(userId),
        (ids) => ids.length === 2,
      );
      await expect(rollbackProjection(options())).rejects.toThrow(NoPreviousGenerationError);

      const rebuilt = await rebuildProjection(options());
      expect(rebuilt.generation).toBe(2);
      expect(await subscriptionTables()).toEqual(['rm_subscriptions_g1', 'rm_subscriptions_g2']);
      const [afterRebuild] = await projectionStatuses(knex, store, [subscriptionsProjection]);
      expect(afterRebuild).toMatchObject({
        activeGeneration: 2,
        rebuilding: [],
        previous: { generation: 1, codeVersion: subscriptionsProjection.version, canRollBack: true },
      });
      expect(afterRebuild!.previous!.sizeBytes).toBeGreaterThan(0);

      // Recorded while generation 2 serves: generation 1 has not seen it.
      const sinceRebuild = await placeOrder(userId);
      await eventually(
        () => idsOf(userId),
        (ids) => ids.length === 3,
      );

      const rolledBack = await rollbackProjection(options());
      expect(rolledBack).toMatchObject({ generation: 1, from: 2 });
      expect(rolledBack.eventsCaughtUp).toBeGreaterThanOrEqual(1);
      // Readers follow the switch at once, and the generation they now read is not stale.
      expect(await servedTable()).toBe('rm_subscriptions_g1');
      expect(await idsOf(userId)).toEqual([...before, sinceRebuild].sort());
      expect(await activeState(knex, 'subscriptions')).toMatchObject({
        generation: 1,
        previous: { generation: 2 },
      });

      // The live projector follows the generation rolled back to.
      const afterRollback = await placeOrder(userId);
      expect(
        await eventually(
          () => idsOf(userId),
          (ids) => ids.length === 4,
        ),
      ).toEqual([...before, sinceRebuild, afterRollback].sort());
      const [status] = await eventually(
        () => projectionStatuses(knex, store, [subscriptionsProjection]),
        ([s]) => s!.lagEvents === 0,
      );
      expect(status).toMatchObject({ activeGeneration: 1, previous: { generation: 2 } });

      // A second rollback returns to the rebuilt generation, itself caught up.
      expect(await rollbackProjection(options())).toMatchObject({ generation: 2, from: 1 });
      expect(await servedTable()).toBe('rm_subscriptions_g2');
      expect(await idsOf(userId)).toHaveLength(4);

      expect(await dropPreviousGeneration(options())).toEqual({ generation: 1 });
      expect(await subscriptionTables()).toEqual(['rm_subscriptions_g2']);
      expect(await knex('projection_checkpoints').where({ name: 'subscriptions' }).pluck('generation')).toEqual([2]);
      expect((await projectionStatuses(knex, store, [subscriptionsProjection]))[0]!.previous).toBeNull();
      await expect(rollbackProjection(options())).rejects.toThrow(/no previous generation to roll back to/);
      expect(await dropPreviousGeneration(options())).toBeNull();
      expect(await idsOf(userId)).toHaveLength(4);
    } finally {
      await stop();
    }
  });

  it('refuses a previous generation of another version; a projector of that version switches back to it', async () => {
    const userId = `user-${randomUUID()}`;
    const next: Projection = { ...subscriptionsProjection, version: subscriptionsProjection.version + 1 };
    await placeOrder(userId);
    let stop = startProjector(subscriptionsProjection);
    await eventually(
      () => idsOf(userId),
      (ids) => ids.length === 1,
    );
    await stop();

    // Deploying a new version: its projector rebuilds, keeping the old version's generation.
    stop = startProjector(next);
    const upgraded = await eventually(
      () => activeState(knex, 'subscriptions'),
      (state) => state?.codeVersion === next.version,
    );
    await stop();
    expect(upgraded).toMatchObject({ previous: { codeVersion: subscriptionsProjection.version } });
    const [status] = await projectionStatuses(knex, store, [next]);
    expect(status!.previous).toMatchObject({ generation: upgraded!.previous!.generation, canRollBack: false });
    await expect(rollbackProjection(options(next))).rejects.toThrow(PreviousGenerationVersionError);
    await expect(rollbackProjection(options(next))).rejects.toThrow(
      `built by version ${subscriptionsProjection.version} of the projection and this code is version ${next.version}`,
    );

    // Going back to the old code: its projector switches back to the kept generation and catches it up.
    const whileUpgraded = await placeOrder(userId);
    stop = startProjector(subscriptionsProjection);
    try {
      const downgraded = await eventually(
        () => activeState(knex, 'subscriptions'),
        (state) => state?.codeVersion === subscriptionsProjection.version,
      );
      expect(downgraded).toMatchObject({
        generation: upgraded!.previous!.generation,
        previous: { generation: upgraded!.generation, codeVersion: next.version },
      });
      expect(
        await eventually(
          () => idsOf(userId),
          (ids) => ids.includes(whileUpgraded),
        ),
      ).toHaveLength(2);
    } finally {
      await stop();
    }
  });

  it('a projector asked to stop while it rebuilds stops at once; started again, it builds the new version whole', async () => {
    const userId = `user-${randomUUID()}`;
    const stopServing = startProjector(subscriptionsProjection);
    const current = (await eventually(
      () => activeState(knex, 'subscriptions'),
      (state) => state?.codeVersion === subscriptionsProjection.version,
    ))!;
    await stopServing();
    // A version no generation was built by: its projector rebuilds.
    const next: Projection = {
      ...subscriptionsProjection,
      version: Math.max(current.codeVersion, current.previous?.codeVersion ?? 0) + 1,
    };
    // A transaction left open elsewhere holds back the log's reading horizon: the rebuild cannot
    // finish (events after it may still commit at earlier positions) and waits for it.
    const blocker = await pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT pg_current_xact_id()');
      const heldBack = await placeOrder(userId);
      const stop = startProjector(next);
      await eventually(
        () => knex('projection_checkpoints').where({ name: 'subscriptions' }).pluck('generation'),
        (generations) => generations.length > keptGenerations(current).length,
      );
      const stopped = await Promise.race([
        stop().then(() => 'stopped'),
        new Promise((resolve) => setTimeout(() => resolve('still rebuilding'), 5_000)),
      ]);
      expect(stopped).toBe('stopped');
      // Nothing switched: the version that served still serves.
      expect(await activeState(knex, 'subscriptions')).toMatchObject({ codeVersion: current.codeVersion });
      await blocker.query('COMMIT');

      const restart = startProjector(next);
      try {
        const rebuilt = await eventually(
          () => activeState(knex, 'subscriptions'),
          (state) => state?.codeVersion === next.version,
        );
        expect(await idsOf(userId)).toEqual([heldBack]);
        // The half-built generation was dropped, not left beside the two kept ones (the generation
        // the switch replaced is dropped just after the switch: waited for).
        expect(
          await eventually(
            () => subscriptionTables(),
            (tables) => tables.length <= keptGenerations(rebuilt).length,
          ),
        ).toHaveLength(keptGenerations(rebuilt).length);
      } finally {
        await restart();
      }
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      blocker.release();
    }
  });
});
