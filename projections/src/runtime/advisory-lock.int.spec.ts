import { createTestDatabase, eventually, terminateAdvisoryLockHolder, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdvisoryLock, LockLostError } from './advisory-lock.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('advisory_lock');
});

afterAll(async () => {
  await database?.drop();
});

const lockNamed = (key: string) => new AdvisoryLock(database.url, key);

describe('advisory lock (one active projector or reactor)', () => {
  it('a waiting holder gets the lock when the first gives it back', async () => {
    const first = lockNamed('work');
    const second = lockNamed('work');
    expect(await first.acquire(new AbortController().signal)).toBe(true);
    let waits = 0;
    const waiting = second.acquire(new AbortController().signal, { retryMs: 20, onWait: () => void waits++ });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(waits).toBeGreaterThan(0);
    await first.release();
    expect(await waiting).toBe(true);
    await second.release();
  });

  it('a stop that lands while the lock is being taken gives it back', async () => {
    const stop = new AbortController();
    const stopped = lockNamed('stopped-while-taking');
    const taking = stopped.acquire(stop.signal);
    stop.abort();
    expect(await taking).toBe(false);
    const next = lockNamed('stopped-while-taking');
    expect(await next.tryAcquire()).toBe(true);
    await next.release();
  });

  it('a stopped wait ends without the lock', async () => {
    const holder = lockNamed('held');
    expect(await holder.tryAcquire()).toBe(true);
    const stop = new AbortController();
    const waiting = lockNamed('held').acquire(stop.signal, { retryMs: 20 });
    setTimeout(() => stop.abort(), 50);
    expect(await waiting).toBe(false);
    await holder.release();
  });

  it('says it is lost when the server ends its connection, and another holder can take it', async () => {
    const holder = lockNamed('lost');
    expect(await holder.tryAcquire()).toBe(true);
    expect(holder.lost.aborted).toBe(false);
    await terminateAdvisoryLockHolder(database.url, 'lost');
    await eventually(
      async () => holder.lost.aborted,
      (aborted) => aborted,
      5_000,
    );
    expect(holder.lost.reason).toBeInstanceOf(LockLostError);
    const next = lockNamed('lost');
    expect(await next.tryAcquire()).toBe(true);
    await holder.release(); // gives back nothing: the lock is the next holder's
    expect(await lockNamed('lost').tryAcquire()).toBe(false);
    await next.release();
  });

  it('is not lost when its holder gives it back', async () => {
    const holder = lockNamed('given-back');
    expect(await holder.tryAcquire()).toBe(true);
    const lost = holder.lost;
    await holder.release();
    expect(lost.aborted).toBe(false);
  });
});
