import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface BenchDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

/**
 * A throwaway database next to the one the admin URL names, so the bench never reads or
 * writes real data. Dropped WITH (FORCE): connections a crashed phase left open do not block it.
 */
export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `shop_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
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

async function withAdmin(adminUrl: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
