import { subscriptionStreamId } from '@shop/domain';
import type { EventStore } from '@shop/event-store';
import {
  activeState,
  listAbandonedOrderIds,
  listAbandonedRenewals,
  listOverdueSubscriptionIds,
  subscriptionsProjection,
} from '@shop/projections';
import type { Knex } from 'knex';
import type { Logger } from '../infrastructure/logger.js';
import type { SubscriptionCommands } from './subscription-commands.js';
import type { JobHandlers } from '../jobs/job-queue.js';
import { NotYetError } from '../jobs/not-yet.js';
import { EXPIRY_SETTING_EVENTS } from './expiry-reactor.js';

export interface JobDependencies {
  store: EventStore;
  commands: { subscriptions: SubscriptionCommands };
  knex: Knex;
  clock: () => Date;
  logger: Logger;
}

const EXPIRY_ACTOR = { type: 'system', id: 'expiry' } as const;
const ABANDON_ACTOR = { type: 'system', id: 'abandoned-orders' } as const;
/** As the setting's default (PENDING_ORDER_HOURS). */
const PENDING_ORDER_HOURS = 48;
const EARLY_TIMER_TOLERANCE_MS = 5 * 60_000;

export function createJobHandlers(
  { store, commands, knex, clock, logger }: JobDependencies,
  options: { pendingOrderHours?: number } = {},
): Pick<JobHandlers, 'expire-subscription' | 'sweep-expired-subscriptions' | 'sweep-abandoned-orders'> {
  const pendingHours = options.pendingOrderHours ?? PENDING_ORDER_HOURS;
  /**
   * The expiry names its cause: the event whose expiry date it enforces (the one its timer was
   * scheduled from, or for the sweep and timers scheduled before jobs carried it, the last event
   * on the order's stream that set an expiry).
   */
  const expire = async (subscriptionId: string, scheduledFrom?: string) => {
    const streamId = subscriptionStreamId(subscriptionId);
    const causationId = scheduledFrom ?? (await lastConfirmation(store, streamId));
    const { newEvents, state } = await commands.subscriptions.execute(
      { type: 'ExpireSubscription', data: { subscriptionId, now: clock() } },
      { actor: EXPIRY_ACTOR, ...(causationId ? { causationId, causationStreamId: streamId } : {}) },
    );
    if (newEvents.length > 0) logger.info({ subscriptionId }, 'subscription expired');
    return state;
  };
  return {
    'expire-subscription': async ({ subscriptionId, causationId }) => {
      const state = await expire(subscriptionId, causationId);
      const untilExpiry =
        state.status === 'active' && state.expiresAt ? Date.parse(state.expiresAt) - clock().getTime() : 0;
      // A timer that fired a moment early (clocks of different hosts) is retried; a renewed
      // subscription's far expiry is left to its own timer.
      if (untilExpiry > 0 && untilExpiry < EARLY_TIMER_TOLERANCE_MS) {
        throw new NotYetError(`expiry timer fired ${untilExpiry} ms early`, { retryInMs: untilExpiry });
      }
    },
    'sweep-expired-subscriptions': async () => {
      // A fresh shop: the read model is still being built, and the next sweep catches up.
      if (!(await activeState(knex, subscriptionsProjection.name))) return;
      // Catches whatever a lost or late timer missed; expiring twice is a no-op.
      for (const subscriptionId of await listOverdueSubscriptionIds(knex, clock())) {
        await expire(subscriptionId);
      }
    },
    'sweep-abandoned-orders': async () => {
      if (!(await activeState(knex, subscriptionsProjection.name))) return;
      // The read model lists the candidates; the domain decides on each order's own stream (a
      // payment that came meanwhile keeps it).
      const now = clock();
      const cutoff = new Date(now.getTime() - pendingHours * 3600_000);
      for (const subscriptionId of await listAbandonedOrderIds(knex, cutoff)) {
        const { newEvents } = await commands.subscriptions.execute(
          { type: 'AbandonOrder', data: { subscriptionId, pendingHours, now } },
          { actor: ABANDON_ACTOR },
        );
        if (newEvents.length > 0) logger.info({ subscriptionId }, 'order abandoned: no payment came');
      }
      // The renewals customers ordered and did not pay, on their subscriptions' streams alike.
      for (const { subscriptionId, renewalId } of await listAbandonedRenewals(knex, cutoff)) {
        const { newEvents } = await commands.subscriptions.execute(
          { type: 'AbandonRenewal', data: { subscriptionId, renewalId, pendingHours, now } },
          { actor: ABANDON_ACTOR },
        );
        if (newEvents.length > 0) logger.info({ subscriptionId, renewalId }, 'renewal given up: no payment came');
      }
    },
  };
}

async function lastConfirmation(store: EventStore, streamId: string): Promise<string | undefined> {
  const events = await store.readStream(streamId, { direction: 'backwards' });
  const setters: ReadonlySet<string> = new Set(EXPIRY_SETTING_EVENTS);
  return events.find((e) => setters.has(e.type))?.id;
}
