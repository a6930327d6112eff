import { PostgresEventStore } from '@shop/event-store';
import { migrateToLatest } from '@shop/projections';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../infrastructure/logger.js';
import { createJobHandlers } from './subscription-jobs.js';
import { createShopCommands } from '../shop-commands.js';

let database: TestDatabase;
let pool: pg.Pool;
let knex: Knex;

beforeAll(async () => {
  database = await createTestDatabase('subscription_jobs');
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  pool.on('error', () => undefined);
  knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
  await migrateToLatest(knex);
});

afterAll(async () => {
  await knex?.destroy();
  await pool?.end();
  await database?.drop();
});

describe('the expiry sweep', () => {
  it('finds nothing to do, and does not fail, before the subscriptions read model is built (a fresh shop)', async () => {
    const store = new PostgresEventStore({ pool });
    const handlers = createJobHandlers({
      store,
      commands: createShopCommands({ store, knex }),
      knex,
      clock: () => new Date(),
      logger: createLogger({ level: 'silent' }),
    });
    await expect(handlers['sweep-expired-subscriptions']({})).resolves.toBeUndefined();
    await store.close();
  });
});
