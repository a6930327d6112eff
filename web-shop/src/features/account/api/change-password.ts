import { apiPost } from '../../../lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/**
 * `POST /api/me/password` (204): the current password is checked and the other sessions end.
 * Fails with `auth.current_password_incorrect` (400) or `validation.failed`.
 */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiPost<void>('/api/me/password', input);
}
