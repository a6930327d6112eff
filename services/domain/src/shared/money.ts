/** Money is always integer cents with an ISO 4217 currency code. */
export interface Money {
  amountCents: number;
  currency: string;
}

export const SUPPORTED_DURATIONS_MONTHS = [1, 3, 12] as const;
export type DurationMonths = (typeof SUPPORTED_DURATIONS_MONTHS)[number];

export function isSupportedDuration(months: number): months is DurationMonths {
  return (SUPPORTED_DURATIONS_MONTHS as readonly number[]).includes(months);
}

export interface OrderPrice {
  monthlyPriceCents: number;
  months: number;
  subtotalCents: number;
  discountPercent: number;
  discountCents: number;
  totalCents: number;
  currency: string;
}

/**
 * total = monthly price x months, less the promotion. The discount is rounded to the
 * nearest cent (half up), so the customer never pays a fraction of a cent.
 */
export function priceOrder(input: {
  monthlyPriceCents: number;
  months: number;
  currency: string;
  discountPercent?: number;
}): OrderPrice {
  const discountPercent = input.discountPercent ?? 0;
  if (!Number.isInteger(input.monthlyPriceCents) || input.monthlyPriceCents < 0) {
    throw new RangeError('monthlyPriceCents must be a non-negative integer');
  }
  if (!Number.isInteger(input.months) || input.months < 1) {
    throw new RangeError('months must be a positive integer');
  }
  // Written as a range check so that NaN fails it too.
  if (!(discountPercent >= 0 && discountPercent <= 100)) {
    throw new RangeError('discountPercent must be between 0 and 100');
  }
  const subtotalCents = input.monthlyPriceCents * input.months;
  const discountCents = Math.round((subtotalCents * discountPercent) / 100);
  return {
    monthlyPriceCents: input.monthlyPriceCents,
    months: input.months,
    subtotalCents,
    discountPercent,
    discountCents,
    totalCents: subtotalCents - discountCents,
    currency: input.currency,
  };
}
