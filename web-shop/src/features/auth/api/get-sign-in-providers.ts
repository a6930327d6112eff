import type { SignInProviders } from '@shop/contracts';
import { apiGet } from '../../../lib/api-client';
import { useShopConfiguration } from '../../../lib/query-client';

export const signInProvidersQueryKey = ['sign-in-providers'] as const;

/** `GET /api/auth/providers`: the external sign-in providers configured, none by default. */
export function getSignInProviders(signal?: AbortSignal): Promise<SignInProviders> {
  return apiGet<SignInProviders>('/api/auth/providers', { signal });
}

export function useSignInProviders() {
  return useShopConfiguration(signInProvidersQueryKey, getSignInProviders);
}
