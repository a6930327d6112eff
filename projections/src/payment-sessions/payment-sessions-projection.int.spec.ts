import { randomUUID } from 'node:crypto';
import { subscriptionStreamId } from '@shop/domain';
import { PostgresEventStore } from '@shop/event-store';
import { type TestDatabase } from '@shop/testing';
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { rebuildProjection } from '../runtime/rebuild.js';
import { paymentSessionsProjection } from './payment-sessions-projection.js';
import { findPaymentSession, paymentSessionsOfCustomer } from './payment-sessions-queries.js';
import { netflixOrderPlaced, useProjectionTestDatabase } from '../testing/projection-test-database.js';

let database: TestDatabase;
let store: PostgresEventStore;
let knex: Knex;

useProjectionTestDatabase('payment_sessions', (opened) => ({ database, store, knex } = opened));

async function orderWithSession(userId: string, sessionId: string, options: { namesCustomer: boolean }) {
  const subscriptionId = randomUUID();
  await store.appendToStream(subscriptionStreamId(subscriptionId), [
    netflixOrderPlaced(subscriptionId, userId, 'stripe'),
    {
      type: 'PaymentSessionOpened',
      data: {
        subscriptionId,
        ...(options.namesCustomer ? { userId } : {}),
        provider: 'stripe',
        sessionId,
        openedAt: new Date().toISOString(),
      },
    },
  ]);
  return subscriptionId;
}

describe('the payment-sessions read model', () => {
  it('is rebuilt from the log alone, sessions recorded before their events named the customer included', async () => {
    const older = await orderWithSession('user-a', 'cs_older', { namesCustomer: false });
    const newer = await orderWithSession('user-a', 'cs_newer', { namesCustomer: true });
    const other = await orderWithSession('user-b', 'cs_other', { namesCustomer: true });

    await rebuildProjection({ knex, databaseUrl: database.url, store, projection: paymentSessionsProjection });

    expect(await findPaymentSession(knex, 'cs_older', 'stripe')).toEqual({
      sessionId: 'cs_older',
      provider: 'stripe',
      subscriptionId: older,
      userId: 'user-a',
    });
    expect(await findPaymentSession(knex, 'cs_older', 'paypal')).toBeNull();
    expect((await paymentSessionsOfCustomer(knex, 'user-a', 'stripe')).map((s) => s.subscriptionId)).toEqual([
      older,
      newer,
    ]);
    expect((await findPaymentSession(knex, 'cs_other'))?.userId).toBe('user-b');
    expect(other).toBeTruthy();
  });
});
