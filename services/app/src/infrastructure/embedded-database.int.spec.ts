import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { findRunningEmbeddedDatabase, startEmbeddedDatabase } from './embedded-database.js';

const root = mkdtempSync(path.join(tmpdir(), 'shop-embedded-database-'));

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const mode = (file: string) => statSync(file).mode & 0o777;

async function connects(url: string): Promise<true | { code?: string; severity?: string; message: string }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch (error) {
    const { code, severity, message } = error as pg.DatabaseError;
    return { code, severity, message };
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('the embedded database is locked to the shop and shopctl', () => {
  it('creates a private data folder and secret, and refuses connections without it', async () => {
    const dataDir = path.join(root, 'fresh');
    const embedded = await startEmbeddedDatabase(dataDir);
    try {
      expect(mode(dataDir)).toBe(0o700);
      const secretFile = path.join(dataDir, 'embedded-database.secret');
      expect(mode(secretFile)).toBe(0o600);
      const secret = readFileSync(secretFile, 'utf8').trim();
      expect(secret.length).toBeGreaterThanOrEqual(32);

      // The shop's own URL carries the secret and gets in.
      expect(new URL(embedded.url).password).toBe(secret);
      expect(await connects(embedded.url)).toBe(true);

      // Anyone else is refused.
      const bare = new URL(embedded.url);
      bare.password = '';
      expect(await connects(bare.toString())).not.toBe(true);
      const wrong = new URL(embedded.url);
      wrong.password = 'not-the-secret';
      expect(await connects(wrong.toString())).toMatchObject({ severity: 'FATAL', code: '28P01' });

      // The file that tells shopctl where the shop listens is private and holds no secret.
      const serverFile = path.join(dataDir, 'embedded-server.json');
      expect(mode(serverFile)).toBe(0o600);
      expect(readFileSync(serverFile, 'utf8')).not.toContain(secret);

      // shopctl finds the running shop and gets in with the secret it reads from the folder.
      const attached = await findRunningEmbeddedDatabase(dataDir);
      expect(attached).toBe(embedded.url);
      expect(await connects(attached!)).toBe(true);

      // A second shop on the same folder is still refused.
      const refusal = await startEmbeddedDatabase(dataDir).then(
        () => null,
        (error: Error) => error.message,
      );
      expect(refusal).toMatch(/Another shop process already serves/);
      expect(refusal).not.toContain(secret);
    } finally {
      await embedded.close();
    }

    // The secret survives a restart.
    const secret = readFileSync(path.join(dataDir, 'embedded-database.secret'), 'utf8').trim();
    const restarted = await startEmbeddedDatabase(dataDir);
    try {
      expect(new URL(restarted.url).password).toBe(secret);
      expect(await connects(restarted.url)).toBe(true);
    } finally {
      await restarted.close();
    }
  }, 60_000);

  it('tightens a data folder and files left open by an older version', async () => {
    const dataDir = path.join(root, 'upgraded');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const secretFile = path.join(dataDir, 'embedded-database.secret');
    writeFileSync(secretFile, 'an-older-secret-0123456789-abcdefghijklmnop');
    chmodSync(secretFile, 0o644);
    // A server file left behind by a shop that crashed (no such process any more).
    const serverFile = path.join(dataDir, 'embedded-server.json');
    writeFileSync(serverFile, JSON.stringify({ url: 'postgres://postgres@127.0.0.1:1/postgres', pid: 2 ** 22 + 1 }));
    chmodSync(serverFile, 0o644);

    const embedded = await startEmbeddedDatabase(dataDir);
    try {
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(secretFile)).toBe(0o600);
      expect(mode(serverFile)).toBe(0o600);
      expect(new URL(embedded.url).password).toBe('an-older-secret-0123456789-abcdefghijklmnop');
      expect(await connects(embedded.url)).toBe(true);
    } finally {
      await embedded.close();
    }
  }, 60_000);
});
