import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { subscriptionStreamId } from '@shop/domain';
import { PostgresEventStore } from '@shop/event-store';
import { dumpSubscriptions, migrateToLatest, rebuildProjection, subscriptionsProjection } from '@shop/projections';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiled } from './testing/compiled-processes.js';

const SUBSCRIPTIONS = 5000;

let database: TestDatabase;
let pool: pg.Pool;
let store: PostgresEventStore;
let knex: Knex;
let totalEvents = 0;

/** A realistic log: every order paid, a third of them later cancelled or suspended. */
async function fillLog() {
  const placedAt = new Date('2026-01-15T10:00:00.000Z');
  const work = Array.from({ length: SUBSCRIPTIONS }, (_, i) => i);
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = work.pop(); i !== undefined; i = work.pop()) {
        const subscriptionId = randomUUID();
        const events = [
          {
            type: 'OrderPlaced',
            data: {
              subscriptionId,
              userId: `user-${i % 700}`,
              planId: 'spotify',
              planName: 'Spotify Premium',
              months: 3,
              monthlyPriceCents: 242,
              subtotalCents: 726,
              discountPercent: 0,
              discountCents: 0,
              totalCents: 726,
              currency: 'EUR',
              promoCode: null,
              provider: 'sandbox',
              placedAt: placedAt.toISOString(),
            },
          },
          {
            type: 'PaymentConfirmed',
            data: {
              subscriptionId,
              provider: 'sandbox',
              paymentReference: `pay-${i}`,
              amountCents: 726,
              currency: 'EUR',
              paidAt: placedAt.toISOString(),
              expiresAt: '2026-04-15T10:00:00.000Z',
            },
          },
          ...(i % 3 === 0
            ? [
                {
                  type: 'SubscriptionStatusChanged',
                  data: {
                    subscriptionId,
                    from: 'active',
                    to: i % 2 === 0 ? 'cancelled' : 'suspended',
                    reason: 'operator',
                    changedAt: '2026-02-01T00:00:00.000Z',
                  },
                },
              ]
            : []),
        ];
        await store.appendToStream(subscriptionStreamId(subscriptionId), events, { expectedVersion: 'no_stream' });
        totalEvents += events.length;
      }
    }),
  );
}

function startProjectorProcess(): ChildProcess {
  const child = spawn(process.execPath, [...compiled('main'), 'projector'], {
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      REDIS_URL: '',
      PROJECTOR_BATCH_SIZE: '50',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return child;
}

async function eventsSeen(): Promise<number> {
  const row = await knex('projection_checkpoints')
    .where({ name: 'subscriptions' })
    .orderBy('generation', 'desc')
    .first();
  return Number(row?.events_seen ?? 0);
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );

beforeAll(async () => {
  database = await createTestDatabase('crash');
  pool = new pg.Pool({ connectionString: database.url, max: 10 });
  // Dropping the test database ends idle connections from the server side: expected, not a failure.
  pool.on('error', () => undefined);
  store = new PostgresEventStore({ pool });
  knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  await migrateToLatest(knex);
  await fillLog();
}, 120_000);

afterAll(async () => {
  await store?.close();
  await pool?.end();
  await knex?.destroy();
  await database?.drop();
});

describe('projector crash safety', () => {
  it('killed with SIGKILL three times during a large catch-up, it resumes and ends equal to a clean rebuild', async () => {
    const killedAt: number[] = [];
    for (const fraction of [0.15, 0.4, 0.7]) {
      const child = startProjectorProcess();
      const exit = exited(child);
      await waitFor(async () => (await eventsSeen()) >= totalEvents * fraction, 60_000);
      child.kill('SIGKILL');
      expect(await exit).toBe('SIGKILL');
      killedAt.push(await eventsSeen());
    }
    // Each kill landed in the middle of the catch-up, and each restart resumed instead of starting over.
    expect(killedAt[0]).toBeLessThan(totalEvents);
    expect(killedAt[2]).toBeLessThan(totalEvents);
    expect(killedAt).toEqual([...killedAt].sort((a, b) => a - b));

    const last = startProjectorProcess();
    const lastExit = exited(last);
    await waitFor(async () => (await eventsSeen()) >= totalEvents, 90_000);
    last.kill('SIGTERM');
    expect(await lastExit).toBe(0);

    // Checkpoint and writes share a transaction: every event counted exactly once despite the kills.
    expect(await eventsSeen()).toBe(totalEvents);
    const afterCrashes = await dumpSubscriptions(knex);
    expect(afterCrashes).toHaveLength(SUBSCRIPTIONS);

    const rebuilt = await rebuildProjection({
      knex,
      databaseUrl: database.url,
      store,
      projection: subscriptionsProjection,
    });
    expect(rebuilt.eventsSeen).toBe(totalEvents);
    expect(await dumpSubscriptions(knex)).toEqual(afterCrashes);
  }, 240_000);
});
