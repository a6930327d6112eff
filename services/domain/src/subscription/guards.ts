import { DomainError, NotFoundError } from '../shared/domain-error.js';
import { isSupportedDuration, priceOrder, SUPPORTED_DURATIONS_MONTHS, type OrderPrice } from '../shared/money.js';
import type { Checkout } from './commands.js';
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

/** What `months` of a plan cost at its price now, a promotion taken off; a duration not on sale is refused. */
export function priceOnSale(
  plan: { monthlyPriceCents: number; currency: string },
  months: number,
  promotion: { percentOff: number } | null,
): OrderPrice {
  if (!isSupportedDuration(months)) {
    throw new DomainError({
      code: 'order.invalid_duration',
      message: `Duration must be one of ${SUPPORTED_DURATIONS_MONTHS.join(', ')} months`,
      details: { months, allowed: [...SUPPORTED_DURATIONS_MONTHS] },
    });
  }
  return priceOrder({
    monthlyPriceCents: plan.monthlyPriceCents,
    months,
    currency: plan.currency,
    discountPercent: promotion?.percentOff ?? 0,
  });
}

/**
 * A customer's checkout, an order or a renewal alike, priced now: what its event records of it
 * (the price, the promotion's code, the provider, when, automatic renewal, the request for
 * immediate access and who pays).
 */
export function checkoutPricedNow<Provider extends string | null>(checkout: Checkout<Provider>) {
  return {
    price: priceOnSale(checkout.plan, checkout.months, checkout.promotion),
    promoCode: checkout.promotion?.code ?? null,
    provider: checkout.provider,
    at: checkout.now,
    autoRenew: checkout.autoRenew,
    immediateAccess: checkout.immediateAccess,
    billing: checkout.billing,
  };
}
