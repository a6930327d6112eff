import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import type { SubscriptionCredentials } from '../types';

export const subscriptionCredentialsQueryKey = (userId: string, subscriptionId: string, language: string) =>
  [...ACCOUNT_QUERY_KEY, userId, 'subscription-credentials', subscriptionId, language] as const;

/** `GET /api/me/subscriptions/:id/credentials?lang=`: only the owner's own, active subscription. */
export function getSubscriptionCredentials(
  subscriptionId: string,
  language: string,
  signal?: AbortSignal,
): Promise<SubscriptionCredentials> {
  return apiGet<SubscriptionCredentials>(`/api/me/subscriptions/${encodeURIComponent(subscriptionId)}/credentials`, {
    query: { lang: language },
    signal,
  });
}

/**
 * Asked on every visit, and forgotten as soon as the screen is left (`gcTime: 0`): no cache holds a
 * password for another screen. `refetch` is the screen's retry.
 */
export function useSubscriptionCredentials(subscriptionId: string, userId: string, language: string) {
  return useQuery({
    queryKey: subscriptionCredentialsQueryKey(userId, subscriptionId, language),
    queryFn: ({ signal }) => getSubscriptionCredentials(subscriptionId, language, signal),
    gcTime: 0,
  });
}
