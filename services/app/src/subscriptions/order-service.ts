import type { OrderResponse, PromoCheck } from '@shop/contracts';
import type { Language } from '@shop/domain';
import { Checkouts } from './checkout.js';
import { Ordering } from './ordering.js';
import { SubscriptionLifecycle } from './subscription-lifecycle.js';
import type { PaymentServiceDependencies, PlaceOrderInput } from '../payments/payment-dependencies.js';
import type { ProviderName } from '../payments/payment-provider.js';

/**
 * A customer's orders: placing one (idempotent, with its promo code redeemed), checking a promo
 * code, paying a pending order later, and renewing a subscription. Each opens a checkout at a payment provider; what the
 * provider then reports goes through `PaymentService`.
 */
export class OrderService {
  private readonly checkouts: Checkouts;
  private readonly ordering: Ordering;
  /** What a customer does with a subscription they have: renew, cancel, ask for a refund. */
  readonly lifecycle: SubscriptionLifecycle;

  constructor(deps: Omit<PaymentServiceDependencies, 'logger'>) {
    this.checkouts = new Checkouts(deps);
    this.ordering = new Ordering(deps, this.checkouts);
    this.lifecycle = new SubscriptionLifecycle(deps, this.checkouts, this.ordering);
  }

  /** Whether a promo code applies now, and what it takes off this order. */
  checkPromo(input: { code: string; planId: string; months: number }): Promise<PromoCheck> {
    return this.ordering.checkPromo(input);
  }

  /** Places the order and opens a checkout. With an Idempotency-Key, a retry answers the first response. */
  placeOrder(
    input: PlaceOrderInput,
    options: { idempotencyKey?: string; correlationId: string },
  ): Promise<OrderResponse> {
    return this.ordering.placeOrder(input, options);
  }

  /** A new payment session for a pending order of the customer's (finalising it later). */
  checkoutExisting(
    input: { userId: string; subscriptionId: string; provider?: ProviderName; language: Language },
    correlationId: string,
  ): Promise<OrderResponse> {
    return this.checkouts.checkoutExisting(input, correlationId);
  }
}
