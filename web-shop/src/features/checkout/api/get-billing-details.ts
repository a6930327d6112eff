import { useQuery } from '@tanstack/react-query';
import type { BillingDetails } from '@shop/contracts';
import { ApiError, apiGet } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';

export const billingDetailsQueryKey = (userId: string) => [...ACCOUNT_QUERY_KEY, userId, 'billing'] as const;

/** `GET /api/me/billing`: what the customer's last order was billed to; null when nothing is remembered (404). */
export async function getBillingDetails(signal?: AbortSignal): Promise<BillingDetails | null> {
  try {
    return await apiGet<BillingDetails>('/api/me/billing', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The signed-in customer's remembered billing details, to preselect at the checkout and the renewal. */
export function useBillingDetails() {
  const { session } = useSession();
  const userId = session.user?.id;
  return useQuery({
    queryKey: billingDetailsQueryKey(userId ?? ''),
    queryFn: ({ signal }) => getBillingDetails(signal),
    enabled: userId !== undefined,
  });
}
