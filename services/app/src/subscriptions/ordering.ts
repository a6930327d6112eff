import { randomUUID } from 'node:crypto';
import {
  normalizePromoCode,
  priceOrder,
  promoRejection,
  subscriptionStreamId,
  DomainError,
  type SubscriptionEvent,
} from '@shop/domain';
import { asDomainEvent, type EventMetadata } from '@shop/event-store';
import { getPlan } from '@shop/projections';
import type { OrderResponse, PromoCheck } from '@shop/contracts';
import { idForKey, onceForKey } from '../infrastructure/idempotency.js';
import type { Checkouts } from './checkout.js';
import {
  enabledProvider,
  purchaseTermsOf,
  requireAutomaticRenewal,
  type PaymentServiceDependencies,
  type PlaceOrderInput,
} from '../payments/payment-dependencies.js';

/** Placing orders (idempotent, resumable, with the promo code redeemed) and checking promo codes. */
export class Ordering {
  constructor(
    private readonly deps: Pick<PaymentServiceDependencies, 'knex' | 'store' | 'commands' | 'providers' | 'clock'>,
    private readonly checkouts: Checkouts,
  ) {}

  /** Whether a promo code applies now, and what it takes off this order. */
  async checkPromo(input: { code: string; planId: string; months: number }): Promise<PromoCheck> {
    const plan = await this.requirePlan(input.planId);
    const state = await this.deps.commands.promotions.current(input.code);
    const rejection = promoRejection(state, this.deps.clock());
    if (rejection || state.status !== 'defined')
      return { valid: false as const, code: normalizePromoCode(input.code), reason: rejection };
    // The same pricing as the order's decision, so the check never promises another total.
    const price = priceOrder({
      monthlyPriceCents: plan.monthlyPriceCents,
      months: input.months,
      currency: plan.currency,
      discountPercent: state.definition.percentOff,
    });
    return {
      valid: true as const,
      code: state.definition.code,
      percentOff: state.definition.percentOff,
      subtotalCents: price.subtotalCents,
      discountCents: price.discountCents,
      totalCents: price.totalCents,
      currency: price.currency,
    };
  }

  async requirePlan(planId: string) {
    // A plan taken off sale is no longer ordered (nor priced for a promo check).
    const plan = await getPlan(this.deps.knex, planId, 'fr', { onSaleOnly: true });
    if (!plan)
      throw new DomainError({
        code: 'order.unknown_plan',
        message: `No plan ${planId} on sale`,
        details: { planId },
      });
    return plan;
  }

  /** Places the order and opens a checkout. With an Idempotency-Key, a retry answers the first response. */
  async placeOrder(
    input: PlaceOrderInput,
    options: { idempotencyKey?: string; correlationId: string },
  ): Promise<OrderResponse> {
    // With a key, the order's id comes from it: a retry whose first run died after placing the order
    // (its lease ran out, no answer was kept) finds that order instead of placing a second one.
    const subscriptionId = options.idempotencyKey
      ? idForKey('order', input.userId, options.idempotencyKey)
      : randomUUID();
    // The page's language is not part of the order: a retry from a browser switched to English is the same request.
    const { language: _language, ...request } = input;
    return onceForKey(this.deps.knex, { owner: input.userId, key: options.idempotencyKey, request }, () =>
      this.placeOrderOnce(input, subscriptionId, options.correlationId, { fresh: !options.idempotencyKey }),
    );
  }

  private async placeOrderOnce(
    input: PlaceOrderInput,
    subscriptionId: string,
    correlationId: string,
    { fresh }: { fresh: boolean },
  ): Promise<OrderResponse> {
    const provider = enabledProvider(this.deps.providers, input.provider);
    if (input.autoRenew) requireAutomaticRenewal(provider);
    const plan = await this.requirePlan(input.planId);
    const metadata: EventMetadata = { actor: { type: 'customer', id: input.userId }, correlationId };
    // A random id names no stream yet: nothing to resume, nothing to read before deciding.
    const stream =
      (!fresh && (await this.placedBefore(subscriptionId))) ||
      (await this.deps.commands.subscriptions.placeOrder(
        {
          subscriptionId,
          userId: input.userId,
          plan: { id: plan.id, name: plan.name, monthlyPriceCents: plan.monthlyPriceCents, currency: plan.currency },
          ...purchaseTermsOf(input, provider, this.deps.clock()),
        },
        input.promoCode?.trim() || null,
        metadata,
        { newStream: fresh },
      ));
    return this.checkouts.checkoutOrder(stream, { ...input, provider }, metadata, { fresh });
  }

  /**
   * The order a first run with the same Idempotency-Key placed before its process died: read from
   * its stream, not the read model, which may not have seen it yet.
   */
  private async placedBefore(subscriptionId: string): Promise<SubscriptionEvent[] | null> {
    const events = (await this.deps.store.readStream(subscriptionStreamId(subscriptionId))).map(
      asDomainEvent<SubscriptionEvent>,
    );
    return events.some((event) => event.type === 'OrderPlaced') ? events : null;
  }
}
