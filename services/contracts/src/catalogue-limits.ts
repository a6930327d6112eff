// The catalogue's fixed limits, without a schema library, so the back-office's forms can import
// them and check what the API checks.
export { PLAN_FEATURE_COUNT, PROMO_DATE_YEARS, PROMO_USAGE_LIMIT_MAX } from '@shop/domain';

export const PROMO_CODE_LIMITS = { codeMin: 3, codeMax: 32, percentMin: 1, percentMax: 100 } as const;

/** The highest monthly price the back-office accepts, in cents (a typo guard: 10,000 €). */
export const PLAN_PRICE_MAX_CENTS = 1_000_000;
