import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SCHEMA_MIGRATIONS } from '@shop/projections';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiled } from '../testing/compiled-processes.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shopctl-migrate-'));
const ALL = SCHEMA_MIGRATIONS.map((m) => m.name);
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('shopctl_migrate');
});

afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs shopctl in its own process, as an operator would; several may run at once. */
const shopctl = (...args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [...compiled('shopctl'), ...args], {
      env: { ...process.env, DATABASE_URL: database.url, REDIS_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });

async function tables(): Promise<string[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const result = await client.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
    );
    return result.rows.map((row) => row.tablename);
  } finally {
    await client.end();
  }
}

describe('shopctl migrate', () => {
  it('lists the pending migrations of a fresh database with status and --dry-run, and changes nothing', async () => {
    const status = await shopctl('migrate', 'status');
    expect({ status: status.status, stderr: status.stderr }).toEqual({ status: 0, stderr: '' });
    expect(status.stdout).toBe(
      `applied (0):\n  none\npending (${ALL.length}):\n${ALL.map((n) => `  ${n}`).join('\n')}\n`,
    );

    const dryRun = await shopctl('migrate', '--dry-run');
    expect({ status: dryRun.status, stderr: dryRun.stderr }).toEqual({ status: 0, stderr: '' });
    expect(dryRun.stdout).toBe(`Would apply ${ALL.length} migration(s):\n${ALL.map((n) => `  ${n}`).join('\n')}\n`);
    expect((await shopctl('migrate', 'latest', '--dry-run')).stdout).toBe(dryRun.stdout);

    expect(await tables()).toEqual([]);
  });

  it('applies them from two processes started together: both succeed, one of them applies', async () => {
    const runs = await Promise.all([shopctl('migrate'), shopctl('migrate', 'latest')]);
    for (const run of runs) expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(runs.map((run) => run.stdout.split('\n')[0]).sort()).toEqual([
      `Applied ${ALL.length} migration(s):`,
      'Nothing to migrate: the schema is up to date',
    ]);
    expect(await tables()).toEqual(
      expect.arrayContaining(['knex_migrations', 'account_credentials', 'projection_state']),
    );

    const status = await shopctl('migrate', 'status', '--json');
    const parsed = JSON.parse(status.stdout) as { applied: Array<{ name: string; known: boolean }>; pending: string[] };
    expect(parsed.pending).toEqual([]);
    expect(parsed.applied.map((m) => [m.name, m.known])).toEqual(ALL.map((name) => [name, true]));
    expect((await shopctl('migrate', '--dry-run')).stdout).toBe('Nothing to migrate: the schema is up to date\n');
  });
});
