import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import type { MySubscriptions, UserSubscription } from '../types';

/** Keyed by user so another account never sees the previous one's list; the plan names follow the language. */
export const mySubscriptionsQueryKey = (userId: string, language: string) =>
  [...ACCOUNT_QUERY_KEY, userId, 'subscriptions', language] as const;

/** `GET /api/me/subscriptions?lang=`: newest first, with the profile figures (active count, total spent). */
export function getMySubscriptions(language: string, signal?: AbortSignal): Promise<MySubscriptions> {
  return apiGet<MySubscriptions>('/api/me/subscriptions', { query: { lang: language }, signal });
}

export function useMySubscriptions(userId: string, language: string) {
  return useQuery({
    queryKey: mySubscriptionsQueryKey(userId, language),
    queryFn: ({ signal }) => getMySubscriptions(language, signal),
  });
}

/**
 * Shows what an action on one subscription changed at once, on every language's list, and marks the
 * lists stale so the next visit reads them again: the API's list follows its log and may trail the
 * action's answer by a moment.
 */
export function applyToMySubscription(
  queryClient: QueryClient,
  subscriptionId: string,
  change: Partial<UserSubscription>,
): Promise<void> {
  const lists = {
    queryKey: ACCOUNT_QUERY_KEY,
    predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[2] === 'subscriptions',
  };
  queryClient.setQueriesData<MySubscriptions>(
    lists,
    (list) =>
      list && {
        ...list,
        data: list.data.map((row) => (row.id === subscriptionId ? { ...row, ...change } : row)),
      },
  );
  return queryClient.invalidateQueries({ ...lists, refetchType: 'none' });
}
