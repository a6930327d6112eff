import type { OrderAbandoned, PaymentConfirmed, RenewalAbandoned, SubscriptionRenewed } from '@shop/domain';
import type { EventMetadata } from '@shop/event-store';
import type { JobHandlers, JobRequest } from '../jobs/job-queue.js';
import type { Reactor } from '../reactors/reactor.js';
import type { PromotionCommands } from './promotion-commands.js';

/** Who gives a promo code's use back, or takes it again: the shop, following its orders. */
const PROMOTION_ACTOR: EventMetadata = { actor: { type: 'system', id: 'promotions' } };

/** The events that give a code's use back or take it again, and which order or renewal the use was redeemed for. */
type UseChange = OrderAbandoned | RenewalAbandoned | PaymentConfirmed | SubscriptionRenewed;

function useChangeOf(event: UseChange): {
  action: 'release' | 'retake';
  code?: string;
  redeemedFor: string;
  at: string;
} {
  switch (event.type) {
    case 'OrderAbandoned':
      return {
        action: 'release',
        code: event.data.promoCode,
        redeemedFor: event.data.subscriptionId,
        at: event.data.abandonedAt,
      };
    case 'RenewalAbandoned':
      return {
        action: 'release',
        code: event.data.promoCode,
        redeemedFor: event.data.renewalId,
        at: event.data.abandonedAt,
      };
    case 'PaymentConfirmed':
      return {
        action: 'retake',
        code: event.data.retakesPromoCode,
        redeemedFor: event.data.subscriptionId,
        at: event.data.paidAt,
      };
    case 'SubscriptionRenewed':
      return {
        action: 'retake',
        code: event.data.retakesPromoCode,
        redeemedFor: event.data.renewalId,
        at: event.data.paidAt,
      };
  }
}

/**
 * A limited promo code counts the orders and renewals that took a use of it. One given up unpaid
 * gives its use back (`OrderAbandoned` and `RenewalAbandoned` name the code), so unpaid checkouts
 * cannot keep a code exhausted for everyone; one paid after all takes it again (`PaymentConfirmed`
 * and `SubscriptionRenewed` name it). Each is a job keyed by its event, sent to the promotion's
 * command module.
 */
export const promotionReactor: Reactor = {
  name: 'promotions',
  eventTypes: ['OrderAbandoned', 'RenewalAbandoned', 'PaymentConfirmed', 'SubscriptionRenewed'],
  react: (event): JobRequest[] => {
    const { action, code, redeemedFor, at } = useChangeOf({ type: event.type, data: event.data } as UseChange);
    if (!code) return [];
    return [
      {
        name: 'promo-code-use',
        // `subscriptionId`: what the use was redeemed for (the order's subscription, or the renewal).
        data: { action, code, subscriptionId: redeemedFor, at, eventId: event.id, streamId: event.streamId },
        // Other reactors key their jobs on the same payment's id: this one is told apart by its name.
        jobId: `${event.id}:promo-code-use`,
      },
    ];
  },
};

export function promotionJobHandlers(deps: { promotions: PromotionCommands }): Pick<JobHandlers, 'promo-code-use'> {
  return {
    'promo-code-use': async ({ action, code, subscriptionId, at, eventId, streamId }) => {
      const data = { code, subscriptionId, now: new Date(at) };
      await deps.promotions.execute(
        action === 'release'
          ? { type: 'ReleasePromoCodeRedemption', data }
          : { type: 'RetakePromoCodeRedemption', data },
        { ...PROMOTION_ACTOR, causationId: eventId, causationStreamId: streamId },
      );
    },
  };
}
