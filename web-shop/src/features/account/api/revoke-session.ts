import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQueryKey } from './get-sessions';

/** `DELETE /api/me/sessions/:id`: that device is signed out at once; `session.not_found` (404) once it is gone. */
export async function revokeSession(id: string): Promise<void> {
  await apiRequest<void>('DELETE', `/api/me/sessions/${encodeURIComponent(id)}`);
}

/** The list is asked again whatever the answer: a failure too may mean it is out of date. */
export function useRevokeSession(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey(userId) }),
  });
}
