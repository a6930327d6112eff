import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet, holdsSession } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import { SIGNED_OUT, type Session } from '../../../lib/session';
import type { Profile } from '../../../types/api';

/** The profile, the session's user: `['me']` exactly, the root of every account answer's key. */
export const profileQueryKey = ACCOUNT_QUERY_KEY;

/** `GET /api/me`; signed out it fails with an ApiError of code `auth.required`. */
export function getMe(signal?: AbortSignal): Promise<Profile> {
  return apiGet<Profile>('/api/me', { signal });
}

/**
 * `GET /api/me` as a session: a failure of the API (401 above all) is a signed-out visitor. A
 * browser without a session's cookies is signed out without asking (no 401 on every visitor's page).
 */
export async function getSession(signal?: AbortSignal): Promise<Session> {
  if (!holdsSession()) return SIGNED_OUT;
  try {
    return { status: 'signedIn', user: await getMe(signal) };
  } catch (error) {
    if (signal?.aborted) throw error;
    // Signed out (401) and an unreachable API both leave the visitor signed out; the screens say why if it matters.
    if (!(error instanceof ApiError)) throw error;
    return SIGNED_OUT;
  }
}

/**
 * Asked once per page load, however many components observe it; again when a change invalidates
 * it (a payment, a new name, two-factor) or a sign-in reloads it.
 */
export const sessionQuery = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => getSession(signal),
  staleTime: Infinity,
});
