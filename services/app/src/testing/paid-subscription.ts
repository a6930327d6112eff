import { randomUUID } from 'node:crypto';
import { addMonthsUtc, subscriptionDecider, subscriptionStreamId, type SavedMethod } from '@shop/domain';
import { handleCommand, type EventStore } from '@shop/event-store';
import { getSubscription } from '@shop/projections';
import type { Knex } from 'knex';
import { eventually } from '@shop/testing';

const NETFLIX = { id: 'netflix', name: 'Netflix', monthlyPriceCents: 453, currency: 'EUR' };

/** A Netflix order for `userId` placed through the domain at `placedAt` and left unpaid: pending. */
export async function placedOrder(
  store: EventStore,
  userId: string,
  placedAt = new Date(),
  months = 1,
  options: { autoRenew?: boolean } = {},
) {
  const subscriptionId = randomUUID();
  const streamId = subscriptionStreamId(subscriptionId);
  await handleCommand(
    store,
    streamId,
    subscriptionDecider,
    {
      type: 'PlaceOrder',
      data: {
        subscriptionId,
        userId,
        plan: NETFLIX,
        months,
        promotion: null,
        provider: 'sandbox',
        now: placedAt,
        ...(options.autoRenew ? { autoRenew: true } : {}),
      },
    },
    { metadata: metadataOf(userId) },
  );
  return { subscriptionId, streamId };
}

const metadataOf = (userId: string) => ({ actor: { type: 'customer' as const, id: userId } });

/** Pays the Netflix order `placed` of `userId` at `paidAt` through the domain (no HTTP, no payment provider). */
export async function payOrder(
  store: EventStore,
  userId: string,
  placed: { subscriptionId: string; streamId: string; months: number },
  paidAt: Date,
  options: { savedMethod?: SavedMethod } = {},
) {
  const { subscriptionId, streamId, months } = placed;
  await handleCommand(
    store,
    streamId,
    subscriptionDecider,
    {
      type: 'ConfirmPayment',
      data: {
        subscriptionId,
        provider: 'sandbox',
        paymentReference: `pay-${subscriptionId}`,
        amountCents: NETFLIX.monthlyPriceCents * months,
        currency: 'EUR',
        paidAt,
        now: paidAt,
        ...(options.savedMethod ? { savedMethod: options.savedMethod } : {}),
      },
    },
    { metadata: metadataOf(userId) },
  );
}

/**
 * A Netflix order for `userId` placed and paid through the domain (no HTTP, no payment provider),
 * back-dated so that its expiry falls exactly at `expiresAt`: it picks a duration of 1, 3 or 12
 * months whose calendar arithmetic lands there. With a `savedMethod`, it renews itself with it.
 */
export async function paidSubscription(
  store: EventStore,
  userId: string,
  expiresAt: Date,
  options: { savedMethod?: SavedMethod } = {},
) {
  const months = [1, 3, 12].find(
    (m) => addMonthsUtc(addMonthsUtc(expiresAt, -m), m).getTime() === expiresAt.getTime(),
  )!;
  const paidAt = addMonthsUtc(expiresAt, -months);
  const { subscriptionId, streamId } = await placedOrder(store, userId, paidAt, months, {
    autoRenew: options.savedMethod !== undefined,
  });
  await payOrder(store, userId, { subscriptionId, streamId, months }, paidAt, options);
  const confirmed = (await store.readStream(streamId)).find((e) => e.type === 'PaymentConfirmed')!;
  return { subscriptionId, streamId, months, confirmedEventId: confirmed.id };
}

/** An active Netflix subscription of `userId` that expires in `days` days at noon UTC, once the read model shows it. */
export async function activeNetflix(
  runtime: { store: EventStore; knex: Knex },
  userId: string,
  days: number,
): Promise<string> {
  const expiresAt = new Date(Date.now() + days * 24 * 3600_000);
  expiresAt.setUTCHours(12, 0, 0, 0);
  const { subscriptionId } = await paidSubscription(runtime.store, userId, expiresAt);
  await eventually(
    () => getSubscription(runtime.knex, subscriptionId),
    (s) => s?.status === 'active',
  );
  return subscriptionId;
}
