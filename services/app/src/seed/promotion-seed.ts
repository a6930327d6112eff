import { promoStreamId, promotionDecider } from '@shop/domain';
import { handleCommand, type EventStore } from '@shop/event-store';

/** The launch promotion: 10% off any plan and duration, no end date, no usage limit. */
export const LAUNCH_PROMO_CODE = 'BIENVENUE10';

export async function seedPromotions(store: EventStore, now: Date): Promise<number> {
  const { newEvents } = await handleCommand(
    store,
    promoStreamId(LAUNCH_PROMO_CODE),
    promotionDecider,
    {
      type: 'DefinePromoCode',
      data: { code: LAUNCH_PROMO_CODE, percentOff: 10, validFrom: null, validUntil: null, usageLimit: null, now },
    },
    { metadata: { actor: { type: 'system', id: 'promotion-seed' } } },
  );
  return newEvents.length;
}
