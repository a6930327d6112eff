import { createContext, useContext } from 'react';
import type { Profile } from '../types/api';

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

export const SessionContext = createContext<SessionContextValue | null>(null);

/** Whether someone is signed in, as `GET /api/me` answered; `loading` until the first answer. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider');
  return value;
}
