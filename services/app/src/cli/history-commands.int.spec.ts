import type { HistoryEntry, SubscriptionAsOf } from '@shop/contracts';
import { subscriptionStreamId } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { randomIp, signUpAndSignIn } from '../testing/http-customer.js';
import { paidSubscription } from '../testing/paid-subscription.js';
import { testShopWithShopctl } from '../testing/shopctl-process.js';
import { eventually } from '../testing/test-shop.js';

const cli = testShopWithShopctl('shopctl_history');
const { shopctl } = cli;

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
    expect(lines[0]).toMatch(/^position +recorded at +stream@version +type +actor +summary$/);
    expect(lines.slice(1).map((line) => line.split(/ {2,}/)[3])).toEqual([
      'AccountRegistered',
      'OrderPlaced',
      'PaymentConfirmed',
    ]);
    expect(lines[2]).toContain(`subscription-${subscriptionId}@1`);
    expect(lines[2]).toContain('Lou Lambert');
    expect(lines[3]).toContain(`#${confirmed!.globalPosition}`);

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
    expect(after.stdout).toMatch(/expires +2027-01-15T12:00:00\.000Z/);
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

    // The customer's own history.
    const user = await shopctl('history', 'user', customer.userId, '--lang', 'en');
    expect(user.status).toBe(0);
    expect(user.stdout).toContain('SignedIn');
    expect(user.stdout).toContain('PaymentConfirmed');

    const unknown = await shopctl('history', 'subscription', 'no-such-subscription');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('no subscription no-such-subscription');
    expect((await shopctl('history', 'user', 'nobody')).status).toBe(1);
    const tooEarly = await shopctl('history', 'subscription', subscriptionId, '--as-of', '2020-01-01T00:00:00Z');
    expect(tooEarly.status).toBe(1);
    expect(tooEarly.stderr).toContain('did not exist yet at 2020-01-01T00:00:00.000Z');
    const badDate = await shopctl('history', 'subscription', subscriptionId, '--as-of', 'yesterday');
    expect(badDate.status).toBe(1);
    expect(badDate.stderr).toContain('ISO 8601');
    // Ten shopctl processes, each a start of Node and the CLI: the default minute is tight on a busy machine.
  }, 150_000);
});
