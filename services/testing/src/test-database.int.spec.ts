import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './index.js';

const connectionsTo = async (url: string, name: string) => {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    return rows[0]!.n;
  } finally {
    await admin.end();
  }
};

describe('a test database', () => {
  // pool.end() resolves once its clients are taken out, while they are still saying goodbye to the
  // server: a drop that terminated them then made the pool emit an error nobody listens to.
  it('is dropped after a pool that has just ended without its connections being killed', async () => {
    const errors: unknown[] = [];
    for (let round = 0; round < 20; round++) {
      const database = await createTestDatabase('drop_after_end');
      const pool = new pg.Pool({ connectionString: database.url, max: 4 });
      pool.on('error', (error) => errors.push(error));
      await Promise.all(Array.from({ length: 4 }, () => pool.query('SELECT pg_sleep(0.01)')));
      await pool.end();
      await database.drop();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(errors).toEqual([]);
  });

  it('is dropped even while a connection to it stays open', async () => {
    const database = await createTestDatabase('drop_while_open');
    const client = new pg.Client({ connectionString: database.url });
    const closed = new Promise<unknown>((resolve) => client.on('error', resolve));
    await client.connect();
    await database.drop();
    expect(await closed).toMatchObject({ code: '57P01' });
    const url = new URL(database.url);
    url.pathname = '/postgres';
    expect(await connectionsTo(url.toString(), database.name)).toBe(0);
  });
});
