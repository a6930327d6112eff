import type { PromotionCommands } from './promotion-commands.js';

/** The launch promotion: 10% off any plan and duration, no end date, no usage limit. */
export const LAUNCH_PROMO_CODE = 'BIENVENUE10';

export async function seedPromotions(promotions: PromotionCommands, now: Date): Promise<number> {
  const { newEvents } = await promotions.execute(
    {
      type: 'DefinePromoCode',
      data: { code: LAUNCH_PROMO_CODE, percentOff: 10, validFrom: null, validUntil: null, usageLimit: null, now },
    },
    { actor: { type: 'system', id: 'promotion-seed' } },
  );
  return newEvents.length;
}
