import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll } from 'vitest';
import { compiled } from './compiled-processes.js';
import { startTestShop, TEST_SECRETS_KEY, type TestShop } from './test-shop.js';

export interface ShopctlRun {
  /** The exit status (null when killed). */
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface ShopctlProcess {
  /**
   * Runs `shopctl <args>` to its end: exit status, stdout and stderr. The test's own process keeps
   * running meanwhile (a test shop in it goes on serving, as a real shop does while an operator
   * runs a command); killed after 60 s.
   */
  run(...args: string[]): Promise<ShopctlRun>;
  /** Removes the process's data folder. */
  cleanUp(): void;
}

/** Runs `shopctl <args>` in a process of its own with exactly these settings, to its end; killed after `timeoutMs`. */
export function runShopctl(env: NodeJS.ProcessEnv, args: string[], timeoutMs = 60_000): Promise<ShopctlRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...compiled('shopctl'), ...args], { env, timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * `shopctl` as an operator runs it: a process of its own, on the test shop's database (asked for
 * at each run, so a database made later in `beforeAll` is the one used), with the shop's master key
 * so it can open the personal data sealed in events, and a data folder of its own.
 */
export function shopctlProcess(databaseUrl: () => string, label = 'shopctl'): ShopctlProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${label}-`));
  return {
    run: (...args) =>
      runShopctl(
        {
          ...process.env,
          DATABASE_URL: databaseUrl(),
          REDIS_URL: '',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          SECRETS_KEY: TEST_SECRETS_KEY,
        },
        args,
      ),
    cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * What a CLI test starts from: a test shop on a fresh database, and `shopctl` run beside it on the
 * same database. Registers its set-up and clean-up with the test file; `shop` is there once the
 * file's tests run.
 */
export function testShopWithShopctl(
  label: string,
  options: { env?: Record<string, string> } = {},
): {
  readonly shop: TestShop;
  shopctl: (...args: string[]) => Promise<ShopctlRun>;
  /** The test shop's database, for a shopctl run with other settings. */
  databaseUrl: () => string;
} {
  let database: TestDatabase | undefined;
  let shop: TestShop | undefined;
  const cli = shopctlProcess(() => database!.url, label.replace(/_/g, '-'));
  beforeAll(async () => {
    database = await createTestDatabase(label);
    shop = await startTestShop({ databaseUrl: database.url, env: options.env });
  });
  afterAll(async () => {
    await shop?.stop();
    await database?.drop();
    cli.cleanUp();
  });
  return {
    get shop() {
      if (!shop) throw new Error('the test shop starts in beforeAll');
      return shop;
    },
    shopctl: (...args) => cli.run(...args),
    databaseUrl: () => database!.url,
  };
}
