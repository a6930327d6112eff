import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedSocketServer, type EmbeddedSocketServer } from './embedded-socket-server.js';

let db: PGlite;
let server: EmbeddedSocketServer;

beforeAll(async () => {
  db = await PGlite.create();
  server = await startEmbeddedSocketServer(db);
});

afterAll(async () => {
  await server.stop();
  await db.close();
});

const connect = async () => {
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${server.port}/postgres` });
  await client.connect();
  return client;
};

describe('embedded database socket server', () => {
  it('keeps concurrent connections from mixing their parameterised queries', async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, connect));
    try {
      const results = await Promise.all(
        clients.map(async (client, c) => {
          const values: number[] = [];
          for (let i = 0; i < 50; i++) {
            // Different parameter counts per client: mixed Parse/Bind messages would fail loudly.
            const { rows } =
              c % 2 === 0
                ? await client.query<{ v: number }>('SELECT $1::int * 1000 + $2::int AS v', [c, i])
                : await client.query<{ v: number }>('SELECT $1::int * 1000 + $2::int + $3::int AS v', [c, i, 0]);
            values.push(rows[0]!.v);
          }
          return values;
        }),
      );
      expect(results).toEqual(clients.map((_, c) => Array.from({ length: 50 }, (_, i) => c * 1000 + i)));
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });

  it('runs one transaction at a time and rolls back what a vanished client left open', async () => {
    const [a, b, quitter] = await Promise.all([connect(), connect(), connect()]);
    try {
      await a.query('CREATE TABLE IF NOT EXISTS entries (owner text, n int)');
      await quitter.query('BEGIN');
      await quitter.query('INSERT INTO entries VALUES ($1, $2)', ['quitter', 1]);
      const closing = quitter.end();
      await Promise.all(
        [a, b].map(async (client, index) => {
          await client.query('BEGIN');
          for (let n = 0; n < 20; n++)
            await client.query('INSERT INTO entries VALUES ($1, $2)', [`client-${index}`, n]);
          await client.query('COMMIT');
        }),
      );
      await closing;
      const { rows } = await a.query<{ owner: string; count: string }>(
        'SELECT owner, count(*) AS count FROM entries GROUP BY owner ORDER BY owner',
      );
      expect(rows.map((r) => [r.owner, Number(r.count)])).toEqual([
        ['client-0', 20],
        ['client-1', 20],
      ]);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });
});
