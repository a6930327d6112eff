import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RenewalRequest, RenewalResponse } from '@shop/contracts';
import { apiPost } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import { randomUuid } from '../../../lib/use-idempotency-key';

export type RenewInput = RenewalRequest & { subscriptionId: string; language: string };

/**
 * `POST /api/me/subscriptions/:id/renew`, with a new `Idempotency-Key` per attempt: the answer's
 * `redirectUrl` is the payment page. Fails with `subscription.not_renewable`, `order.unknown_plan`,
 * `payment.provider_unavailable` or `promo.*`.
 */
export function renewSubscription({ subscriptionId, language, ...body }: RenewInput): Promise<RenewalResponse> {
  return apiPost<RenewalResponse>(`/api/me/subscriptions/${encodeURIComponent(subscriptionId)}/renew`, body, {
    query: { lang: language },
    headers: { 'Idempotency-Key': randomUuid() },
  });
}

/** The renewal is paid elsewhere: the account's answers are marked stale, asked again when next shown. */
export function useRenewSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewSubscription,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY, refetchType: 'none' }),
  });
}
