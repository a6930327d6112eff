import type { OrderAbandoned, PaymentConfirmed } from '@shop/domain';
import type { EventMetadata } from '@shop/event-store';
import type { JobHandlers, JobRequest } from '../jobs/job-queue.js';
import type { Reactor } from '../reactors/reactor.js';
import type { PromotionCommands } from './promotion-commands.js';

/** Who gives a promo code's use back, or takes it again: the shop, following its orders. */
const PROMOTION_ACTOR: EventMetadata = { actor: { type: 'system', id: 'promotions' } };

/**
 * A limited promo code counts the orders that took a use of it. An order abandoned unpaid gives its
 * use back (`OrderAbandoned` names the code), so unpaid checkouts cannot keep a code exhausted for
 * everyone; one paid after all takes it again (`PaymentConfirmed` names it). Each is a job keyed by
 * its event, sent to the promotion's command module.
 */
export const promotionReactor: Reactor = {
  name: 'promotions',
  eventTypes: ['OrderAbandoned', 'PaymentConfirmed'],
  react: (event): JobRequest[] => {
    // An order abandoned gives its code's use back; its late payment takes it again.
    const release = event.type === 'OrderAbandoned';
    const abandoned = event.data as OrderAbandoned['data'];
    const paid = event.data as PaymentConfirmed['data'];
    const code = release ? abandoned.promoCode : paid.retakesPromoCode;
    const at = release ? abandoned.abandonedAt : paid.paidAt;
    const { subscriptionId } = abandoned;
    if (!code) return [];
    return [
      {
        name: 'promo-code-use',
        data: {
          action: release ? 'release' : 'retake',
          code,
          subscriptionId,
          at,
          eventId: event.id,
          streamId: event.streamId,
        },
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
