import { apiPost } from '../../../lib/api-client';
import type { Months, PromoCheck } from '../types';

export interface CheckPromoCodeInput {
  code: string;
  planId: string;
  months: Months;
}

/** `POST /api/promo-codes/check`: whether the code applies and the resulting total; `order.unknown_plan` (422). */
export function checkPromoCode(input: CheckPromoCodeInput, signal?: AbortSignal): Promise<PromoCheck> {
  return apiPost<PromoCheck>('/api/promo-codes/check', input, { signal });
}
