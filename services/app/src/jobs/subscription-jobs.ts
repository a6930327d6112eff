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

export function createJobHandlers({
  store,
  knex,
  clock,
  logger,
}: JobDependencies): Pick<JobHandlers, 'expire-subscription' | 'sweep-expired-subscriptions'> {
  const expire = async (subscriptionId: string, causationId?: string) => {
    const { newEvents } = await handleCommand(
      store,
      subscriptionStreamId(subscriptionId),
      subscriptionDecider,
      { type: 'ExpireSubscription', data: { subscriptionId, now: clock() } },
      { metadata: { actor: EXPIRY_ACTOR, ...(causationId ? { causationId } : {}) } },
    );
    if (newEvents.length > 0) logger.info({ subscriptionId }, 'subscription expired');
  };
  return {
    'expire-subscription': ({ subscriptionId }) => expire(subscriptionId),
    'sweep-expired-subscriptions': async () => {
      // Catches whatever a lost or late timer missed; expiring twice is a no-op.
      for (const subscriptionId of await listOverdueSubscriptionIds(knex, clock())) {
        await expire(subscriptionId);
      }
    },
  };
}
