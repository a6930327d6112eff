import { PostgresEventStore } from '@shop/event-store';
import { migrateToLatest } from '@shop/projections';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidSubscription } from '../testing/paid-subscription.js';
import { ALL_REACTORS } from '../all-reactors.js';
import { rederiveTimers } from './rederive-timers.js';

const DAY = 24 * 3600_000;

let database: TestDatabase;
let knex: Knex;
let pool: pg.Pool;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase('rederive_timers');
  knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  pool.on('error', () => undefined);
  store = new PostgresEventStore({ pool, listen: false });
  await migrateToLatest(knex);
});

afterAll(async () => {
  await store?.close();
  await pool?.end();
  await knex?.destroy();
  await database?.drop();
});

const timerIds = () => knex('queued_jobs').orderBy('id').pluck('id');

describe('timers derived again from the log', () => {
  it('records every timer still to come that the job ledger lacks, once, and none that is past', async () => {
    const now = new Date();
    // A write transaction left open elsewhere on the server, as a busy shop has: the events written
    // after it are not readable until it ends, and the derivation must wait for them, not stop.
    const elsewhere = await pool.connect();
    await elsewhere.query('BEGIN');
    await elsewhere.query('SELECT pg_current_xact_id()');
    const running = await paidSubscription(store, 'customer-a', new Date(now.getTime() + 20 * DAY));
    const endingSoon = await paidSubscription(store, 'customer-b', new Date(now.getTime() + DAY));
    await paidSubscription(store, 'customer-c', new Date(now.getTime() - 5 * DAY));

    // An empty ledger, as on a shop whose timers lived in Redis alone and were lost with it.
    const deriving = rederiveTimers({ reactors: ALL_REACTORS, store, knex, now });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await elsewhere.query('COMMIT');
    elsewhere.release();
    const first = await deriving;
    expect(first.recorded).toBe(5);
    expect(await timerIds()).toEqual(
      [
        running.confirmedEventId,
        `${running.confirmedEventId}:renewal_reminder:7d`,
        `${running.confirmedEventId}:renewal_reminder:1d`,
        `${running.confirmedEventId}:renewal_upcoming`,
        // Its reminders would be past: only its expiry is still to come.
        endingSoon.confirmedEventId,
      ].sort(),
    );
    const expiry = await knex('queued_jobs').where({ id: running.confirmedEventId }).first();
    expect(expiry).toMatchObject({ name: 'expire-subscription', status: 'pending' });
    expect(expiry.run_at.getTime()).toBe(now.getTime() + 20 * DAY);

    // Done timers stay done; nothing is recorded twice.
    await knex('queued_jobs').where({ id: endingSoon.confirmedEventId }).update({ status: 'done' });
    expect((await rederiveTimers({ reactors: ALL_REACTORS, store, knex, now })).recorded).toBe(0);
    expect(await knex('queued_jobs').where({ id: endingSoon.confirmedEventId }).first('status')).toEqual({
      status: 'done',
    });
  });
});
