import {
  normalizePromoCode,
  promoStreamId,
  promotionDecider,
  type PromotionCommand,
  type PromotionEvent,
  type PromotionState,
} from '@shop/domain';
import type { EventMetadata, StreamCommand } from '@shop/event-store';
import { StreamCommands } from '../infrastructure/stream-commands.js';

/** What a redeemed code takes off the order it was redeemed for (null: it applies to nothing). */
export type AppliedPromotion = { code: string; percentOff: number } | null;

/** A promo code's stream (`promo-<CODE>`): the operator's definition and revisions, and each redemption. */
export class PromotionCommands extends StreamCommands<PromotionCommand, PromotionEvent, PromotionState> {
  constructor(deps: ConstructorParameters<typeof StreamCommands>[0]) {
    super(deps, promotionDecider, (command) => promoStreamId(command.data.code));
  }

  /** The code's state now. */
  async current(code: string): Promise<PromotionState> {
    return (await this.state(promoStreamId(code))).state;
  }

  /**
   * Redeems `code` for an order (a usage limit holds under concurrent orders) and places that
   * order, decided on the discount the code gives: on PostgreSQL both commit in one transaction,
   * so a crash cannot count a redemption for no order; KurrentDB cannot, and there they stay two
   * appends, redemption first. A code already redeemed for this order (a retry) is not counted
   * again. Answers the order's events.
   */
  async redeemFor(
    redemption: { code: string; subscriptionId: string; now: Date },
    metadata: EventMetadata,
    order: (promotion: AppliedPromotion) => StreamCommand,
  ) {
    const code = normalizePromoCode(redemption.code);
    const { alongside } = await this.execute({ type: 'RedeemPromoCode', data: { ...redemption, code } }, metadata, {
      alongside: (state) =>
        order(state.status === 'defined' ? { code, percentOff: state.definition.percentOff } : null),
    });
    return alongside?.newEvents ?? [];
  }
}
