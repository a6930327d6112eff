import { migrateToLatest } from '@shop/projections';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchAdminLists } from './admin-lists.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('bench_admin_lists');
  // As the bench's own database is made: the shop's schema, the projector's bookkeeping included.
  const knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
  await migrateToLatest(knex).finally(() => knex.destroy());
});

afterAll(async () => {
  await database?.drop();
});

describe('the back-office lists bench', () => {
  // `npm run bench` fills the read models with SQL of its own: a column renamed by a projection
  // would break it unnoticed until someone measured.
  it('fills the read models as the projections create them and measures every case on a small shop', async () => {
    const figures = await benchAdminLists(database.url, {
      customers: 200,
      subscriptions: 500,
      runs: 2,
      maxCaseMs: 500,
    });
    expect(figures.cases.length).toBeGreaterThan(30);
    for (const measured of figures.cases) expect(measured.count, measured.case).toBeGreaterThan(0);
    const users = figures.cases.find((measured) => measured.case === 'users: newest first (the default)');
    expect(users?.total).toBeGreaterThan(150);
    expect(figures.cases.find((measured) => measured.case.startsWith('dashboard figures'))?.p50Ms).toBeGreaterThan(0);
  });
});
