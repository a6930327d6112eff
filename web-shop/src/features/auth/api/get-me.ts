import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import type { Session } from '../../../lib/session';
import type { Profile } from '../../../types/api';

/** The profile, the session's user: `['me']` exactly, the root of every account answer's key. */
export const profileQueryKey = ACCOUNT_QUERY_KEY;

export const SIGNED_OUT: Session = { status: 'signedOut', user: undefined };

/** `GET /api/me`; signed out it fails with an ApiError of code `auth.required`. */
export function getMe(signal?: AbortSignal): Promise<Profile> {
  return apiGet<Profile>('/api/me', { signal });
}

/** `GET /api/me` as a session: a failure of the API (401 above all) is a signed-out visitor. */
export async function getSession(signal?: AbortSignal): Promise<Session> {
  try {
    return { status: 'signedIn', user: await getMe(signal) };
  } catch (error) {
    if (signal?.aborted) throw error;
    // Signed out (401) and an unreachable API both leave the visitor signed out; the screens say why if it matters.
    if (!(error instanceof ApiError)) throw error;
    return SIGNED_OUT;
  }
}

/** Asked once per page load; again when a change invalidates it (a payment, a new name, two-factor). */
export function useSessionQuery() {
  return useQuery({ queryKey: profileQueryKey, queryFn: ({ signal }) => getSession(signal) });
}
