import { randomUUID } from 'node:crypto';
import type { SubscriptionEvent } from '@shop/domain';
import type { RecordedEvent } from '@shop/event-store';
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { applyBatch } from '../runtime/apply-batch.js';
import { physicalTableName, projectionInput, type Projection } from '../runtime/projection.js';
import { buildIndexes, createGeneration, deferSecondaryIndexes, readCheckpoint } from '../runtime/registry.js';
import { subscriptionsProjection } from './subscriptions-projection.js';
import { netflixOrderPlaced, recordedEvent, useReadModelTestDatabase } from '../testing/projection-test-database.js';

let knex: Knex;

useReadModelTestDatabase('subscriptions_batch', (opened) => ({ knex } = opened));

/** A log of several customers' subscriptions: every event type, a stale copy, an unknown subscription. */
function lifecycleLog(): RecordedEvent[] {
  const log: RecordedEvent[] = [];
  const versions = new Map<string, number>();
  const at = (day: number) => new Date(Date.UTC(2026, 0, day, 10, 0, 0, 123)).toISOString();
  const add = (event: SubscriptionEvent, version?: number) => {
    const id = event.data.subscriptionId;
    const streamVersion = version ?? (versions.get(id) ?? 0) + 1;
    versions.set(id, Math.max(versions.get(id) ?? 0, streamVersion));
    const position = log.length + 1;
    log.push(
      recordedEvent(position, {
        streamId: `subscription-${id}`,
        streamVersion,
        type: event.type,
        data: event.data,
        recordedAt: new Date(Date.UTC(2026, 0, 1) + position * 1000),
      }),
    );
  };
  const order = (subscriptionId: string, userId: string, totalCents: number): SubscriptionEvent =>
    netflixOrderPlaced(subscriptionId, userId, 'stripe', {
      months: 3,
      monthlyPriceCents: totalCents / 3,
      subtotalCents: totalCents,
      totalCents,
      placedAt: at(1),
    });
  const paid = (subscriptionId: string, day: number): SubscriptionEvent => ({
    type: 'PaymentConfirmed',
    data: {
      subscriptionId,
      provider: 'stripe',
      paymentReference: `pi_${subscriptionId.slice(0, 8)}`,
      amountCents: 900,
      currency: 'EUR',
      paidAt: at(day),
      expiresAt: at(day + 90),
    },
  });
  const [a, b, c, d, e] = Array.from({ length: 5 }, () => randomUUID());
  const [alice, bob] = ['user-alice', 'user-bob'];
  add(order(a!, alice, 900));
  add(order(b!, alice, 1200));
  add({
    type: 'PaymentSessionOpened',
    data: { subscriptionId: a!, provider: 'stripe', sessionId: 's1', openedAt: at(2) },
  });
  add({
    type: 'PaymentAttemptFailed',
    data: { subscriptionId: a!, provider: 'stripe', sessionId: 's1', reason: 'failed', at: at(2) },
  });
  add(paid(a!, 3));
  add(order(c!, bob, 600));
  add(paid(b!, 4));
  add({ type: 'CredentialsAssigned', data: { subscriptionId: a!, credentialsId: 'cred-1', assignedAt: at(4) } });
  // A copy of an event already applied (a stale version): it changes nothing.
  add(paid(a!, 20), 3);
  add(order(a!, 'user-someone-else', 3));
  add(paid(c!, 5));
  add({
    type: 'SubscriptionStatusChanged',
    data: { subscriptionId: c!, from: 'active', to: 'suspended', reason: 'shared account reported', changedAt: at(6) },
  });
  add({
    type: 'PaymentMismatchRecorded',
    data: {
      subscriptionId: b!,
      provider: 'stripe',
      paymentReference: 'pi_x',
      amountCents: 1,
      currency: 'EUR',
      expectedAmountCents: 1200,
      expectedCurrency: 'EUR',
      recordedAt: at(6),
    },
  });
  add({
    type: 'PaymentRefunded',
    data: {
      subscriptionId: b!,
      provider: 'stripe',
      paymentReference: 'pi_b',
      amountCents: 1200,
      currency: 'EUR',
      refundedAt: at(7),
    },
  });
  add(order(d!, bob, 300));
  add(paid(d!, 8));
  // A second checkout of the same order paid, then refunded.
  const extra = {
    subscriptionId: d!,
    provider: 'stripe',
    paymentReference: 'pi_d2',
    amountCents: 300,
    currency: 'EUR',
  };
  add({
    type: 'ExtraPaymentRecorded',
    data: { ...extra, firstPaymentReference: `pi_${d!.slice(0, 8)}`, recordedAt: at(8) },
  });
  add({ type: 'ExtraPaymentRefunded', data: { ...extra, refundedAt: at(9) } });
  add({ type: 'SubscriptionExpired', data: { subscriptionId: d!, expiresAt: at(98), expiredAt: at(99) } });
  add({
    type: 'SubscriptionStatusChanged',
    data: { subscriptionId: c!, from: 'suspended', to: 'cancelled', reason: null, changedAt: at(9) },
  });
  add({
    type: 'SubscriptionVoided',
    data: { subscriptionId: a!, statusBefore: 'active', reason: 'test order', voidedAt: at(10) },
  });
  // Events of a subscription whose order is not in the log: nothing to change.
  add(paid(e!, 11));
  add({ type: 'SubscriptionExpired', data: { subscriptionId: e!, expiresAt: at(12), expiredAt: at(12) } });
  return log;
}

/** The subscriptions projection as it was before batches: its per-event handler only. */
const perEvent: Projection = { ...subscriptionsProjection, applyBatch: undefined, finishLoading: undefined };

async function tablesOf(generation: number) {
  const read = (logical: string, key: string) => knex(physicalTableName(logical, generation)).select('*').orderBy(key);
  return {
    subscriptions: await read('subscriptions', 'id'),
    standing: await read('customer_standing', 'user_id'),
  };
}

/** Applies `log` a batch of `size` at a time, starting from wherever the generation's checkpoint is. */
async function applyInBatches(projection: Projection, generation: number, log: RecordedEvent[], size: number) {
  let after = (await readCheckpoint(knex, projection.name, generation)).checkpoint;
  for (let start = 0; start < log.length; start += size) {
    const batch = log.slice(start, start + size);
    expect(await applyBatch(knex, projection, generation, batch, after, { requireActive: false })).toBe('applied');
    after = batch.at(-1)!.checkpoint;
  }
}

/** Moves a generation's checkpoint back, so events it has applied are applied again. */
const rewind = (generation: number, checkpoint: string | null) =>
  knex('projection_checkpoints').where({ name: subscriptionsProjection.name, generation }).update({ checkpoint });

describe('the subscriptions projection applied a batch at a time', () => {
  it('leaves the same rows and customer standing as its events applied one by one, and a batch applied twice changes nothing', async () => {
    const log = lifecycleLog();
    await createGeneration(knex, subscriptionsProjection, 1);
    await applyInBatches(perEvent, 1, log, 1);
    const expected = await tablesOf(1);
    expect(expected.subscriptions).toHaveLength(4);
    expect(expected.standing.map((row) => row.user_id)).toEqual(['user-alice', 'user-bob']);

    for (const [generation, size] of [
      [2, log.length],
      [3, 4],
      [4, 1],
    ] as const) {
      await createGeneration(knex, subscriptionsProjection, generation);
      await applyInBatches(subscriptionsProjection, generation, log, size);
      expect(await tablesOf(generation)).toEqual(expected);
    }
    await rewind(2, null);
    await applyInBatches(subscriptionsProjection, 2, log, log.length);
    await rewind(2, log[2]!.checkpoint);
    await applyInBatches(subscriptionsProjection, 2, log.slice(3, 12), 5);
    expect(await tablesOf(2)).toEqual(expected);
  });

  it('loaded as a rebuild does (indexes after the load, the standing at its end), ends with the same tables and indexes', async () => {
    const log = lifecycleLog();
    await createGeneration(knex, subscriptionsProjection, 11);
    await applyInBatches(perEvent, 11, log, 1);
    const expected = await tablesOf(11);

    await createGeneration(knex, subscriptionsProjection, 12);
    const indexes = await deferSecondaryIndexes(knex, subscriptionsProjection, 12);
    expect(indexes.length).toBeGreaterThan(10);
    for (let start = 0; start < log.length; start += 7) {
      const batch = log.slice(start, start + 7);
      const outcome = await applyBatch(knex, subscriptionsProjection, 12, batch, log[start - 1]?.checkpoint ?? null, {
        requireActive: false,
        loading: true,
      });
      expect(outcome).toBe('applied');
    }
    await knex.transaction((trx) =>
      subscriptionsProjection.finishLoading!(
        projectionInput(trx, subscriptionsProjection, 12, undefined, true).context,
      ),
    );
    await buildIndexes(knex, subscriptionsProjection, 12, indexes);
    expect(await tablesOf(12)).toEqual(expected);

    const indexesOf = async (generation: number) => {
      const { rows } = await knex.raw<{ rows: Array<{ definition: string }> }>(
        `SELECT replace(indexdef, ?, '') AS definition FROM pg_indexes WHERE tablename IN (?, ?) ORDER BY 1`,
        [
          `_g${generation}`,
          physicalTableName('subscriptions', generation),
          physicalTableName('customer_standing', generation),
        ],
      );
      return rows.map((row) => row.definition);
    };
    expect(await indexesOf(12)).toEqual(await indexesOf(11));
  });
});
