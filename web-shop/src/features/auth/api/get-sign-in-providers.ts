import type { SignInProviders } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { CATALOGUE_STALE_TIME } from '../../../lib/query-client';

export const signInProvidersQueryKey = ['sign-in-providers'] as const;

/** `GET /api/auth/providers`: the external sign-in providers configured, none by default. */
export function getSignInProviders(signal?: AbortSignal): Promise<SignInProviders> {
  return apiGet<SignInProviders>('/api/auth/providers', { signal });
}

/** The shop's configuration, which changes no more often than the catalogue. */
export function useSignInProviders() {
  return useQuery({
    queryKey: signInProvidersQueryKey,
    queryFn: ({ signal }) => getSignInProviders(signal),
    staleTime: CATALOGUE_STALE_TIME,
  });
}
