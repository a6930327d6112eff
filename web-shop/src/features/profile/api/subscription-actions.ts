import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancellationAnswer, CancellationRequest, RefundRequestAnswer, RefundRequestBody } from '@shop/contracts';
import { apiPost } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';

const subscriptionPath = (subscriptionId: string, action: string) =>
  `/api/me/subscriptions/${encodeURIComponent(subscriptionId)}/${action}`;

/** `POST /api/me/subscriptions/:id/cancel`: it stays active until `accessEndsAt`; `subscription.not_active`. */
export function cancelSubscription({
  subscriptionId,
  ...body
}: CancellationRequest & { subscriptionId: string }): Promise<CancellationAnswer> {
  return apiPost<CancellationAnswer>(subscriptionPath(subscriptionId, 'cancel'), body);
}

/** `POST /api/me/subscriptions/:id/refund-request`: `refund.window_closed`, `refund.nothing_to_refund`. */
export function requestRefund({
  subscriptionId,
  ...body
}: RefundRequestBody & { subscriptionId: string }): Promise<RefundRequestAnswer> {
  return apiPost<RefundRequestAnswer>(subscriptionPath(subscriptionId, 'refund-request'), body);
}

/** Settles once the subscriptions (and the profile's figures) have been asked again. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
  });
}

/** Settles once the subscriptions have been asked again, so the request shows on its item. */
export function useRequestRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRefund,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
  });
}
