import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import type { Profile } from '../types/api';
import type { ACCOUNT_QUERY_KEY } from './query-client';

export type Session =
  | { status: 'loading'; user: undefined }
  | { status: 'signedIn'; user: Profile }
  | { status: 'signedOut'; user: undefined };

export interface SessionContextValue {
  session: Session;
  /** Asks `GET /api/me` again (after sign-in, for instance) and resolves once the answer is in. */
  reload: () => Promise<Session>;
  /** Signs out (tolerating an already-ended session) and forgets the user. */
  signOut: (scope?: 'local' | 'global') => Promise<void>;
}

/**
 * What the session provider shares: how to ask for the session, and its two actions. It never
 * changes: each screen observes the session's query itself, so an answer re-renders the screens
 * that read it and nothing else (a context whose value changed would reach every part of the page
 * still being hydrated, which React would then hydrate at once).
 */
export interface SessionSource {
  query: UseQueryOptions<Session, Error, Session, typeof ACCOUNT_QUERY_KEY>;
  reload: SessionContextValue['reload'];
  signOut: SessionContextValue['signOut'];
}

export const SessionContext = createContext<SessionSource | null>(null);

export const LOADING: Session = { status: 'loading', user: undefined };
export const SIGNED_OUT: Session = { status: 'signedOut', user: undefined };

/** Whether someone is signed in, as `GET /api/me` answered; `loading` until the first answer. */
export function useSession(): SessionContextValue {
  const source = useContext(SessionContext);
  if (!source) throw new Error('useSession needs a SessionProvider');
  const query = useQuery(source.query);
  // Only an error other than the API's (a bug) gets here; the visitor is then treated as signed out.
  const session = query.status === 'success' ? query.data : query.status === 'error' ? SIGNED_OUT : LOADING;
  const { reload, signOut } = source;
  return useMemo(() => ({ session, reload, signOut }), [session, reload, signOut]);
}
