import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AutoRenewRequest,
  CancellationAnswer,
  CancellationRequest,
  RefundRequestAnswer,
  RefundRequestBody,
} from '@shop/contracts';
import { apiPost, apiRequest } from '../../../lib/api-client';
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

/** What turning automatic renewal on or off answers: as a cancellation, with no cancellation once it is on again. */
export type AutoRenewAnswer = Omit<CancellationAnswer, 'cancelledAt'> & { cancelledAt: string | null };

/**
 * `PUT /api/me/subscriptions/:id/auto-renew`: `false` is a cancellation (it ends at its expiry); `true`
 * turns it back on with the method kept, `subscription.no_saved_method` (409) when none is.
 */
export function setAutoRenew({
  subscriptionId,
  ...body
}: AutoRenewRequest & { subscriptionId: string }): Promise<AutoRenewAnswer> {
  return apiRequest<AutoRenewAnswer>('PUT', subscriptionPath(subscriptionId, 'auto-renew'), { body });
}

/** `POST /api/me/subscriptions/:id/refund-request`: `refund.window_closed`, `refund.nothing_to_refund`. */
export function requestRefund({
  subscriptionId,
  ...body
}: RefundRequestBody & { subscriptionId: string }): Promise<RefundRequestAnswer> {
  return apiPost<RefundRequestAnswer>(subscriptionPath(subscriptionId, 'refund-request'), body);
}

/** A subscription that will not renew: cancelled, its access until the expiry, no charge to come. */
const renewalStopped = (answer: AutoRenewAnswer) => ({
  autoRenew: false,
  cancelledAt: answer.cancelledAt,
  expiresAt: answer.accessEndsAt,
  nextChargeAt: null,
  nextChargeCents: null,
  renewalRetryAt: null,
});

/** The item shows the cancellation at once; the lists are read again on the next visit. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (answer) => applyToMySubscription(queryClient, answer.subscriptionId, renewalStopped(answer)),
  });
}

/**
 * The item shows automatic renewal on or off at once; the next charge's date and amount come with
 * the list read again on the next visit (until then the item says it renews before its expiry).
 */
export function useSetAutoRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAutoRenew,
    onSuccess: (answer, { enabled }) =>
      applyToMySubscription(
        queryClient,
        answer.subscriptionId,
        enabled ? { autoRenew: true, cancelledAt: null, expiresAt: answer.accessEndsAt } : renewalStopped(answer),
      ),
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
