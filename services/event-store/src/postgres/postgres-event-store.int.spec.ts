import { createTestDatabase, type TestDatabase } from '@shop/testing';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { eventStoreContract } from '../contract/event-store-contract.js';
import { PostgresEventStore } from './postgres-event-store.js';

let database: TestDatabase;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  database = await createTestDatabase('es_contract');
});

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await database.drop();
});

eventStoreContract('PostgreSQL', {
  openStore: async (options) => {
    const pool = new pg.Pool({ connectionString: database.url, max: 4 });
    pools.push(pool);
    return new PostgresEventStore({ pool, upcasters: options?.upcasters ?? [] });
  },
});
