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
    const data = event.data as OrderAbandoned['data'] | PaymentConfirmed['data'];
    const code = 'retakesPromoCode' in data ? data.retakesPromoCode : 'promoCode' in data ? data.promoCode : undefined;
    if (!code) return [];
    return [
      {
        name: 'promo-code-use',
        data: {
          action: event.type === 'OrderAbandoned' ? 'release' : 'retake',
          code,
          subscriptionId: data.subscriptionId,
          at:
            event.type === 'OrderAbandoned'
              ? (data as OrderAbandoned['data']).abandonedAt
              : event.recordedAt.toISOString(),
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
