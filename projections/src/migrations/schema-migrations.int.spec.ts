import { createTestDatabase, type TestDatabase } from '@shop/testing';
import knexFactory, { type Knex } from 'knex';
import { afterEach, describe, expect, it } from 'vitest';
import { initialSchema } from './0001-initial-schema.js';
import { migrateToLatest, migrationStatus, SCHEMA_MIGRATIONS, UnknownMigrationsError } from './schema-migrations.js';

const opened: Array<{ database: TestDatabase; knex: Knex[] }> = [];

async function freshDatabase(connections = 1): Promise<Knex[]> {
  const database = await createTestDatabase('migrations');
  const knex = Array.from({ length: connections }, () =>
    knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } }),
  );
  opened.push({ database, knex });
  return knex;
}

afterEach(async () => {
  for (const { database, knex } of opened.splice(0)) {
    await Promise.all(knex.map((k) => k.destroy()));
    await database.drop();
  }
});

const ALL = SCHEMA_MIGRATIONS.map((m) => m.name);

/** Tables, columns, constraints and indexes of the public schema, in a comparable form. */
async function schemaOf(knex: Knex) {
  const columns = await knex.raw(`
    SELECT table_name, column_name, data_type, is_nullable, column_default
      FROM information_schema.columns WHERE table_schema = 'public'
     ORDER BY table_name, column_name`);
  const constraints = await knex.raw(`
    SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace
     ORDER BY 1, 2`);
  const indexes = await knex.raw(`
    SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2`);
  return { columns: columns.rows, constraints: constraints.rows, indexes: indexes.rows };
}

const tableNames = async (knex: Knex) =>
  (
    await knex.raw<{ rows: Array<{ tablename: string }> }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
    )
  ).rows.map((row) => row.tablename);

describe('schema migrations', () => {
  it('upgrades a database built by the shop before migrations in place, keeping its rows', async () => {
    const [fresh] = await freshDatabase();
    await migrateToLatest(fresh!);

    // Today's shop ran the same statements at start-up, without any record of having done so.
    const [old] = await freshDatabase();
    await initialSchema.up(old!);
    await old!('account_credentials').insert({ user_id: 'u1', email_normalized: 'a@example.com', password_hash: 'h' });
    await old!('projection_state').insert({ name: 'accounts', active_generation: 3, code_version: 2 });
    expect(await old!.schema.hasTable('knex_migrations')).toBe(false);
    expect((await migrationStatus(old!)).pending).toEqual(ALL);

    expect(await migrateToLatest(old!)).toEqual(ALL);

    const status = await migrationStatus(old!);
    expect(status.pending).toEqual([]);
    expect(status.applied.map((m) => [m.name, m.batch, m.known])).toEqual(ALL.map((name) => [name, 1, true]));
    expect(await old!('account_credentials').select('user_id', 'email_normalized')).toEqual([
      { user_id: 'u1', email_normalized: 'a@example.com' },
    ]);
    expect(await old!('projection_state').first('active_generation')).toEqual({ active_generation: 3 });
    expect(await schemaOf(old!)).toEqual(await schemaOf(fresh!));
    expect(await migrateToLatest(old!)).toEqual([]);
  });

  it('gives an older database the columns added before migrations existed (session location, key leases)', async () => {
    const [fresh] = await freshDatabase();
    await migrateToLatest(fresh!);
    const [old] = await freshDatabase();
    // The schema before migrations, as a shop built it before those two columns were added to it.
    await initialSchema.up(old!);
    await old!.raw(`
      ALTER TABLE auth_sessions DROP COLUMN location;
      ALTER TABLE idempotency_keys DROP COLUMN lease_id, DROP COLUMN lease_expires_at;`);
    expect(await old!.schema.hasColumn('auth_sessions', 'location')).toBe(false);

    await migrateToLatest(old!);

    expect(await old!.schema.hasColumn('auth_sessions', 'location')).toBe(true);
    expect(await old!.schema.hasColumn('idempotency_keys', 'lease_expires_at')).toBe(true);
    expect(await schemaOf(old!)).toEqual(await schemaOf(fresh!));
  });

  it('reports what is pending on a fresh database without creating anything', async () => {
    const [knex] = await freshDatabase();
    expect(await migrationStatus(knex!)).toEqual({ applied: [], pending: ALL });
    expect(await tableNames(knex!)).toEqual([]);
  });

  it('lets processes that start together all migrate: one applies, the others wait and find it done', async () => {
    const instances = await freshDatabase(4);
    const results = await Promise.all(instances.map((knex) => migrateToLatest(knex)));
    expect(results.flat()).toEqual(ALL);
    expect(results.filter((applied) => applied.length > 0)).toHaveLength(1);
    const status = await migrationStatus(instances[0]!);
    expect(status.applied.map((m) => m.name)).toEqual(ALL);
  });

  it('refuses a database that a newer version of the shop migrated', async () => {
    const [knex] = await freshDatabase();
    await migrateToLatest(knex!);
    await knex!('knex_migrations').insert({ name: '9999-from-the-future', batch: 2, migration_time: new Date() });
    await expect(migrateToLatest(knex!)).rejects.toBeInstanceOf(UnknownMigrationsError);
  });
});
