import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { SessionContext, SIGNED_OUT, type SessionSource } from '../../../lib/session';
import { getSession, profileQueryKey, sessionQuery } from '../api/get-me';
import { signOut as signOutCall } from '../api/sign-out';

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();

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

  const source = useMemo<SessionSource>(() => ({ query: sessionQuery, reload, signOut }), [reload, signOut]);
  return <SessionContext.Provider value={source}>{children}</SessionContext.Provider>;
}
