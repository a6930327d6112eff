import {
  subscriptionDecider,
  subscriptionStreamId,
  type PlaceOrder,
  type SubscriptionCommand,
  type SubscriptionEvent,
  type SubscriptionState,
} from '@shop/domain';
import type { EventMetadata } from '@shop/event-store';
import type { PromotionCommands } from '../catalogue/promotion-commands.js';
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
  async placeOrder(
    order: Omit<PlaceOrder['data'], 'promotion'>,
    promoCode: string | null,
    metadata: EventMetadata,
    options: { newStream: boolean },
  ): Promise<SubscriptionEvent[]> {
    const place = (promotion: PlaceOrder['data']['promotion']): PlaceOrder => ({
      type: 'PlaceOrder',
      data: { ...order, promotion },
    });
    if (!promoCode) return (await this.execute(place(null), metadata, options)).newEvents;
    const redemption = { code: promoCode, subscriptionId: order.subscriptionId, now: order.now };
    const placed = await this.promotions.redeemFor(redemption, metadata, (promotion) =>
      this.alongside(place(promotion), options),
    );
    return placed as SubscriptionEvent[];
  }
}
