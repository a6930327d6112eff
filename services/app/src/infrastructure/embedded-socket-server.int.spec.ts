import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedSocketServer, type EmbeddedSocketServer } from './embedded-socket-server.js';

let db: PGlite;
let server: EmbeddedSocketServer;
const secret = 'Zx3-the_shop-secret-0123456789abcdefghijkl';

beforeAll(async () => {
  db = await PGlite.create();
  server = await startEmbeddedSocketServer(db, { password: secret });
});

afterAll(async () => {
  await server.stop();
  await db.close();
});

const urlWith = (password: string | null) =>
  `postgres://postgres${password === null ? '' : `:${encodeURIComponent(password)}`}@127.0.0.1:${server.port}/postgres`;

const connect = async (password: string | null = secret) => {
  const client = new pg.Client({ connectionString: urlWith(password), connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
};

/** Why a connection with `password` was refused, or null when it got in (and was closed again). */
const refusal = async (password: string | null) => {
  try {
    await (await connect(password)).end();
    return null;
  } catch (error) {
    return error as pg.DatabaseError;
  }
};

/** One frontend message: a type byte, then its length and body. */
const message = (type: string, body: Buffer) => {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
};

const startupMessage = () => {
  const params = Buffer.from('user\0postgres\0database\0postgres\0\0', 'latin1');
  const header = Buffer.alloc(8);
  header.writeInt32BE(params.length + 8, 0);
  header.writeInt32BE(196_608, 4);
  return Buffer.concat([header, params]);
};

/** Speaks the wire protocol by hand: sends `messages` one after the other, returns what the server said until it hung up. */
async function converse(messages: Buffer[], port = server.port): Promise<Array<{ type: string; body: Buffer }>> {
  const socket = net.connect(port, '127.0.0.1');
  const received: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('the server did not hang up'));
    }, 5000);
    let sent = 0;
    socket.on('connect', () => socket.write(messages[sent++]!));
    socket.on('data', (chunk) => {
      received.push(chunk);
      if (sent < messages.length) socket.write(messages[sent++]!);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const bytes = Buffer.concat(received);
  const parsed: Array<{ type: string; body: Buffer }> = [];
  for (let at = 0; at + 5 <= bytes.length;) {
    const length = bytes.readInt32BE(at + 1);
    parsed.push({ type: String.fromCharCode(bytes[at]!), body: bytes.subarray(at + 5, at + 1 + length) });
    at += 1 + length;
  }
  return parsed;
}

/** The fields of an ErrorResponse: severity, SQLSTATE, message. */
const errorFields = (body: Buffer) =>
  Object.fromEntries(
    body
      .toString('utf8')
      .split('\0')
      .filter(Boolean)
      .map((field) => [field[0], field.slice(1)]),
  );

describe('embedded database socket server: only holders of the secret get in', () => {
  it('lets a client with the secret in', async () => {
    const client = await connect(secret);
    try {
      const { rows } = await client.query<{ user: string }>('SELECT current_user AS user');
      expect(rows).toEqual([{ user: 'postgres' }]);
    } finally {
      await client.end();
    }
  });

  it('refuses a client without the secret', async () => {
    // pg will not answer a SCRAM challenge without a password: it gives up itself.
    expect(await refusal(null)).toBeInstanceOf(Error);
  });

  it('refuses a wrong secret with FATAL 28P01', async () => {
    expect(await refusal(`${secret}x`)).toMatchObject({ severity: 'FATAL', code: '28P01' });
    expect(await refusal('postgres')).toMatchObject({ severity: 'FATAL', code: '28P01' });
  });

  it('answers a missing password or a query sent without signing in with FATAL 28P01, then hangs up', async () => {
    for (const attempt of [
      message('p', Buffer.from('\0', 'latin1')), // an empty cleartext password
      message('Q', Buffer.from('SELECT rolpassword FROM pg_authid\0', 'latin1')),
    ]) {
      const answers = await converse([startupMessage(), attempt]);
      // The server asks for SCRAM-SHA-256 first, like PostgreSQL with password_encryption = scram-sha-256.
      expect(answers[0]?.type).toBe('R');
      expect(answers[0]!.body.readInt32BE(0)).toBe(10);
      expect(answers[0]!.body.subarray(4).toString('latin1')).toBe('SCRAM-SHA-256\0\0');
      expect(answers.slice(1).map((a) => a.type)).toEqual(['E']);
      expect(errorFields(answers[1]!.body)).toMatchObject({ S: 'FATAL', V: 'FATAL', C: '28P01' });
    }
  });

  it('hangs up with FATAL 28P01 on a client that never answers the challenge', async () => {
    const impatient = await startEmbeddedSocketServer(db, { password: secret, authenticationTimeoutMs: 200 });
    try {
      const answers = await converse([startupMessage()], impatient.port);
      expect(answers.map((a) => a.type)).toEqual(['R', 'E']);
      expect(errorFields(answers[1]!.body)).toMatchObject({ S: 'FATAL', C: '28P01' });
    } finally {
      await impatient.stop();
    }
  });

  it('still declines SSL before the startup message', async () => {
    const sslRequest = Buffer.alloc(8);
    sslRequest.writeInt32BE(8, 0);
    sslRequest.writeInt32BE(80_877_103, 4);
    const socket = net.connect(server.port, '127.0.0.1');
    const answer = await new Promise<string>((resolve, reject) => {
      socket.on('connect', () => socket.write(sslRequest));
      socket.once('data', (chunk) => resolve(chunk.toString('latin1')));
      socket.on('error', reject);
    });
    socket.destroy();
    expect(answer).toBe('N');
  });
});

describe('embedded database socket server', () => {
  it('keeps concurrent connections from mixing their parameterised queries', async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, () => connect()));
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
