import { apiPost } from '../../../lib/api-client';
import type { OrderResponse } from '../../../types/api';

/** `POST /api/orders/:id/checkout`: a new payment session for a pending subscription; `redirectUrl` is where to pay. */
export function finaliseOrder(subscriptionId: string, language: string): Promise<OrderResponse> {
  return apiPost<OrderResponse>(
    `/api/orders/${encodeURIComponent(subscriptionId)}/checkout`,
    {},
    { query: { lang: language } },
  );
}
