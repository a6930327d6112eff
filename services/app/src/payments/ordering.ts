import { randomUUID } from 'node:crypto';
import {
  normalizePromoCode,
  priceOrder,
  promoRejection,
  promoStreamId,
  promotionDecider,
  subscriptionDecider,
  subscriptionStreamId,
  DomainError,
  type PromotionEvent,
  type SubscriptionCommand,
  type SubscriptionEvent,
} from '@shop/domain';
import { asDomainEvent, handleCommand, loadState, retryWhenOvertaken, type EventMetadata } from '@shop/event-store';
import { getPlan } from '@shop/projections';
import type { OrderResponse, PromoCheck } from '@shop/contracts';
import { idForKey, onceForKey } from '../infrastructure/idempotency.js';
import type { Checkouts } from './checkout.js';
import {
  enabledProvider,
  subscriptionCommand,
  type PaymentServiceDependencies,
  type PlaceOrderInput,
} from './payment-dependencies.js';
import type { PaymentProvider } from './payment-provider.js';

/** Placing orders (idempotent, resumable, with the promo code redeemed) and checking promo codes. */
export class Ordering {
  constructor(
    private readonly deps: Pick<PaymentServiceDependencies, 'knex' | 'store' | 'providers' | 'clock'>,
    private readonly checkouts: Checkouts,
  ) {}

  /** Whether a promo code applies now, and what it takes off this order. */
  async checkPromo(input: { code: string; planId: string; months: number }): Promise<PromoCheck> {
    const plan = await this.requirePlan(input.planId);
    const history = await this.deps.store.readStream(promoStreamId(input.code));
    const state = history
      .map(asDomainEvent<PromotionEvent>)
      .reduce(promotionDecider.evolve, promotionDecider.initialState());
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

  private async requirePlan(planId: string) {
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
    options: { fresh: boolean },
  ): Promise<OrderResponse> {
    const provider = enabledProvider(this.deps.providers, input.provider);
    const plan = await this.requirePlan(input.planId);
    const now = this.deps.clock();
    // A random id names no stream yet: nothing to resume, nothing to read before deciding.
    if (!options.fresh) {
      const placedBefore = await this.resumeOrder(input, subscriptionId, provider, correlationId);
      if (placedBefore) return placedBefore;
    }
    const metadata: EventMetadata = { actor: { type: 'customer', id: input.userId }, correlationId };
    const placeOrder = (promotion: { code: string; percentOff: number } | null) =>
      ({
        type: 'PlaceOrder',
        data: {
          subscriptionId,
          userId: input.userId,
          plan: { id: plan.id, name: plan.name, monthlyPriceCents: plan.monthlyPriceCents, currency: plan.currency },
          months: input.months,
          promotion,
          provider: provider.name,
          now,
        },
      }) as const;
    const code = input.promoCode?.trim() ? normalizePromoCode(input.promoCode) : null;
    const newEvents = code
      ? await this.redeemAndPlace(code, subscriptionId, now, placeOrder, metadata)
      : options.fresh
        ? await this.placeNew(subscriptionId, placeOrder(null), metadata)
        : (await subscriptionCommand(this.deps.store, placeOrder(null), metadata)).newEvents;
    const placed = newEvents[0]!;
    const totalCents = placed.type === 'OrderPlaced' ? placed.data.totalCents : 0;
    const redirectUrl = await this.checkouts.openCheckout(
      {
        subscriptionId,
        userId: input.userId,
        provider,
        description: `${plan.name} - ${input.months} mois`,
        totalCents,
        currency: plan.currency,
        language: input.language,
      },
      metadata,
      // A new stream holds exactly what was just appended (a promo redemption lives on its own stream).
      options.fresh ? newEvents : undefined,
    );
    return {
      orderId: subscriptionId,
      subscriptionId,
      status: 'pending',
      totalCents,
      currency: plan.currency,
      redirectUrl,
    };
  }

  /** Decided on the empty state and appended as a new stream: one round trip, and a stream that exists is refused. */
  private async placeNew(
    subscriptionId: string,
    command: SubscriptionCommand,
    metadata: EventMetadata,
  ): Promise<SubscriptionEvent[]> {
    const events = subscriptionDecider.decide(command, subscriptionDecider.initialState());
    await this.deps.store.appendToStream(
      subscriptionStreamId(subscriptionId),
      events.map((event) => ({ type: event.type, data: event.data, metadata })),
      { expectedVersion: 'no_stream' },
    );
    return events;
  }

  /**
   * Redeems the code on its own stream (a usage limit holds under concurrent orders) and places the
   * order. On PostgreSQL both appends commit in one transaction, so a crash cannot count a
   * redemption for no order; KurrentDB cannot, and there they stay two appends, redemption first.
   */
  private async redeemAndPlace(
    code: string,
    subscriptionId: string,
    now: Date,
    placeOrder: (promotion: { code: string; percentOff: number } | null) => SubscriptionCommand,
    metadata: EventMetadata,
  ): Promise<SubscriptionEvent[]> {
    const { store } = this.deps;
    const redeem = { type: 'RedeemPromoCode' as const, data: { code, subscriptionId, now } };
    if (!store.sharesTransactions) {
      const { state } = await handleCommand(store, promoStreamId(code), promotionDecider, redeem, { metadata });
      const promotion = state.status === 'defined' ? { code, percentOff: state.definition.percentOff } : null;
      return (await subscriptionCommand(store, placeOrder(promotion), metadata)).newEvents;
    }
    // Another order that redeemed the code meanwhile makes the append fail: decided again on its new count.
    return retryWhenOvertaken(async () => {
      const promo = await loadState(store, promoStreamId(code), promotionDecider);
      const redemption = promotionDecider.decide(redeem, promo.state);
      const promotion =
        promo.state.status === 'defined' ? { code, percentOff: promo.state.definition.percentOff } : null;
      const order = subscriptionDecider.decide(placeOrder(promotion), subscriptionDecider.initialState());
      const asNew = (events: ReadonlyArray<{ type: string; data: unknown }>) =>
        events.map((event) => ({ type: event.type, data: event.data, metadata }));
      if (redemption.length === 0) {
        // Already redeemed for this order (a retry): only the order is left to place.
        await store.appendToStream(subscriptionStreamId(subscriptionId), asNew(order), {
          expectedVersion: 'no_stream',
        });
      } else {
        await store.appendToStream(promoStreamId(code), asNew(redemption), {
          expectedVersion: promo.version === 0 ? 'no_stream' : promo.version,
          withinTransaction: async (tx) => {
            await tx.append(subscriptionStreamId(subscriptionId), asNew(order), { expectedVersion: 'no_stream' });
          },
        });
      }
      return order;
    });
  }

  /**
   * The order a first run with the same Idempotency-Key placed before its process died, with a new
   * checkout: read from its stream, not the read model, which may not have seen it yet.
   */
  private async resumeOrder(
    input: PlaceOrderInput,
    subscriptionId: string,
    provider: PaymentProvider,
    correlationId: string,
  ): Promise<OrderResponse | null> {
    const events = (await this.deps.store.readStream(subscriptionStreamId(subscriptionId))).map(
      asDomainEvent<SubscriptionEvent>,
    );
    const placed = events.find((event) => event.type === 'OrderPlaced');
    if (!placed || placed.type !== 'OrderPlaced') return null;
    const state = events.reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
    if (state.status !== 'pending') {
      throw new DomainError({
        code: 'subscription.not_pending',
        message: 'This order has nothing left to pay',
      });
    }
    const { totalCents, currency, planName, months } = placed.data;
    const redirectUrl = await this.checkouts.openCheckout(
      {
        subscriptionId,
        userId: input.userId,
        provider,
        description: `${planName} - ${months} mois`,
        totalCents,
        currency,
        language: input.language,
      },
      { actor: { type: 'customer', id: input.userId }, correlationId },
    );
    return { orderId: subscriptionId, subscriptionId, status: 'pending', totalCents, currency, redirectUrl };
  }
}
