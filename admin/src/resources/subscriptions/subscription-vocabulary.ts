import {
  OPERATOR_SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_STATUS_MOVES,
  SUBSCRIPTION_STATUSES,
  type AdminSubscription as Subscription,
  type SubscriptionStatus,
} from '@shop/contracts';

/** A subscription as the API sends it (`GET /api/admin/subscriptions/:id`), and its statuses. */
export type { Subscription, SubscriptionStatus };

export const statusChoices = SUBSCRIPTION_STATUSES.map((status) => ({
  id: status,
  name: `shop.subscriptions.statuses.${status}`,
}));

/** The operator's to-do list: paid subscriptions still waiting for their credentials. */
export const WAITING_FOR_CREDENTIALS = { status: 'active', hasCredentials: false } as const;

/**
 * A cancellation the operator may take back (the domain's rule, which the server applies anyway):
 * cancelled, not refunded, paid and with its expiry ahead.
 */
export function canReactivate(
  subscription: Pick<Subscription, 'status' | 'expiresAt' | 'statusReason'>,
  now = new Date(),
): boolean {
  return (
    subscription.status === 'cancelled' &&
    subscription.statusReason !== 'refunded' &&
    subscription.expiresAt !== null &&
    Date.parse(subscription.expiresAt) > now.getTime()
  );
}

/**
 * The statuses the operator may move a subscription to from its current one (the domain's rule,
 * which the server applies anyway): a suspended subscription past its expiry can no longer be
 * reactivated, and pending only ever ends in a payment or a cancellation.
 */
export function operatorMoves(
  subscription: Pick<Subscription, 'status' | 'expiresAt'>,
  now = new Date(),
): SubscriptionStatus[] {
  const past = subscription.expiresAt !== null && Date.parse(subscription.expiresAt) <= now.getTime();
  return SUBSCRIPTION_STATUS_MOVES[subscription.status].filter(
    (to) => (OPERATOR_SUBSCRIPTION_STATUSES as readonly string[]).includes(to) && !(to === 'active' && past),
  );
}
