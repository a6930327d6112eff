import { useContext } from 'react';
import { SessionContext, type SessionContextValue } from './session-context';

/** Whether someone is signed in, as `GET /api/me` answered; `loading` until the first answer. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider');
  return value;
}
