import type { HistoryEntry, SubscriptionAsOf } from '@shop/contracts';
import { formatShopTime, subscriptionStreamId } from '@shop/domain';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomIp, requestJson, signUpAdmin, signUpAndSignIn } from '../testing/http-customer.js';
import { paidSubscription } from '../testing/paid-subscription.js';
import { runShopctl, testShopWithShopctl } from '../testing/shopctl-process.js';
import { eventually } from '../testing/test-shop.js';

const cli = testShopWithShopctl('shopctl_history');
const { shopctl } = cli;

/** An instant as shopctl prints it by default: Paris time with its offset, to the second (the helper's own spec checks its figures). */
const shopTime = (at: Date) => formatShopTime(at, 'Europe/Paris');

describe('shopctl history', () => {
  it("prints a paid subscription's events oldest first, its state as of an instant, NDJSON, and refuses what it cannot answer", async () => {
    const customer = await signUpAndSignIn(cli.shop.url, {
      label: 'cli-history',
      fullName: 'Lou Lambert',
      ip: randomIp('10.61'),
    });
    const expiresAt = new Date(Date.UTC(2027, 0, 15, 12));
    const { subscriptionId } = await paidSubscription(cli.shop.runtime.store, customer.userId, expiresAt);
    // A customer's history finds their subscriptions through the read model: wait for it.
    await eventually(
      () => cli.shop.runtime.knex('subscriptions').where({ id: subscriptionId }).first('status'),
      (row) => row?.status === 'active',
    );
    await eventually(
      () => cli.shop.runtime.knex('accounts').where({ id: customer.userId }).first('id'),
      (row) => row !== undefined,
    );
    const [placed, confirmed] = await cli.shop.runtime.store.readStream(subscriptionStreamId(subscriptionId));
    expect(confirmed!.recordedAt.getTime()).toBeGreaterThan(placed!.recordedAt.getTime());

    const all = await shopctl('history', 'subscription', subscriptionId);
    expect({ status: all.status, stderr: all.stderr }).toEqual({ status: 0, stderr: '' });
    const lines = all.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^position +recorded at +stream@version +type +subscription +actor +summary$/);
    expect(lines.slice(1).map((line) => line.split(/ {2,}/)[3])).toEqual([
      'AccountRegistered',
      'OrderPlaced',
      'PaymentConfirmed',
    ]);
    expect(lines[2]).toContain(`subscription-${subscriptionId}@1`);
    expect(lines[2]).toContain('Lou Lambert');
    expect(lines[3]).toContain(`#${confirmed!.globalPosition}`);
    // Times in the shop's time zone (Europe/Paris by default) with the offset, to the second.
    expect(lines[3]).toContain(shopTime(confirmed!.recordedAt));
    expect(lines[3]).toContain(`Netflix ${subscriptionId.slice(0, 8)}`);
    const utc = await shopctl('history', 'subscription', subscriptionId, '--utc');
    expect(utc.stdout.trim().split('\n')[3]).toContain(
      `${confirmed!.recordedAt.toISOString().slice(0, 19).replace('T', ' ')} +00:00`,
    );

    // Before the payment: the order alone, and the state pending.
    const before = await shopctl(
      'history',
      'subscription',
      subscriptionId,
      '--as-of',
      placed!.recordedAt.toISOString(),
    );
    expect({ status: before.status, stderr: before.stderr }).toEqual({ status: 0, stderr: '' });
    expect(before.stdout).toContain('OrderPlaced');
    expect(before.stdout).not.toContain('PaymentConfirmed');
    expect(before.stdout).toMatch(/status +pending/);
    expect(before.stdout).toMatch(/price paid +not paid \(4\.53 EUR due\)/);
    const after = await shopctl(
      'history',
      'subscription',
      subscriptionId,
      '--as-of',
      confirmed!.recordedAt.toISOString(),
    );
    expect(after.stdout).toMatch(/status +active/);
    expect(after.stdout).toMatch(/expires +2027-01-15 13:00:00 \+01:00/);
    expect(after.stdout).toMatch(/price paid +4\.53 EUR/);

    // NDJSON: one entry per line, then the state as of the instant.
    const json = await shopctl(
      'history',
      'subscription',
      subscriptionId,
      '--json',
      '--lang',
      'en',
      '--as-of',
      placed!.recordedAt.toISOString(),
    );
    expect(json.status).toBe(0);
    const parsed = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    const entries = parsed.slice(0, -1) as HistoryEntry[];
    expect(entries.map((entry) => entry.type)).toEqual(['AccountRegistered', 'OrderPlaced']);
    expect(entries[1]).toMatchObject({ position: placed!.globalPosition, version: 1, actor: { name: 'Lou Lambert' } });
    expect(parsed.at(-1) as { state: SubscriptionAsOf }).toMatchObject({
      state: { id: subscriptionId, status: 'pending', totalCents: 453, expiresAt: null },
    });

    // The customer's own history: sign-ins left out unless asked, as in the back-office.
    const user = await shopctl('history', 'user', customer.userId, '--lang', 'en');
    expect(user.status).toBe(0);
    expect(user.stdout).not.toContain('SignedIn');
    expect(user.stdout).toContain('PaymentConfirmed');
    const withSignIns = await shopctl('history', 'user', customer.userId, '--sign-ins', '--type', 'SignedIn');
    expect(
      withSignIns.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(/ {2,}/)[3]),
    ).toEqual(['SignedIn']);

    const unknown = await shopctl('history', 'subscription', 'no-such-subscription');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('no subscription no-such-subscription');
    expect((await shopctl('history', 'user', 'nobody')).status).toBe(1);
    const tooEarly = await shopctl('history', 'subscription', subscriptionId, '--as-of', '2020-01-01T00:00:00Z');
    expect(tooEarly.status).toBe(1);
    expect(tooEarly.stderr).toContain('did not exist yet at 2020-01-01 01:00:00 +01:00');
    const badDate = await shopctl('history', 'subscription', subscriptionId, '--as-of', 'yesterday');
    expect(badDate.status).toBe(1);
    expect(badDate.stderr).toContain('ISO 8601');
    // Twelve shopctl processes, each a start of Node and the CLI: the default minute is tight on a busy machine.
  }, 180_000);

  it('prints who read which credential set, by reader (e-mail or id) and by set', async () => {
    const admin = await signUpAdmin(cli.shop, { label: 'cli-reveals', fullName: 'Rémi Revel', ip: randomIp('10.62') });
    const set = await requestJson(cli.shop.url, 'POST', '/api/admin/credentials', {
      token: admin.token,
      body: { planId: 'netflix', email: 'cli-family@netflix-shared.example', password: 'Cli-Secret-1' },
    });
    expect(set.status).toBe(201);
    const setId = String(set.body.id);
    expect(
      (await requestJson(cli.shop.url, 'GET', `/api/admin/credentials/${setId}`, { token: admin.token })).status,
    ).toBe(200);
    await eventually(
      () => cli.shop.runtime.knex('credential_reveals').where({ credential_set_id: setId }),
      (rows) => rows.length === 1,
    );
    const byEmail = await shopctl('history', 'reveals', '--user', admin.email);
    expect({ status: byEmail.status, stderr: byEmail.stderr }).toEqual({ status: 0, stderr: '' });
    const [header, row, ...rest] = byEmail.stdout.trim().split('\n');
    expect(header).toMatch(/^position +revealed at +reader +credential set +version +subscription +reason$/);
    expect(rest).toEqual([]);
    expect(row).toContain('Rémi Revel (admin)');
    expect(row).toContain(setId);
    expect(row).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2}/);
    const bySet = await shopctl('history', 'reveals', '--set', setId, '--json');
    expect(JSON.parse(bySet.stdout.trim())).toMatchObject({
      credentialSetId: setId,
      userId: admin.userId,
      credentialsVersion: 1,
    });
    const unknown = await shopctl('history', 'reveals', '--user', 'nobody@example.com');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('no user nobody@example.com');
  }, 90_000);

  it('refuses to run on a database whose personal data another key sealed, saying which key it read', async () => {
    await signUpAndSignIn(cli.shop.url, { label: 'cli-key', ip: randomIp('10.61') });
    const otherFolder = mkdtempSync(path.join(tmpdir(), 'shopctl-other-key-'));
    try {
      for (const [env, named] of [
        [{ SECRETS_KEY: randomBytes(32).toString('base64') }, 'SECRETS_KEY'],
        // No key set: the data folder's own, made for a shop that is not this one.
        [{ SECRETS_KEY: '', DATA_DIR: otherFolder }, path.join(otherFolder, 'secrets.key')],
      ] as const) {
        const run = await runShopctl(
          { ...process.env, DATABASE_URL: cli.databaseUrl(), REDIS_URL: '', LOG_LEVEL: 'silent', ...env },
          ['events', 'stream', 'account-nobody'],
        );
        expect(run.status).toBe(1);
        expect(run.stdout).toBe('');
        expect(run.stderr.trim()).toBe(
          `Invalid configuration: the secrets key read here (${named}) does not open this database's personal data: run with the shop's own SECRETS_KEY (or DATA_DIR)`,
        );
      }
    } finally {
      rmSync(otherFolder, { recursive: true, force: true });
    }
  });
});
