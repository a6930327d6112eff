import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancellationAnswer, CancellationRequest, RefundRequestAnswer, RefundRequestBody } from '@shop/contracts';
import { apiPost } from '../../../lib/api-client';
import { applyToMySubscription } from './get-my-subscriptions';

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

/** The item shows the cancellation at once; the lists are read again on the next visit. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (answer) =>
      applyToMySubscription(queryClient, answer.subscriptionId, {
        cancelledAt: answer.cancelledAt,
        expiresAt: answer.accessEndsAt,
      }),
  });
}

/** The item shows the request at once (no more refund to ask for); the lists are read again on the next visit. */
export function useRequestRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRefund,
    onSuccess: (answer) =>
      applyToMySubscription(queryClient, answer.subscriptionId, {
        refundRequestedAt: new Date().toISOString(),
        refundableUntil: null,
      }),
  });
}
