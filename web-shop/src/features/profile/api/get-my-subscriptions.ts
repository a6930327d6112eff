import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import type { MySubscriptions } from '../types';

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
