import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { getMe } from '../api/get-me';
import { signOut as signOutCall } from '../api/sign-out';
import { SessionContext, type Session, type SessionContextValue } from '../hooks/session-context';

const SIGNED_OUT: Session = { status: 'signedOut', user: undefined };

async function loadSession(signal?: AbortSignal): Promise<Session> {
  try {
    return { status: 'signedIn', user: await getMe(signal) };
  } catch (error) {
    if (signal?.aborted) throw error;
    // Signed out (401) and an unreachable API both leave the visitor signed out; the screens say why if it matters.
    if (!(error instanceof ApiError)) throw error;
    return SIGNED_OUT;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>({ status: 'loading', user: undefined });

  useEffect(() => {
    const controller = new AbortController();
    loadSession(controller.signal).then(setSession, () => undefined);
    return () => controller.abort();
  }, []);

  const reload = useCallback(async () => {
    const next = await loadSession();
    setSession(next);
    return next;
  }, []);

  const signOut = useCallback(async (scope: 'local' | 'global' = 'local') => {
    try {
      await signOutCall(scope);
    } catch (error) {
      // As the seeds say: an already-ended session (401, 403, 404) still counts as signed out.
      if (!(error instanceof ApiError) || ![401, 403, 404].includes(error.status)) throw error;
    }
    setSession(SIGNED_OUT);
  }, []);

  const value = useMemo<SessionContextValue>(() => ({ session, reload, signOut }), [session, reload, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
