import { apiPost } from '../../../lib/api-client';
import type { Months, OrderResponse } from '../types';

export interface CreateOrderInput {
  planId: string;
  months: Months;
  promoCode?: string;
  language: string;
}

/**
 * `POST /api/orders` with the built-in sandbox provider; the answer's `redirectUrl` is the payment page.
 * Fails with `promo.*`, `order.unknown_plan`, `payment.provider_unavailable` or `auth.required`.
 */
export function createOrder({ language, ...body }: CreateOrderInput): Promise<OrderResponse> {
  return apiPost<OrderResponse>('/api/orders', { ...body, provider: 'sandbox' }, { query: { lang: language } });
}
