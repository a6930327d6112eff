import { QueryClient, useQuery, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * Every answer of `/api/me` and `/api/me/*` has a query key starting with this, so a change that
 * touches the whole account (a payment, a sign-out) invalidates or forgets them all at once without
 * one feature importing another's keys. `['me']` alone is the profile; the others go on with the
 * user's id, so another account never sees the previous one's answers.
 */
export const ACCOUNT_QUERY_KEY = ['me'] as const;

/** The catalogue changes when the back-office edits it, rarely: a visit within this time asks nothing. */
export const CATALOGUE_STALE_TIME = 5 * 60_000;

const MAX_RETRIES = 2;

/** A 4xx says what is wrong with the request or the visitor's rights: asking again answers the same. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // As before: a screen shows the last answer at once and asks again on every visit.
        staleTime: 0,
        // An answer no screen has shown for five minutes is evicted.
        gcTime: 5 * 60_000,
        retry: shouldRetry,
        // A screen asks when it is shown, not each time the window takes the focus back.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** A piece of the shop's configuration, which changes no more often than the catalogue. */
export function useShopConfiguration<Data>(queryKey: QueryKey, fetch: (signal: AbortSignal) => Promise<Data>) {
  return useQuery({ queryKey, queryFn: ({ signal }) => fetch(signal), staleTime: CATALOGUE_STALE_TIME });
}
