import { SUPPORTED_DURATIONS_MONTHS } from '@shop/contracts';

/** Seeds §9: the durations on sale, as the API takes them; 3 months carries the popular badge. */
export const PURCHASE_DURATIONS = SUPPORTED_DURATIONS_MONTHS;
export type PurchaseMonths = (typeof PURCHASE_DURATIONS)[number];
export const POPULAR_MONTHS: PurchaseMonths = 3;

/** Seeds §9: total = monthly price × months (before any promo code, which the checkout applies). */
export function purchaseTotalCents(monthlyPriceCents: number, months: PurchaseMonths): number {
  return monthlyPriceCents * months;
}

/** Where the dialog continues: the checkout reads `months` to preselect the duration. */
export function checkoutPath(planId: string, months: PurchaseMonths): string {
  return `/checkout/${encodeURIComponent(planId)}?months=${months}`;
}
