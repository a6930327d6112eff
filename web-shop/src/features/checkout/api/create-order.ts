import { apiPost } from '../../../lib/api-client';
import type { OrderResponse } from '../../../types/api';
import type { Months } from '../types';
import type { PaymentProviderName } from './get-payment-providers';

export interface CreateOrderInput {
  planId: string;
  months: Months;
  promoCode?: string;
  language: string;
  /** One of `GET /api/payments/providers`; the server's default (the sandbox) when left out. */
  provider?: PaymentProviderName;
}

/**
 * `POST /api/orders` with the chosen provider; the answer's `redirectUrl` is the payment page.
 * Fails with `promo.*`, `order.unknown_plan`, `payment.provider_unavailable` or `auth.required`.
 */
export function createOrder({ language, ...body }: CreateOrderInput): Promise<OrderResponse> {
  return apiPost<OrderResponse>('/api/orders', body, { query: { lang: language } });
}
