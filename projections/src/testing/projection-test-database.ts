import { randomUUID } from 'node:crypto';
import type { OrderPlaced } from '@shop/domain';
import { orderPlacedEvent } from '@shop/domain/testing';
import { PostgresEventStore, type RecordedEvent } from '@shop/event-store';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { migrateToLatest } from '../migrations/schema-migrations.js';

export interface ReadModelTestDatabase {
  database: TestDatabase;
  knex: Knex;
  /** Closes the pool, then drops the database. */
  close(): Promise<void>;
}

export interface ProjectionTestDatabase extends ReadModelTestDatabase {
  pool: pg.Pool;
  store: PostgresEventStore;
  /** Closes the store and both pools, then drops the database. */
  close(): Promise<void>;
}

/** A fresh database with the shop's schema and a knex for the read models: what a read model's test starts from. */
export async function openReadModelTestDatabase(
  name: string,
  options: { knexPoolMax?: number } = {},
): Promise<ReadModelTestDatabase> {
  const database = await createTestDatabase(name);
  const knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: options.knexPoolMax ?? 4 } });
  await migrateToLatest(knex);
  return {
    database,
    knex,
    close: async () => {
      await knex.destroy();
      await database.drop();
    },
  };
}

/**
 * A fresh database with the shop's schema, a PostgreSQL event store on it and a knex for the read
 * models: what a projection's integration test starts from.
 */
export async function openProjectionTestDatabase(
  name: string,
  options: { knexPoolMax?: number; storePoolMax?: number } = {},
): Promise<ProjectionTestDatabase> {
  const readModels = await openReadModelTestDatabase(name, options);
  const pool = new pg.Pool({ connectionString: readModels.database.url, max: options.storePoolMax ?? 4 });
  // Dropping the test database ends idle connections from the server side: expected, not a failure.
  pool.on('error', () => undefined);
  const store = new PostgresEventStore({ pool });
  return {
    ...readModels,
    pool,
    store,
    close: async () => {
      await store.close();
      await pool.end();
      await readModels.close();
    },
  };
}

/**
 * Opens a test database before the file's tests and closes it after them; `opened` hands it to the
 * file's variables.
 */
function useTestDatabase<T extends { close(): Promise<void> }>(open: () => Promise<T>, opened: (database: T) => void) {
  let database: T | undefined;
  beforeAll(async () => {
    database = await open();
    opened(database);
  });
  afterAll(async () => {
    await database?.close();
  });
}

/** A projection test database ({@link openProjectionTestDatabase}) for the whole file. */
export function useProjectionTestDatabase(
  name: string,
  opened: (database: ProjectionTestDatabase) => void,
  options: { knexPoolMax?: number } = {},
): void {
  useTestDatabase(() => openProjectionTestDatabase(name, options), opened);
}

/** A read model test database ({@link openReadModelTestDatabase}) for the whole file. */
export function useReadModelTestDatabase(name: string, opened: (database: ReadModelTestDatabase) => void): void {
  useTestDatabase(() => openReadModelTestDatabase(name), opened);
}

/**
 * A one-month Netflix order at 4,53 € for `userId`, as checkout records it with `provider`; `terms` changes what
 * was ordered (months, prices, promo code, date).
 */
export function netflixOrderPlaced(
  subscriptionId: string,
  userId: string,
  provider: string,
  terms: Partial<OrderPlaced['data']> = {},
): OrderPlaced {
  return orderPlacedEvent({
    subscriptionId,
    userId,
    planName: 'Netflix',
    months: 1,
    subtotalCents: 453,
    totalCents: 453,
    provider,
    placedAt: new Date().toISOString(),
    ...terms,
  });
}

/**
 * An event as the log hands it to a projection, at `position` (its checkpoint `1:<position>`); the first of its
 * stream and recorded now unless told otherwise.
 */
export function recordedEvent(
  position: number,
  event: { streamId: string; streamVersion?: number; type: string; data: unknown; recordedAt?: Date },
): RecordedEvent {
  return {
    id: randomUUID(),
    streamId: event.streamId,
    streamVersion: event.streamVersion ?? 1,
    globalPosition: position,
    checkpoint: `1:${position}`,
    type: event.type,
    schemaVersion: 1,
    data: event.data,
    metadata: {},
    recordedAt: event.recordedAt ?? new Date(),
  };
}
