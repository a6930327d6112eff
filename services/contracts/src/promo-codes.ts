import { z } from 'zod';
import { PROMO_CODE_LIMITS, PROMO_DATE_YEARS, PROMO_USAGE_LIMIT_MAX } from './catalogue-limits.js';
import { text } from './text.js';
import { expectedVersion } from './version.js';

const isoTime = z.iso.datetime({ offset: true }).refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= PROMO_DATE_YEARS.min && year <= PROMO_DATE_YEARS.max;
}, `A date from ${PROMO_DATE_YEARS.min} to ${PROMO_DATE_YEARS.max}`);

/** A promo code as the back-office lists it; its id is the code. */
export const adminPromoCode = z
  .object({
    id: z.string().describe('The code itself'),
    code: z.string(),
    percentOff: z.number().int(),
    validFrom: z.string().nullable().describe('ISO-8601 UTC; null: valid from its creation'),
    validUntil: z.string().nullable().describe('ISO-8601 UTC, excluded; null: no end'),
    usageLimit: z.number().int().nullable().describe('Orders that may use it; null: no limit'),
    timesUsed: z.number().int(),
    active: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z
      .number()
      .int()
      .describe("The code's revision: send it back with a change; orders using the code do not change it"),
  })
  .meta({ id: 'AdminPromoCode' });
export type AdminPromoCode = z.infer<typeof adminPromoCode>;

/** `GET /api/admin/promo-codes`: one page (Content-Range: promo-codes a-b/total). */
export const adminPromoCodeList = z.array(adminPromoCode);
export type AdminPromoCodeList = z.infer<typeof adminPromoCodeList>;

const terms = {
  percentOff: z.number().int().min(PROMO_CODE_LIMITS.percentMin).max(PROMO_CODE_LIMITS.percentMax),
  validFrom: isoTime.nullable().default(null),
  validUntil: isoTime.nullable().default(null),
  usageLimit: z.number().int().min(1).max(PROMO_USAGE_LIMIT_MAX).nullable().default(null),
  active: z.boolean().default(true),
};

/** `POST /api/admin/promo-codes`: a new code; 409 `promo.already_exists` when it exists. */
export const promoCodeCreate = z.strictObject({
  code: text({ min: PROMO_CODE_LIMITS.codeMin, max: PROMO_CODE_LIMITS.codeMax })
    .regex(/^[A-Za-z0-9-]+$/, 'Letters, digits or dashes')
    .describe('Stored in upper case'),
  ...terms,
});
export type PromoCodeCreate = z.input<typeof promoCodeCreate>;

/**
 * `PUT /api/admin/promo-codes/:code`: the code's whole terms, with the version the form was loaded
 * at; a change made meanwhile answers 409 `promo.stale`.
 */
export const promoCodeUpdate = z.strictObject({ ...terms, version: expectedVersion });
export type PromoCodeUpdate = z.input<typeof promoCodeUpdate>;
