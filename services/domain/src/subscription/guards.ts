import { DomainError, NotFoundError } from '../shared/domain-error.js';
import type { SubscriptionState } from './subscription-state.js';

/** A subscription that exists: any state but `none`. */
export type ExistingSubscription = Exclude<SubscriptionState, { status: 'none' }>;

/** The subscription `state` holds; a command on one that does not exist is refused. */
export function requireExisting(state: SubscriptionState, subscriptionId: string): ExistingSubscription {
  if (state.status === 'none') {
    throw new NotFoundError({
      code: 'subscription.not_found',
      message: `Subscription ${subscriptionId} does not exist`,
      details: { subscriptionId },
    });
  }
  return state;
}

/** Refuses to create a subscription that exists already. */
export function requireNew(state: SubscriptionState, subscriptionId: string): void {
  if (state.status !== 'none') {
    throw new DomainError({
      code: 'subscription.already_exists',
      message: `Subscription ${subscriptionId} already exists`,
      details: { subscriptionId },
    });
  }
}
