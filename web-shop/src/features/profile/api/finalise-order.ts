import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import type { OrderResponse } from '@shop/contracts';

/** `POST /api/orders/:id/checkout`: a new payment session for a pending subscription; `redirectUrl` is where to pay. */
export function finaliseOrder(subscriptionId: string, language: string): Promise<OrderResponse> {
  return apiPost<OrderResponse>(
    `/api/orders/${encodeURIComponent(subscriptionId)}/checkout`,
    {},
    { query: { lang: language } },
  );
}

/** A new payment session for the subscription: the account's answers are asked again when next shown. */
export function useFinaliseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, language }: { subscriptionId: string; language: string }) =>
      finaliseOrder(subscriptionId, language),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY, refetchType: 'none' }),
  });
}
