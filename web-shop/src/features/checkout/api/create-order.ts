import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import type { OrderRequest, OrderResponse } from '@shop/contracts';

/**
 * The order, and the language of its pages and e-mails. The provider is one of
 * `GET /api/payments/providers`; the server's default (the sandbox) when left out.
 */
export type CreateOrderInput = OrderRequest & { language: string };

/**
 * `POST /api/orders` with the chosen provider; the answer's `redirectUrl` is the payment page.
 * Fails with `promo.*`, `order.unknown_plan`, `payment.provider_unavailable` or `auth.required`.
 */
export function createOrder({ language, ...body }: CreateOrderInput): Promise<OrderResponse> {
  return apiPost<OrderResponse>('/api/orders', body, { query: { lang: language } });
}

/**
 * The order is a new pending subscription: the account's answers (subscriptions, profile figures) are
 * marked stale, to be asked again when next shown; none now, as the page is about to leave for the payment.
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY, refetchType: 'none' }),
  });
}
