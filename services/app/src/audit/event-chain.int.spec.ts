import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PostgresEventStore, type NewEvent } from '@shop/event-store';
import { openProjectionTestDatabase, type ProjectionTestDatabase } from '@shop/projections/testing';
import { createTestDatabase, eventually } from '@shop/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { exportChain, verifyChain, verifyExport } from './chain-verification.js';
import { GENESIS_LINK } from './event-chain.js';
import { compiled } from '../testing/compiled-processes.js';
import { startTestShop } from '../testing/test-shop.js';
import { runSealer, sealPending } from './event-sealer.js';

type Log = ProjectionTestDatabase;

const opened: Log[] = [];

async function openLog(): Promise<Log> {
  // Room in the store's pool for the eight writers and two sealers of the concurrency test.
  const log = await openProjectionTestDatabase('event_chain', { storePoolMax: 12 });
  opened.push(log);
  return log;
}

afterEach(async () => {
  for (const log of opened.splice(0)) await log.close();
});

const payment = (cents: number): NewEvent => ({
  type: 'PaymentConfirmed',
  data: { amount: { cents, currency: 'EUR' }, provider: 'sandbox' },
  metadata: { actor: { type: 'provider', id: 'sandbox' }, correlationId: `c-${cents}` },
});

/** Three streams, interleaved: 9 events at positions 1..9. */
async function writeSomeHistory(store: PostgresEventStore): Promise<void> {
  for (let i = 1; i <= 3; i++) {
    for (const stream of ['subscription-a', 'subscription-b', 'account-c']) {
      await store.appendToStream(stream, [payment(i * 100 + stream.length)]);
    }
  }
}

async function sealedLog(): Promise<Log> {
  const log = await openLog();
  await writeSomeHistory(log.store);
  expect(await sealPending(log)).toBe(9);
  return log;
}

/** The report on a sealed log after `tampering` (SQL) was run on it. */
async function verifiedAfter(tampering: string) {
  const log = await sealedLog();
  await log.knex.raw(tampering);
  return verifyChain(log);
}

describe('the hash chain over the event log', () => {
  it('verifies a sealed log, and counts events written since as not yet sealed', async () => {
    const log = await sealedLog();
    await log.store.appendToStream('subscription-a', [payment(999)]);
    const report = await verifyChain(log);
    expect(report).toMatchObject({ verified: 9, unsealed: 1, headSeq: 9, break: null });
    expect(report.headLink).toMatch(/^[0-9a-f]{64}$/);
    expect(report.headLink).not.toBe(GENESIS_LINK);
    expect(await sealPending(log)).toBe(1);
    expect(await verifyChain(log)).toMatchObject({ verified: 10, unsealed: 0, break: null });
  });

  it('names the position of an event whose data was updated after sealing', async () => {
    const report = await verifiedAfter(
      `UPDATE es_events SET data = jsonb_set(data, '{amount,cents}', '1') WHERE global_position = 5`,
    );
    expect(report.verified).toBe(4);
    expect(report.break).toMatchObject({ seq: 5, position: 5 });
    expect(report.break?.reason).toContain('edited');
  });

  it('names the position of a deleted event, and of a deleted seal', async () => {
    expect((await verifiedAfter('DELETE FROM es_events WHERE global_position = 4')).break).toMatchObject({
      seq: 4,
      position: 4,
    });
    expect((await verifiedAfter('DELETE FROM es_events WHERE global_position = 9')).break).toMatchObject({
      seq: 9,
      position: 9,
    });
    expect((await verifiedAfter('DELETE FROM event_seals WHERE seq = 3')).break).toMatchObject({
      seq: 3,
      position: 3,
    });
  });

  it('detects reordered events: swapped data, and swapped places in the log order', async () => {
    const swapped = await verifiedAfter(`
      UPDATE es_events e SET data = o.data FROM es_events o
      WHERE (e.global_position, o.global_position) IN ((2, 6), (6, 2))`);
    expect(swapped.break).toMatchObject({ seq: 2, position: 2 });

    const report = await verifiedAfter(`
      UPDATE es_events e SET transaction_id = o.transaction_id FROM es_events o
      WHERE (e.global_position, o.global_position) IN ((7, 8), (8, 7))`);
    expect(report.verified).toBe(6);
    expect(report.break).toMatchObject({ seq: 7, position: 7 });
    expect(report.break?.reason).toContain('not in its place');
  });

  it('makes one chain when two sealers run at once while eight writers append', async () => {
    const log = await openLog();
    const stop = new AbortController();
    const sealers = [
      runSealer({ ...log, batchSize: 7 }, stop.signal),
      runSealer({ ...log, batchSize: 5 }, stop.signal),
    ];
    await Promise.all(
      Array.from({ length: 8 }, async (_, writer) => {
        for (let i = 0; i < 25; i++) await log.store.appendToStream(`subscription-w${writer}`, [payment(i)]);
      }),
    );
    const sealed = await eventually(
      () => log.knex('event_seals').count({ n: '*' }).first(),
      (row) => Number(row?.n) === 200,
    );
    stop.abort();
    await Promise.all(sealers);
    expect(Number(sealed?.n)).toBe(200);
    const seqs = await log.knex('event_seals').orderBy('seq').pluck('seq');
    expect(seqs.map(Number)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(await verifyChain(log)).toMatchObject({ verified: 200, unsealed: 0, break: null });
  });

  it('exports lines that verify offline, whole or filtered, and fail when a line is edited', async () => {
    const log = await sealedLog();
    const lines: string[] = [];
    for await (const line of exportChain(log)) lines.push(JSON.stringify(line));
    expect(lines).toHaveLength(9);
    const full = await verifyExport(lines);
    expect(full).toMatchObject({ lines: 9, fromGenesis: true, skips: 0, break: null });
    expect(full.headLink).toBe((await verifyChain(log)).headLink);

    const oneStream: string[] = [];
    for await (const line of exportChain(log, { streamId: 'subscription-b' })) oneStream.push(JSON.stringify(line));
    expect(oneStream.map((l) => (JSON.parse(l) as { position: number }).position)).toEqual([2, 5, 8]);
    expect(await verifyExport(oneStream)).toMatchObject({ lines: 3, fromGenesis: false, skips: 3, break: null });

    // Events written in the same millisecond as the fifth are in too.
    const fifth = JSON.parse(lines[4]!) as { recordedAt: string };
    const fromFifth = lines.filter((l) => (JSON.parse(l) as { recordedAt: string }).recordedAt >= fifth.recordedAt);
    const since: string[] = [];
    for await (const line of exportChain(log, { since: new Date(fifth.recordedAt) })) since.push(JSON.stringify(line));
    expect(since).toEqual(fromFifth);
    expect(since.length).toBeLessThan(9);
    expect(await verifyExport(since)).toMatchObject({ lines: since.length, fromGenesis: false, skips: 1, break: null });

    const edited = [...lines];
    edited[3] = edited[3]!.replace('"cents":', '"cents":1');
    expect((await verifyExport(edited)).break).toMatchObject({ seq: 4, position: 4, line: 4 });
    const dropped = lines.filter((_, index) => index !== 5);
    expect((await verifyExport(dropped)).fromGenesis).toBe(false);
  });
});

describe("the worker's sealer", () => {
  it('seals what the shop writes within seconds, and the chain verifies', async () => {
    const database = await createTestDatabase('event_chain_shop');
    const shop = await startTestShop({ databaseUrl: database.url });
    try {
      const { knex, store } = shop.runtime;
      await fetch(`${shop.url}/api/auth/sign-up`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'sealed@example.com', password: 'long enough', fullName: 'Sealed' }),
      });
      const written = Number((await knex('es_events').count({ n: '*' }).first())?.n);
      expect(written).toBeGreaterThan(1);
      const sealed = await eventually(
        async () => Number((await knex('event_seals').count({ n: '*' }).first())?.n),
        (n) => n >= written,
        5_000,
      );
      expect(sealed).toBeGreaterThanOrEqual(written);
      expect(await verifyChain({ knex, store })).toMatchObject({ break: null });
    } finally {
      await shop.stop();
      await database.drop();
    }
  });
});

describe('shopctl audit', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shopctl-audit-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const shopctl = (databaseUrl: string, ...args: string[]) =>
    spawnSync(process.execPath, [...compiled('shopctl'), 'audit', ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
  /** `shopctl <args>` whose reader closed the pipe before reading anything (`| head -1` at its extreme). */
  const intoClosedPipe = (databaseUrl: string, ...args: string[]) =>
    new Promise<{ status: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [...compiled('shopctl'), ...args], {
        env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 60_000,
      });
      child.stdout.destroy();
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.once('error', reject);
      child.once('close', (status, signal) => resolve({ status, signal, stderr }));
    });

  it('stops quietly when the reader closes the pipe early, whatever the command', async () => {
    const { database } = await sealedLog();
    for (const args of [
      ['audit', 'head'],
      ['audit', 'export'],
      ['audit', 'verify'],
      ['events', 'stream', 'subscription-a'],
      ['migrate', 'status'],
    ]) {
      const run = await intoClosedPipe(database.url, ...args);
      expect({ args, ...run }).toEqual({ args, status: 0, signal: null, stderr: '' });
    }
  });

  /** A sealed log, its head as `shopctl head` prints it, and the same anchor with its last digit mistyped. */
  const anchored = async () => {
    const log = await sealedLog();
    const anchor = shopctl(log.database.url, 'head').stdout.split('\n')[0]!;
    const [seq, link] = anchor.split(':') as [string, string];
    return { log, anchor, seq, link, typo: `${seq}:${link.slice(0, -1)}${link.endsWith('0') ? '1' : '0'}` };
  };

  it('says a wrong anchor does not match the chain (exit 3), online and offline', async () => {
    const { log, link, typo } = await anchored();
    const { database } = log;
    const wrong = shopctl(database.url, 'verify', '--anchor', typo);
    expect(wrong.status).toBe(3);
    expect(wrong.stderr).toContain('the anchor given does not match the chain at position 9 (seal 9)');
    expect(wrong.stderr).not.toContain('TAMPERED');
    expect(wrong.stdout).toContain('Chain intact: 9 event(s) verified, 0 not yet sealed');

    const beyond = shopctl(database.url, 'verify', '--anchor', `12:${link}`);
    expect(beyond.status).toBe(3);
    expect(beyond.stderr).toContain('the anchor given (seal 12) is beyond the chain, which ends at seal 9');
    expect(beyond.stderr).not.toContain('TAMPERED');

    const file = path.join(dataDir, 'anchored.ndjson');
    writeFileSync(file, shopctl(database.url, 'export').stdout);
    const offline = shopctl('postgres://nobody@127.0.0.1:1/none', 'verify', '--file', file, '--anchor', typo);
    expect(offline.status).toBe(3);
    expect(offline.stderr).toContain('the anchor given does not match the chain at position 9 (seal 9)');
    expect(offline.stderr).not.toContain('TAMPERED');
  });

  it('refuses a malformed anchor, reads upper-case hex as the same link, and keeps TAMPERED for a broken chain', async () => {
    const { log, anchor, seq, link, typo } = await anchored();
    const { database } = log;
    for (const malformed of ['9-abc', `${seq}:${link.slice(1)}`, 'head']) {
      const refused = shopctl(database.url, 'verify', '--anchor', malformed);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`not an anchor: "${malformed}"`);
      expect(refused.stderr).not.toContain('TAMPERED');
    }
    // Upper-case hex, as some tools copy it, is the same link.
    expect(shopctl(database.url, 'verify', '--anchor', anchor.toUpperCase()).status).toBe(0);

    // A chain that fails its own verification is TAMPERED, whatever the anchor.
    await log.knex.raw(`UPDATE es_events SET metadata = '{}' WHERE global_position = 6`);
    const tampered = shopctl(database.url, 'verify', '--anchor', typo);
    expect(tampered.status).toBe(2);
    expect(tampered.stderr).toContain('TAMPERED: the chain breaks at position 6 (seal 6)');
  });

  it('exits 0 on an intact chain, 2 naming the position after an UPDATE; an export verifies offline until edited', async () => {
    const log = await sealedLog();
    const { database } = log;
    const head = shopctl(database.url, 'head');
    expect(head.stdout).toMatch(/^9:[0-9a-f]{64}\n/);
    const anchor = head.stdout.split('\n')[0]!;

    const intact = shopctl(database.url, 'verify', '--anchor', anchor);
    expect({ status: intact.status, stderr: intact.stderr }).toEqual({ status: 0, stderr: '' });
    expect(intact.stdout).toContain('Chain intact: 9 event(s) verified, 0 not yet sealed');

    const exported = shopctl(database.url, 'export');
    expect(exported.status).toBe(0);
    const file = path.join(dataDir, 'export.ndjson');
    writeFileSync(file, exported.stdout);
    const offline = shopctl('postgres://nobody@127.0.0.1:1/none', 'verify', '--file', file, '--anchor', anchor);
    expect({ status: offline.status, stderr: offline.stderr }).toEqual({ status: 0, stderr: '' });
    expect(offline.stdout).toContain(
      'Export intact: 9 event(s) verified; one unbroken chain from the genesis link to seal 9',
    );

    writeFileSync(file, readFileSync(file, 'utf8').replace('"provider":"sandbox"', '"provider":"stripe"'));
    const editedExport = shopctl('postgres://nobody@127.0.0.1:1/none', 'verify', '--file', file);
    expect(editedExport.status).toBe(2);
    expect(editedExport.stderr).toContain('TAMPERED: the chain breaks at position 1 (seal 1)');

    await log.knex.raw(`UPDATE es_events SET metadata = '{}' WHERE global_position = 6`);
    const tampered = shopctl(database.url, 'verify');
    expect(tampered.status).toBe(2);
    expect(tampered.stderr).toContain('TAMPERED: the chain breaks at position 6 (seal 6)');
  });
});
