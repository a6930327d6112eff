import { subscriptionDecider, subscriptionStreamId } from '@shop/domain';
import { handleCommand, type EventStore } from '@shop/event-store';
import { listOverdueSubscriptionIds } from '@shop/projections';
import type { Knex } from 'knex';
import type { Logger } from '../infrastructure/logger.js';
import type { JobHandlers } from './job-queue.js';

export interface JobDependencies {
  store: EventStore;
  knex: Knex;
  clock: () => Date;
  logger: Logger;
}

const EXPIRY_ACTOR = { type: 'system', id: 'expiry' } as const;
const EARLY_TIMER_TOLERANCE_MS = 5 * 60_000;

export function createJobHandlers({
  store,
  knex,
  clock,
  logger,
}: JobDependencies): Pick<JobHandlers, 'expire-subscription' | 'sweep-expired-subscriptions'> {
  const expire = async (subscriptionId: string, causationId?: string) => {
    const { newEvents, state } = await handleCommand(
      store,
      subscriptionStreamId(subscriptionId),
      subscriptionDecider,
      { type: 'ExpireSubscription', data: { subscriptionId, now: clock() } },
      { metadata: { actor: EXPIRY_ACTOR, ...(causationId ? { causationId } : {}) } },
    );
    if (newEvents.length > 0) logger.info({ subscriptionId }, 'subscription expired');
    return state;
  };
  return {
    'expire-subscription': async ({ subscriptionId }) => {
      const state = await expire(subscriptionId);
      const untilExpiry =
        state.status === 'active' && state.expiresAt ? Date.parse(state.expiresAt) - clock().getTime() : 0;
      // A timer that fired a moment early (clocks of different hosts) is retried; a renewed
      // subscription's far expiry is left to its own timer.
      if (untilExpiry > 0 && untilExpiry < EARLY_TIMER_TOLERANCE_MS) {
        throw new Error(`expiry timer fired ${untilExpiry} ms early; retrying`);
      }
    },
    'sweep-expired-subscriptions': async () => {
      // Catches whatever a lost or late timer missed; expiring twice is a no-op.
      for (const subscriptionId of await listOverdueSubscriptionIds(knex, clock())) {
        await expire(subscriptionId);
      }
    },
  };
}
