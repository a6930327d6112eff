import { PostgresEventStore, type NewEvent } from '@shop/event-store';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { migrateToLatest } from '../migrations/schema-migrations.js';

export interface ProjectionTestDatabase {
  database: TestDatabase;
  pool: pg.Pool;
  store: PostgresEventStore;
  knex: Knex;
  /** Closes the store and both pools, then drops the database. */
  close(): Promise<void>;
}

/**
 * A fresh database with the shop's schema, a PostgreSQL event store on it and a knex for the read
 * models: what a projection's integration test starts from.
 */
export async function openProjectionTestDatabase(
  name: string,
  options: { knexPoolMax?: number } = {},
): Promise<ProjectionTestDatabase> {
  const database = await createTestDatabase(name);
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  // Dropping the test database ends idle connections from the server side: expected, not a failure.
  pool.on('error', () => undefined);
  const store = new PostgresEventStore({ pool });
  const knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: options.knexPoolMax ?? 4 } });
  await migrateToLatest(knex);
  return {
    database,
    pool,
    store,
    knex,
    close: async () => {
      await store.close();
      await pool.end();
      await knex.destroy();
      await database.drop();
    },
  };
}

/** A one-month Netflix order at 4,53 € for `userId`, as checkout records it with `provider`. */
export function netflixOrderPlaced(subscriptionId: string, userId: string, provider: string): NewEvent {
  return {
    type: 'OrderPlaced',
    data: {
      subscriptionId,
      userId,
      planId: 'netflix',
      planName: 'Netflix',
      months: 1,
      monthlyPriceCents: 453,
      subtotalCents: 453,
      discountPercent: 0,
      discountCents: 0,
      totalCents: 453,
      currency: 'EUR',
      promoCode: null,
      provider,
      placedAt: new Date().toISOString(),
    },
  };
}
