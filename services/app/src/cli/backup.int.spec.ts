import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createTestDatabase, eventually, type TestDatabase } from '@shop/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port.js';
import { requestJson, signUpAndSignIn } from '../testing/http-customer.js';
import { paidSubscription, placedOrder } from '../testing/paid-subscription.js';
import { startShopProcess } from '../testing/shop-process.js';
import { runShopctl, shopctlProcess, testShopWithShopctl } from '../testing/shopctl-process.js';
import { startTestShop, TEST_SECRETS_KEY } from '../testing/test-shop.js';
import type { ArchiveHeader, ArchiveTrailer } from './backup-archive.js';

const workDir = mkdtempSync(path.join(tmpdir(), 'shop-backup-'));
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
  rmSync(workDir, { recursive: true, force: true });
});

async function emptyDatabase(label: string): Promise<TestDatabase> {
  const database = await createTestDatabase(label);
  databases.push(database);
  return database;
}

async function query<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The archive's lines, uncompressed: header first, trailer last. */
function archiveLines(file: string): string[] {
  return gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
}

function archiveEnds(file: string): { header: ArchiveHeader; trailer: ArchiveTrailer } {
  const lines = archiveLines(file);
  return {
    header: JSON.parse(lines[0]!.slice(2)) as ArchiveHeader,
    trailer: JSON.parse(lines.at(-1)!.slice(2)) as ArchiveTrailer,
  };
}

/** Writes the lines as an archive again; with `resealed`, with the checksum recomputed (an archive valid but for its content). */
function rewriteArchive(file: string, lines: string[], options: { resealed?: boolean } = {}): void {
  const body = lines.slice(0, -1);
  let trailer = lines.at(-1)!;
  if (options.resealed) {
    const sha256 = createHash('sha256')
      .update(body.map((line) => `${line}\n`).join(''), 'utf8')
      .digest('hex');
    trailer = `t\t${JSON.stringify({ ...(JSON.parse(trailer.slice(2)) as ArchiveTrailer), sha256 })}`;
  }
  writeFileSync(file, gzipSync(`${[...body, trailer].join('\n')}\n`), { mode: 0o600 });
}

const LOG_COLUMNS = `global_position, event_id, stream_id, stream_version, event_type, schema_version, data, metadata, recorded_at`;

const source = testShopWithShopctl('backup_source');

describe('shopctl backup and restore on PostgreSQL', () => {
  const archive = path.join(workDir, 'shop.backup.gz');
  let target: TestDatabase;
  let customer: Awaited<ReturnType<typeof signUpAndSignIn>>;

  it('backs up while orders are placed and paid, restores into an empty database whose log verifies and equals the source at the snapshot', async () => {
    const { runtime } = source.shop;
    customer = await signUpAndSignIn(source.shop.url, { label: 'backup-customer' });
    const others = await Promise.all(['ada', 'bob'].map((label) => signUpAndSignIn(source.shop.url, { label })));
    for (let i = 0; i < 100; i++) await placedOrder(runtime.store, others[i % 2]!.userId);

    // Writers keep going for the whole backup: orders placed and paid, from several requests at once.
    let writing = true;
    let written = 0;
    const writer = async (userId: string) => {
      while (writing) {
        await paidSubscription(runtime.store, userId, new Date(Date.UTC(2031, 0, 1 + (written % 28))));
        written++;
      }
    };
    const writers = [customer, ...others].map((person) => writer(person.userId));
    await eventually(
      async () => written,
      (n) => n >= 5,
    );
    // An invoice is issued by a job after its payment: the snapshot should hold some, numbered beside the log.
    await eventually(
      async () =>
        Number(
          (
            await query<{ n: string }>(
              runtime.databaseUrl,
              "SELECT count(*) n FROM es_events WHERE stream_id LIKE 'accounting-%'",
            )
          )[0]!.n,
        ),
      (n) => n > 0,
      60_000,
    );
    const before = written;
    const started = Date.now();
    const backup = await source.shopctl('backup', archive);
    const backupMs = Date.now() - started;
    const during = written - before;
    writing = false;
    await Promise.all(writers);
    expect({ status: backup.status, stderr: backup.stderr }).toEqual({ status: 0, stderr: '' });
    expect(backup.stdout).toMatch(/^Backup written to .+: \d+ event\(s\), \d+ seal\(s\)/);
    expect(backup.stdout).toContain('The master key is not in the archive (it comes from SECRETS_KEY)');
    expect(during).toBeGreaterThan(0);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(readFileSync(archive).includes(Buffer.from(process.env.SECRETS_KEY ?? 'no key'))).toBe(false);

    const { header, trailer } = archiveEnds(archive);
    expect(header.tables.slice(0, 2)).toEqual(['es_events', 'event_seals']);
    expect(header.tables).toEqual(
      expect.arrayContaining(['personal_data_keys', 'account_credentials', 'accounting_document_numbers']),
    );
    expect(header.tables.filter((t) => t.startsWith('rm_') || t.startsWith('projection_'))).toEqual([]);
    // Run with another master key than the shop's, a backup would be useless: refused, and no file is left.
    const elsewhere = path.join(workDir, 'wrong-key.backup.gz');
    const wrongKey = await shopctlWithAnotherKey(
      runtime.databaseUrl,
      path.join(workDir, 'wrong-key'),
      'backup',
      elsewhere,
    );
    expect(wrongKey.status).toBe(4);
    expect(wrongKey.stderr).toContain("does not open this database's personal data");
    expect(wrongKey.stderr).toContain('(backup.key_mismatch)');
    expect([existsSync(elsewhere), existsSync(`${elsewhere}.partial`)]).toEqual([false, false]);
    // Refused rather than overwritten.
    const again = await source.shopctl('backup', archive);
    expect(again.status).toBe(4);
    expect(again.stderr).toContain('(backup.file_exists)');

    target = await emptyDatabase('backup_target');
    const restoring = shopctlProcess(() => target.url, 'shopctl-restore');
    const restoreStarted = Date.now();
    const restored = await restoring.run('restore', archive);
    const restoreMs = Date.now() - restoreStarted;
    expect({ status: restored.status, stderr: restored.stderr }).toEqual({ status: 0, stderr: '' });
    expect(restored.stdout).toContain(`Restored ${trailer.rows.es_events} event(s)`);
    expect(restored.stdout).toContain(`Chain intact: ${trailer.rows.event_seals} event(s) verified`);
    console.info(
      `backup of ${trailer.rows.es_events} events (${during} orders paid during it): ${backupMs} ms, ${statSync(archive).size} bytes; restore: ${restoreMs} ms`,
    );

    // The restored log is the source's as the backup's snapshot saw it: the same events, in the same reading order.
    const sourceLog = await query<Record<string, unknown>>(
      source.shop.runtime.databaseUrl,
      `SELECT ${LOG_COLUMNS} FROM es_events WHERE pg_visible_in_snapshot(transaction_id, $1::pg_snapshot)
       ORDER BY transaction_id, global_position`,
      [header.snapshot],
    );
    const restoredLog = await query<Record<string, unknown>>(
      target.url,
      `SELECT ${LOG_COLUMNS} FROM es_events ORDER BY transaction_id, global_position`,
    );
    expect(restoredLog.length).toBe(trailer.rows.es_events);
    expect(restoredLog).toEqual(sourceLog);
    expect(Number(restoredLog.at(-1)!.global_position)).toBe(trailer.logHead!.position);
    const [sourceCount] = await query<{ n: string }>(
      source.shop.runtime.databaseUrl,
      'SELECT count(*) n FROM es_events',
    );
    expect(Number(sourceCount!.n)).toBeGreaterThan(restoredLog.length);

    // Every checkpoint kept (the seals', the reactors') names its event as this database numbers it.
    const reactors = await query<{ name: string }>(target.url, 'SELECT name FROM reactor_checkpoints');
    expect(reactors.length).toBeGreaterThan(0);
    const astray = await query<{ at: string }>(
      target.url,
      `SELECT 'seal ' || s.seq AS at FROM event_seals s LEFT JOIN es_events e ON e.global_position = s.position
       WHERE s.checkpoint IS DISTINCT FROM e.transaction_id::text || ':' || e.global_position
       UNION ALL
       SELECT 'reactor ' || r.name FROM reactor_checkpoints r LEFT JOIN es_events e ON e.global_position = r.last_position
       WHERE r.checkpoint IS NOT NULL AND r.checkpoint IS DISTINCT FROM e.transaction_id::text || ':' || e.global_position`,
    );
    expect(astray).toEqual([]);

    // The documents' numbers, kept beside the log, are restored with exactly the documents of the restored log.
    const byNumber = (a: { number: string }, b: { number: string }) => a.number.localeCompare(b.number);
    const numbered = await query<{ document_id: string; number: string }>(
      target.url,
      'SELECT document_id, number FROM accounting_document_numbers',
    );
    const documents = restoredLog
      .filter((e) => String(e.stream_id).startsWith('accounting-'))
      .map((e) => e.data as { documentId: string; number: string })
      .map(({ documentId, number }) => ({ document_id: documentId, number }))
      .sort(byNumber);
    expect(documents.length).toBeGreaterThan(0);
    expect(numbered.sort(byNumber)).toEqual(documents);

    // The shop starts on it, builds its read models from the log, and the chain still verifies.
    const shop = await startTestShop({ databaseUrl: target.url });
    try {
      const subscriptionIds = new Set(
        sourceLog
          .filter((e) => String(e.stream_id).startsWith('subscription-'))
          .map((e) => String(e.stream_id).slice(13)),
      );
      const projected = await eventually(
        async () => (await shop.runtime.knex('subscriptions').pluck('id')) as string[],
        (ids) => ids.length >= subscriptionIds.size,
      );
      expect(new Set(projected)).toEqual(subscriptionIds);
      const accountIds = new Set(
        sourceLog.filter((e) => String(e.stream_id).startsWith('account-')).map((e) => String(e.stream_id).slice(8)),
      );
      expect(new Set(await shop.runtime.knex('accounts').pluck('id'))).toEqual(accountIds);
      const paidAtSource = (await source.shop.runtime
        .knex('subscriptions')
        .whereIn('id', [...subscriptionIds])
        .select('id', 'status')) as Array<{ id: string; status: string }>;
      const restoredRows = (await shop.runtime.knex('subscriptions').select('id', 'status')) as typeof paidAtSource;
      // A subscription paid after the snapshot is still pending in the copy; none is ahead of the source.
      const statusAtSource = new Map(paidAtSource.map((s) => [s.id, s.status]));
      expect(restoredRows.filter((s) => s.status !== statusAtSource.get(s.id) && s.status !== 'pending')).toEqual([]);

      // Keys and credentials came along: the customer signs in and reads their own name.
      const signIn = await requestJson(shop.url, 'POST', '/api/auth/sign-in', {
        body: { email: customer.email, password: customer.password },
      });
      expect(signIn.status).toBe(200);

      // The restored shop goes on: a new order is projected after the restored ones.
      const { subscriptionId } = await placedOrder(shop.runtime.store, customer.userId);
      await eventually(
        async () => (await shop.runtime.knex('subscriptions').where({ id: subscriptionId }).first()) as unknown,
        (row) => row !== undefined,
      );
      const verify = await restoring.run('audit', 'verify');
      expect({ status: verify.status, stderr: verify.stderr }).toEqual({ status: 0, stderr: '' });
      expect(verify.stdout).toMatch(/^Chain intact: \d+ event\(s\) verified/);
    } finally {
      await shop.stop();
      restoring.cleanUp();
    }
  }, 240_000);

  it('refuses a database that holds a shop, and an archive altered, damaged or from a newer schema; nothing changes', async () => {
    const restoring = shopctlProcess(() => target.url, 'shopctl-refused');
    const countEvents = async (url: string) =>
      Number((await query<{ n: string }>(url, 'SELECT count(*) n FROM es_events'))[0]!.n);
    try {
      const eventsBefore = await countEvents(target.url);
      const notEmpty = await restoring.run('restore', archive);
      expect(notEmpty.status).toBe(4);
      expect(notEmpty.stderr).toContain('holds a shop already');
      expect(notEmpty.stderr).toContain('(backup.target_not_empty)');
      expect(await countEvents(target.url)).toBe(eventsBefore);
    } finally {
      restoring.cleanUp();
    }

    const fresh = await emptyDatabase('backup_refused');
    const intoFresh = shopctlProcess(() => fresh.url, 'shopctl-fresh');
    const tablesOf = async () =>
      await query<{ relname: string }>(
        fresh.url,
        `SELECT relname FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace`,
      );
    try {
      const lines = archiveLines(archive);
      const eventLine = lines.findIndex(
        (line) => line.startsWith('r\tes_events\t') && line.includes('"PaymentConfirmed"'),
      );
      const tampered = path.join(workDir, 'tampered.backup.gz');
      const edited = [...lines];
      edited[eventLine] = edited[eventLine]!.replace(/"amountCents": ?\d+/, '"amountCents": 1');
      expect(edited[eventLine]).not.toBe(lines[eventLine]);
      rewriteArchive(tampered, edited);
      const refused = await intoFresh.run('restore', tampered);
      expect(refused.status).toBe(4);
      expect(refused.stderr).toContain('(backup.checksum_mismatch)');
      expect(await tablesOf()).toEqual([]);

      const cut = path.join(workDir, 'cut.backup.gz');
      writeFileSync(cut, gzipSync(`${lines.slice(0, Math.floor(lines.length / 2)).join('\n')}\n`));
      const cutShort = await intoFresh.run('restore', cut);
      expect(cutShort.status).toBe(4);
      expect(cutShort.stderr).toContain('(backup.not_an_archive)');

      const newer = path.join(workDir, 'newer.backup.gz');
      const header = JSON.parse(lines[0]!.slice(2)) as ArchiveHeader;
      const fromTheFuture = { ...header, migrations: [...header.migrations, '9999-from-the-future'] };
      rewriteArchive(newer, [`h\t${JSON.stringify(fromTheFuture)}`, ...lines.slice(1)], { resealed: true });
      const tooNew = await intoFresh.run('restore', newer);
      expect(tooNew.status).toBe(4);
      expect(tooNew.stderr).toContain('9999-from-the-future unknown here');
      expect(tooNew.stderr).toContain('(backup.newer_schema)');
      expect(await tablesOf()).toEqual([]);

      // Another master key than the one that sealed the personal data: refused before anything is written.
      const otherKey = await shopctlWithAnotherKey(fresh.url, path.join(workDir, 'other-key'), 'restore', archive);
      expect(otherKey.status).toBe(4);
      expect(otherKey.stderr).toContain('SECRETS_KEY is not the master key of the shop this archive comes from');
      expect(otherKey.stderr).toContain('(backup.key_mismatch)');
      expect(otherKey.stderr).not.toContain(process.env.SECRETS_KEY ?? 'no key');
      expect(await tablesOf()).toEqual([]);

      // The same archive, untouched, restores there: the refusals left the database as empty as it was.
      const restored = await intoFresh.run('restore', archive);
      expect({ status: restored.status, stderr: restored.stderr }).toEqual({ status: 0, stderr: '' });
    } finally {
      intoFresh.cleanUp();
    }
  }, 120_000);

  it('restores the PostgreSQL archive into an empty embedded data folder, whose transaction ids are far behind: the log reads and verifies', async () => {
    const { trailer } = archiveEnds(archive);
    const folder = path.join(workDir, 'embedded-from-postgres');
    const restored = await shopctlWith({ ...embeddedEnv(folder), SECRETS_KEY: TEST_SECRETS_KEY }, 'restore', archive);
    expect({ status: restored.status, stderr: restored.stderr }).toEqual({ status: 0, stderr: '' });
    expect(restored.stdout).toContain(`Chain intact: ${trailer.rows.event_seals} event(s) verified`);
    // Keyed by SECRETS_KEY: nothing written into the folder.
    expect(existsSync(path.join(folder, 'secrets.key'))).toBe(false);
  }, 120_000);
});

/** A machine with nothing configured: the embedded database in `dataDir`, no Redis, no SECRETS_KEY. */
function embeddedEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'EVENTSTORE_URL', 'SECRETS_KEY']) delete env[name];
  return env;
}

/** `shopctl <args>` with exactly these settings. */
const shopctlWith = (env: NodeJS.ProcessEnv, ...args: string[]) => runShopctl(env, args, 90_000);

/** `shopctl <args>` on that database with a master key of its own, another than the shop's. */
const shopctlWithAnotherKey = (databaseUrl: string, dataDir: string, ...args: string[]) =>
  shopctlWith(
    { ...embeddedEnv(dataDir), DATABASE_URL: databaseUrl, SECRETS_KEY: randomBytes(32).toString('base64') },
    ...args,
  );

const embeddedShopctl = (dataDir: string, ...args: string[]) => shopctlWith(embeddedEnv(dataDir), ...args);

async function startEmbeddedShop(dataDir: string) {
  return startShopProcess(embeddedEnv(dataDir, { PORT: String(await freePort()) }), 90_000);
}

describe('shopctl backup and restore on the embedded default', () => {
  it('backs up a running shop’s data folder, key included, and restores into an empty folder where the shop starts and the chain verifies', async () => {
    const from = path.join(workDir, 'from');
    const into = path.join(workDir, 'into');
    const archive = path.join(workDir, 'embedded.backup.gz');
    const shop = await startEmbeddedShop(from);
    let email = '';
    try {
      email = `embedded-${randomUUID().slice(0, 8)}@example.com`;
      const signUp = await requestJson(shop.url, 'POST', '/api/auth/sign-up', {
        body: { email, password: 'jardin-42-long', fullName: 'Léa Embarquée' },
      });
      expect(signUp.status).toBe(201);
      // Taken through the running shop's database, as an operator would.
      const backup = await embeddedShopctl(from, 'backup', archive);
      expect({ status: backup.status, stderr: backup.stderr }).toEqual({ status: 0, stderr: '' });
      expect(backup.stdout).toContain('The master key (secrets.key) is in the archive');
    } finally {
      expect(await shop.stop()).toBe(0);
    }
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    const restored = await embeddedShopctl(into, 'restore', archive);
    expect({ status: restored.status, stderr: restored.stderr }).toEqual({ status: 0, stderr: '' });
    expect(restored.stdout).toMatch(/Chain intact: [1-9]\d* event\(s\) verified/);
    expect(readFileSync(path.join(into, 'secrets.key'))).toEqual(readFileSync(path.join(from, 'secrets.key')));
    expect(statSync(path.join(into, 'secrets.key')).mode & 0o777).toBe(0o600);

    const copy = await startEmbeddedShop(into);
    try {
      const plans = await eventually(
        async () => (await requestJson(copy.url, 'GET', '/api/plans')).body.data as unknown[],
        (data) => Array.isArray(data) && data.length === 5,
      );
      expect(plans).toHaveLength(5);
      const signIn = await requestJson(copy.url, 'POST', '/api/auth/sign-in', {
        body: { email, password: 'jardin-42-long' },
      });
      expect(signIn.status).toBe(200);
      const verify = await embeddedShopctl(into, 'audit', 'verify');
      expect({ status: verify.status, stderr: verify.stderr }).toEqual({ status: 0, stderr: '' });
      expect(verify.stdout).toMatch(/^Chain intact: \d+ event\(s\) verified/);
    } finally {
      expect(await copy.stop()).toBe(0);
    }
    expect(existsSync(path.join(into, 'pgdata'))).toBe(true);

    // The same archive moves the shop to PostgreSQL: the key goes into the (empty) data folder given.
    const postgres = await emptyDatabase('backup_from_embedded');
    const keyFolder = path.join(workDir, 'postgres-keys');
    const moved = await shopctlWith({ ...embeddedEnv(keyFolder), DATABASE_URL: postgres.url }, 'restore', archive);
    expect({ status: moved.status, stderr: moved.stderr }).toEqual({ status: 0, stderr: '' });
    expect(moved.stdout).toMatch(/Chain intact: [1-9]\d* event\(s\) verified/);
    expect(readFileSync(path.join(keyFolder, 'secrets.key'))).toEqual(readFileSync(path.join(from, 'secrets.key')));
  }, 300_000);
});
