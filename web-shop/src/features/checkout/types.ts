import { SUPPORTED_DURATIONS_MONTHS, type Months } from '@shop/contracts';

/** The durations on sale (seeds §9); 3 months is the one marked popular. */
export const DURATIONS = SUPPORTED_DURATIONS_MONTHS;
export const POPULAR_DURATION: Months = 3;

export type { Months, PromoCheck } from '@shop/contracts';
