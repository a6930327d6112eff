import type { PasswordChangeRequest } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { sessionsQueryKey } from './get-sessions';

/**
 * `POST /api/me/password` (204): the current password is checked and the other sessions end.
 * Fails with `auth.current_password_incorrect` (400), `auth.password_checks_exhausted` (429, too many tried
 * in the hour) or `validation.failed`.
 */
export async function changePassword(input: PasswordChangeRequest): Promise<void> {
  await apiPost<void>('/api/me/password', input);
}

/** The other sessions have ended: the list of sessions is asked again. */
export function useChangePassword(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionsQueryKey(userId) }),
  });
}
