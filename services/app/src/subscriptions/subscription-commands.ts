import {
  subscriptionDecider,
  subscriptionStreamId,
  type OrderRenewal,
  type PlaceOrder,
  type SubscriptionCommand,
  type SubscriptionEvent,
  type SubscriptionState,
} from '@shop/domain';
import type { EventMetadata } from '@shop/event-store';
import type { AppliedPromotion, PromotionCommands } from '../catalogue/promotion-commands.js';
import { StreamCommands } from '../infrastructure/stream-commands.js';

/**
 * A subscription's stream (`subscription-<id>`): its order, payment sessions and outcomes, status
 * changes, credentials, expiry, whoever sends the command (a customer, a provider, an operator, a job).
 */
export class SubscriptionCommands extends StreamCommands<SubscriptionCommand, SubscriptionEvent, SubscriptionState> {
  constructor(
    deps: ConstructorParameters<typeof StreamCommands>[0],
    private readonly promotions: PromotionCommands,
  ) {
    super(deps, subscriptionDecider, (command) => subscriptionStreamId(command.data.subscriptionId));
  }

  /** The subscription's state now. */
  async current(subscriptionId: string): Promise<SubscriptionState> {
    return (await this.state(subscriptionStreamId(subscriptionId))).state;
  }

  /**
   * Places an order, with its promo code redeemed in the same transaction (see
   * `PromotionCommands.redeemFor`). `newStream`: the id was just made, so nothing is read first.
   */
  placeOrder(
    order: Omit<PlaceOrder['data'], 'promotion'>,
    promoCode: string | null,
    metadata: EventMetadata,
    options: { newStream: boolean },
  ): Promise<SubscriptionEvent[]> {
    return this.withPromotion(
      (promotion) => ({ type: 'PlaceOrder', data: { ...order, promotion } }),
      { promoCode, orderId: order.subscriptionId, now: order.now },
      metadata,
      options,
    );
  }

  /** Orders a renewal, its promo code redeemed for that renewal (not for the subscription's first order). */
  orderRenewal(
    renewal: Omit<OrderRenewal['data'], 'promotion'>,
    promoCode: string | null,
    metadata: EventMetadata,
  ): Promise<SubscriptionEvent[]> {
    return this.withPromotion(
      (promotion) => ({ type: 'OrderRenewal', data: { ...renewal, promotion } }),
      { promoCode, orderId: renewal.renewalId, now: renewal.now },
      metadata,
      { newStream: false },
    );
  }

  /** A command decided on the discount a promo code gives, the code redeemed for `orderId` in the same transaction. */
  private async withPromotion(
    command: (promotion: AppliedPromotion) => SubscriptionCommand,
    redemption: { promoCode: string | null; orderId: string; now: Date },
    metadata: EventMetadata,
    options: { newStream: boolean },
  ): Promise<SubscriptionEvent[]> {
    if (!redemption.promoCode) return (await this.execute(command(null), metadata, options)).newEvents;
    const placed = await this.promotions.redeemFor(
      { code: redemption.promoCode, subscriptionId: redemption.orderId, now: redemption.now },
      metadata,
      (promotion) => this.alongside(command(promotion), options),
    );
    return placed as SubscriptionEvent[];
  }
}
