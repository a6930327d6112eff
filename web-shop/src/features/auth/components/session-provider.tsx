import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getSession, profileQueryKey, SIGNED_OUT, useSessionQuery } from '../api/get-me';
import { signOut as signOutCall } from '../api/sign-out';
import { SessionContext, type Session, type SessionContextValue } from '../../../lib/session';

const LOADING: Session = { status: 'loading', user: undefined };

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useSessionQuery();
  // Only an error other than the API's (a bug) gets here; the visitor is then treated as signed out.
  const session = query.status === 'success' ? query.data : query.status === 'error' ? SIGNED_OUT : LOADING;

  const reload = useCallback(
    () =>
      queryClient.fetchQuery({ queryKey: profileQueryKey, queryFn: ({ signal }) => getSession(signal), staleTime: 0 }),
    [queryClient],
  );

  const signOut = useCallback(
    async (scope: 'local' | 'global' = 'local') => {
      try {
        await signOutCall(scope);
      } catch (error) {
        // As the seeds say: an already-ended session (401, 403, 404) still counts as signed out.
        if (!(error instanceof ApiError) || ![401, 403, 404].includes(error.status)) throw error;
      }
      // Nothing of the account stays in memory once signed out.
      queryClient.removeQueries({ queryKey: profileQueryKey, predicate: (cached) => cached.queryKey.length > 1 });
      queryClient.setQueryData(profileQueryKey, SIGNED_OUT);
    },
    [queryClient],
  );

  const value = useMemo<SessionContextValue>(() => ({ session, reload, signOut }), [session, reload, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
