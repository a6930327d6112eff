import {
  OPERATOR_SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_STATUS_MOVES,
  SUBSCRIPTION_STATUSES,
  type AdminSubscription,
  type SubscriptionStatus,
} from '@shop/contracts';

/**
 * A subscription as the API sends it (`GET /api/admin/subscriptions/:id`), and its statuses; a
 * voided one (still readable on its page) says when and why.
 */
export type Subscription = AdminSubscription & { voidedAt?: string; voidReason?: string };
export type { SubscriptionStatus };

export const statusChoices = SUBSCRIPTION_STATUSES.map((status) => ({
  id: status,
  name: `shop.subscriptions.statuses.${status}`,
}));

/** The operator's to-do list: paid subscriptions still waiting for their credentials. */
export const WAITING_FOR_CREDENTIALS = { status: 'active', hasCredentials: false } as const;

/** The reasons the shop itself records (a refund, an order abandoned, an erasure): said in the operator's language. */
const CUSTOMER_ERASED = 'customer erased';
const RECORDED_REASONS: Readonly<Record<string, string>> = {
  refunded: 'shop.subscriptions.reasons.refunded',
  abandoned: 'shop.subscriptions.reasons.abandoned',
  [CUSTOMER_ERASED]: 'shop.subscriptions.reasons.customerErased',
};

/** Why the status last changed, as the operator reads it: the operator's own words, or the shop's translated. */
export const statusReasonText = (reason: string | null, translate: (key: string) => string) =>
  reason === null ? null : RECORDED_REASONS[reason] ? translate(RECORDED_REASONS[reason]) : reason;

/**
 * A cancellation the operator may take back (the domain's rule, which the server applies anyway):
 * cancelled, not refunded, not voided, paid and with its expiry ahead.
 */
export function canReactivate(
  subscription: Pick<Subscription, 'status' | 'expiresAt' | 'statusReason' | 'voidedAt'>,
  now = new Date(),
): boolean {
  return (
    subscription.status === 'cancelled' &&
    subscription.statusReason !== 'refunded' &&
    // Ended with its customer's erasure: there is nobody left to serve.
    subscription.statusReason !== CUSTOMER_ERASED &&
    !subscription.voidedAt &&
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
