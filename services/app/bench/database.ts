import { randomBytes } from 'node:crypto';
import { migrateToLatest } from '@shop/projections';
import knexFactory from 'knex';
import pg from 'pg';

export interface BenchDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

/**
 * A throwaway database next to the one the admin URL names, so the bench never reads or
 * writes real data, with the shop's schema as its migrations build it (the projector's
 * bookkeeping included). Dropped WITH (FORCE): connections a crashed phase left open do not block it.
 */
export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `shop_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const knex = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 1 } });
  try {
    await migrateToLatest(knex);
  } finally {
    await knex.destroy();
  }
  let dropped = false;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** `work` on a throwaway database of its own (see createBenchDatabase), dropped afterwards whatever happened. */
export async function inBenchDatabase<T>(adminUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const database = await createBenchDatabase(adminUrl);
  try {
    return await work(database.url);
  } finally {
    await database.drop();
  }
}

async function withAdmin(adminUrl: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A pool on the bench database. An idle connection that the end-of-run `DROP DATABASE … WITH (FORCE)`
 * closes emits an error; without a listener that would end the process before it reports.
 */
export function benchPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  return pool;
}
