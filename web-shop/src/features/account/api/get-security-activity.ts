import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiGet } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import type { SecurityActivity } from '@shop/contracts';

export const securityActivityQueryKey = (userId: string) =>
  [...ACCOUNT_QUERY_KEY, userId, 'security-activity'] as const;

/** The projection records a change's event a moment after the change: asked again this long after it. */
const PROJECTION_DELAY_MS = 800;

/** `GET /api/me/security-activity`: the 10 most recent security events, newest first. */
export function getSecurityActivity(signal?: AbortSignal): Promise<SecurityActivity> {
  return apiGet<SecurityActivity>('/api/me/security-activity', { signal });
}

export function useSecurityActivity(userId: string) {
  return useQuery({ queryKey: securityActivityQueryKey(userId), queryFn: ({ signal }) => getSecurityActivity(signal) });
}

/** After a change made on the security screen, so the list shows the event it recorded. */
export function useRefreshSecurityActivity(userId: string): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: securityActivityQueryKey(userId) }),
      PROJECTION_DELAY_MS,
    );
  }, [queryClient, userId]);
}
