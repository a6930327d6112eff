/** The durations on sale (seeds §9); 3 months is the one marked popular. */
export const DURATIONS = [1, 3, 12] as const;
export type Months = (typeof DURATIONS)[number];
export const POPULAR_DURATION: Months = 3;

/** `POST /api/promo-codes/check`. */
export type PromoCheck =
  | {
      valid: true;
      code: string;
      percentOff: number;
      subtotalCents: number;
      discountCents: number;
      totalCents: number;
      currency: string;
    }
  | { valid: false; code: string; reason: string | null };
