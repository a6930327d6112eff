import { apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

export interface SignInProvider {
  /** e.g. `google`. */
  name: string;
  /** A browser navigation (not a fetch) that starts the sign-in; `?returnTo=/path` comes back there. */
  startUrl: string;
}

/** `GET /api/auth/providers`: the external sign-in providers configured, none by default. */
export function getSignInProviders(signal?: AbortSignal): Promise<{ data: SignInProvider[] }> {
  return apiGet<{ data: SignInProvider[] }>('/api/auth/providers', { signal });
}

export function useSignInProviders() {
  return useApiQuery('sign-in-providers', (signal) => getSignInProviders(signal));
}
