import { randomUUID } from 'node:crypto';
import { accountDecider, accountStreamId } from '@shop/domain';
import { loadState, type EventStore, type ReadStreamOptions } from '@shop/event-store';
import { describe, expect, it } from 'vitest';
import { requestJson } from '../testing/http-customer.js';
import { useTestShop } from '../testing/shop-under-test.js';
import { ACCOUNT_SNAPSHOTS } from './account-service.js';

const shop = useTestShop('account_snapshots', { redis: true });

/** The shop's store, counting the events each stream read returns. */
function counting(inner: EventStore) {
  const reads: number[] = [];
  const wrapped = Object.create(inner) as EventStore;
  wrapped.readStream = async (streamId: string, options?: ReadStreamOptions) => {
    const events = await inner.readStream(streamId, options);
    reads.push(events.length);
    return events;
  };
  return { store: wrapped, reads };
}

describe('an account signed in to 10,000 times', () => {
  it('signs in and refreshes reading only the events since its last snapshot, not its whole history', async () => {
    const email = `regular-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'a long enough passphrase';
    const ip = '10.77.0.1';
    const signUp = await requestJson(shop.url, 'POST', '/api/auth/sign-up', { ip, body: { email, password } });
    expect(signUp.status).toBe(201);
    const userId = String(signUp.body.id);

    // Ten years of daily sign-ins and then some, appended as the shop records them.
    const { store, vault, knex } = shop.runtime;
    const device = await vault.seal(knex, userId, 'Firefox on Linux');
    const location = await vault.seal(knex, userId, 'Paris, FR');
    for (let start = 0; start < 10_000; start += 1000) {
      await store.appendToStream(
        accountStreamId(userId),
        Array.from({ length: 1000 }, (_, i) => ({
          type: 'SignedIn',
          data: {
            userId,
            sessionId: randomUUID(),
            method: 'password',
            device,
            location,
            newDevice: false,
            at: new Date(Date.UTC(2016, 0, 1) + (start + i) * 3_600_000).toISOString(),
          },
        })),
      );
    }

    const signIn = await requestJson(shop.url, 'POST', '/api/auth/sign-in', { ip, body: { email, password } });
    expect(signIn.status).toBe(200);
    const refresh = await requestJson(shop.url, 'POST', '/api/auth/refresh', {
      ip,
      body: { refreshToken: String(signIn.body.refreshToken) },
    });
    expect(refresh.status).toBe(200);

    // The first command after the 10,000 took a snapshot; what a command reads now is its tail.
    const snapshot = await knex('es_snapshots')
      .where({ stream_id: accountStreamId(userId) })
      .first();
    expect(Number(snapshot?.version)).toBeGreaterThanOrEqual(10_001);
    const { store: observed, reads } = counting(store);
    const loaded = await loadState(observed, accountStreamId(userId), accountDecider, ACCOUNT_SNAPSHOTS(shop.runtime));
    expect(loaded.state).toMatchObject({ status: 'registered', userId });
    expect(reads[0]).toBeLessThan(10);
  });
});
