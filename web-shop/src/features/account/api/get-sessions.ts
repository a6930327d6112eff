import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import type { AccountSessions } from '@shop/contracts';

export const sessionsQueryKey = (userId: string) => [...ACCOUNT_QUERY_KEY, userId, 'sessions'] as const;

/** `GET /api/me/sessions`: the account's open sessions, most recently used first (at most 50). */
export function getSessions(signal?: AbortSignal): Promise<AccountSessions> {
  return apiGet<AccountSessions>('/api/me/sessions', { signal });
}

export function useSessions(userId: string) {
  return useQuery({ queryKey: sessionsQueryKey(userId), queryFn: ({ signal }) => getSessions(signal) });
}
