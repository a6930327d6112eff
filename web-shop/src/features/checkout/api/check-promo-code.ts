import { apiPost } from '../../../lib/api-client';
import type { PromoCheck, PromoCheckRequest } from '@shop/contracts';

/** `POST /api/promo-codes/check`: whether the code applies and the resulting total; `order.unknown_plan` (422). */
export function checkPromoCode(input: PromoCheckRequest, signal?: AbortSignal): Promise<PromoCheck> {
  return apiPost<PromoCheck>('/api/promo-codes/check', input, { signal });
}
