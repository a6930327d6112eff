import { randomUUID } from 'node:crypto';
import { DomainError } from '@shop/domain';
import { useReadModelTestDatabase } from '@shop/projections/testing';
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_LEASE_MS, onceForKey, purgeIdempotencyKeys } from './idempotency.js';

let knex: Knex;
useReadModelTestDatabase('idempotency', (opened) => ({ knex } = opened));

/** A clock the test moves by hand. */
function handClock(start = new Date('2031-03-01T10:00:00Z')) {
  let now = start.getTime();
  return {
    clock: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** A run that only ends when the test says so: a request whose process has died, as far as the key can tell. */
function gate<T>() {
  let open!: (value: T) => void;
  const opened = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'ran';
  } catch (error) {
    return error instanceof DomainError ? error.code : String(error);
  }
};

describe('an Idempotency-Key whose request never finishes', () => {
  it('answers 409 while its lease runs, then lets the retry run once the lease has expired', async () => {
    const { clock, advance } = handClock();
    const key = `key-${randomUUID()}`;
    const options = { owner: 'user-1', key, request: { planId: 'netflix' }, clock };
    const dead = gate<string>();
    // The first request claims the key and never ends (its process died mid-request).
    void onceForKey(knex, options, () => dead.opened);
    await expect.poll(async () => knex('idempotency_keys').where({ key }).first()).toBeDefined();

    advance(IDEMPOTENCY_LEASE_MS - 1000);
    expect(await codeOf(onceForKey(knex, options, async () => 'second'))).toBe('idempotency.in_progress');

    advance(2000);
    let runs = 0;
    const retried = await onceForKey(knex, options, async () => {
      runs += 1;
      return 'retried';
    });
    expect(retried).toBe('retried');
    expect(runs).toBe(1);

    // A retry after success answers the first answer without running again.
    expect(await onceForKey(knex, options, async () => 'third')).toBe('retried');
    // The first request waking up late changes nothing: the key is no longer its own.
    dead.open('too late');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await onceForKey(knex, options, async () => 'fourth')).toBe('retried');
  });

  it('hands an expired key to one of two concurrent retries only', async () => {
    const { clock, advance } = handClock();
    const key = `key-${randomUUID()}`;
    const options = { owner: 'user-2', key, request: { planId: 'spotify' }, clock };
    void onceForKey(knex, options, () => new Promise<string>(() => undefined));
    await expect.poll(async () => knex('idempotency_keys').where({ key }).first()).toBeDefined();
    advance(IDEMPOTENCY_LEASE_MS + 1);

    let runs = 0;
    const slow = gate<void>();
    const retry = () =>
      onceForKey(knex, options, async () => {
        runs += 1;
        await slow.opened;
        return 'done';
      });
    const outcomes = Promise.all([codeOf(retry()), codeOf(retry())]);
    await expect.poll(() => runs).toBe(1);
    // Whichever of the two lost has answered by now; let the winner finish.
    await new Promise((resolve) => setTimeout(resolve, 100));
    slow.open();
    expect((await outcomes).sort()).toEqual(['idempotency.in_progress', 'ran']);
    expect(runs).toBe(1);
  });

  it('keeps a live request’s key while it runs longer than the lease (the lease is renewed)', async () => {
    const key = `key-${randomUUID()}`;
    const leaseMs = 300;
    const options = { owner: 'user-3', key, request: { planId: 'vpn' }, leaseMs };
    const slow = gate<string>();
    const first = onceForKey(knex, options, () => slow.opened);
    await new Promise((resolve) => setTimeout(resolve, leaseMs * 3));
    expect(await codeOf(onceForKey(knex, options, async () => 'intruder'))).toBe('idempotency.in_progress');
    slow.open('first');
    expect(await first).toBe('first');
    expect(await onceForKey(knex, options, async () => 'again')).toBe('first');
  });

  it('refuses the same key for another request, even once its lease has expired', async () => {
    const { clock, advance } = handClock();
    const key = `key-${randomUUID()}`;
    void onceForKey(knex, { owner: 'user-4', key, request: { a: 1 }, clock }, () => new Promise(() => undefined));
    await expect.poll(async () => knex('idempotency_keys').where({ key }).first()).toBeDefined();
    advance(IDEMPOTENCY_LEASE_MS * 2);
    expect(await codeOf(onceForKey(knex, { owner: 'user-4', key, request: { a: 2 }, clock }, async () => 'x'))).toBe(
      'idempotency.key_reused',
    );
  });

  it('frees a key left in progress by an older version of the shop (no lease recorded)', async () => {
    const key = `key-${randomUUID()}`;
    const options = { owner: 'user-5', key, request: { planId: 'music' } };
    void onceForKey(knex, options, () => new Promise(() => undefined));
    await expect.poll(async () => knex('idempotency_keys').where({ key }).first()).toBeDefined();
    await knex('idempotency_keys')
      .where({ key })
      .update({ lease_expires_at: null, created_at: new Date(Date.now() - 86_400_000) });
    expect(await onceForKey(knex, options, async () => 'recovered')).toBe('recovered');
  });
});

describe('keys kept for a week', () => {
  it('purges the keys of requests over and older than the retention, keeps the others', async () => {
    const owner = `user-${randomUUID()}`;
    const now = new Date();
    const answered = async (key: string) => onceForKey(knex, { owner, key, request: { key } }, async () => ({ key }));
    for (const key of ['old-answered', 'recent-answered']) await answered(`${key}-key`);
    const held = gate<string>();
    void onceForKey(knex, { owner, key: 'old-held-key', request: {} }, () => held.opened);
    await expect
      .poll(async () => knex('idempotency_keys').where({ user_id: owner, key: 'old-held-key' }).first())
      .toBeDefined();
    await knex('idempotency_keys').insert({
      user_id: owner,
      key: 'old-abandoned-key',
      request_hash: 'h',
      lease_id: 'dead',
      lease_expires_at: new Date(now.getTime() - 60_000),
    });
    const eightDaysAgo = new Date(now.getTime() - 8 * 24 * 60 * 60 * 1000);
    await knex('idempotency_keys')
      .where({ user_id: owner })
      .whereIn('key', ['old-answered-key', 'old-held-key', 'old-abandoned-key'])
      .update({ created_at: eightDaysAgo });

    expect(await purgeIdempotencyKeys(knex, { now })).toBe(2);
    const left = await knex('idempotency_keys').where({ user_id: owner }).orderBy('key').pluck('key');
    // The request still running keeps its key however old it is.
    expect(left).toEqual(['old-held-key', 'recent-answered-key']);
    held.open('done');

    // A retry with a purged key runs again (what it creates takes its id from the key).
    let runs = 0;
    await onceForKey(knex, { owner, key: 'old-answered-key', request: { key: 'old-answered-key' } }, async () => {
      runs++;
      return {};
    });
    expect(runs).toBe(1);
  });
});
