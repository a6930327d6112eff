import type { PasswordResetConfirmRequest } from '@shop/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * `POST /api/auth/password-reset/confirm` (204) with the token from the e-mail: the password is
 * changed and every session of the account ends. `auth.reset_token_invalid` (400) when the link
 * is unknown, expired or already used.
 */
export async function confirmPasswordReset(input: PasswordResetConfirmRequest): Promise<void> {
  await apiPost<void>('/api/auth/password-reset/confirm', input);
}
