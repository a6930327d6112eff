import type { SubscriptionAsOf } from '@shop/contracts';
import { subscriptionDecider, subscriptionStreamId, type SubscriptionEvent } from '@shop/domain';
import { asDomainEvent, type EventStore } from '@shop/event-store';
import type { Knex } from 'knex';

/**
 * A subscription as it stood at `asOf`: its events recorded up to that instant, folded by the
 * domain's own evolve function (the one every command decides on). Null when it did not exist yet.
 */
export async function subscriptionAsOf(
  deps: { store: EventStore; knex: Knex },
  subscriptionId: string,
  asOf: Date,
): Promise<SubscriptionAsOf | null> {
  const recorded = (await deps.store.readStream(subscriptionStreamId(subscriptionId))).filter(
    (event) => event.recordedAt.getTime() <= asOf.getTime(),
  );
  const last = recorded.at(-1);
  if (!last) return null;
  const events = recorded.map((event) => asDomainEvent<SubscriptionEvent>(event));
  const state = events.reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
  if (state.status === 'none') return null;
  const placed = events.find((event) => event.type === 'OrderPlaced');
  const customer = (await deps.knex('accounts').where({ id: state.userId }).first('email', 'full_name')) as
    { email: string; full_name: string } | undefined;
  return {
    id: subscriptionId,
    asOf: asOf.toISOString(),
    userId: state.userId,
    customerEmail: customer?.email ?? null,
    customerName: customer?.full_name ?? null,
    planId: state.planId,
    planName: placed?.type === 'OrderPlaced' ? placed.data.planName : state.planId,
    months: state.months,
    status: state.status,
    totalCents: state.totalCents,
    currency: state.currency,
    paymentReference: state.paymentReference,
    expiresAt: state.expiresAt,
    credentialsId: state.credentialsId,
    credentialsVersion: state.credentialsVersion ?? null,
    refunded: state.refunded ?? false,
    voided: state.voided ?? false,
    version: last.streamVersion,
    lastEventType: last.type,
    lastEventAt: last.recordedAt.toISOString(),
  };
}
