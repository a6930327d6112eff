import type { PasswordResetAccepted, PasswordResetRequest } from '@shop/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * `POST /api/auth/password-reset` (202): the same answer whether or not an account uses the
 * address; a link is e-mailed if one does. `auth.password_reset_rate_limited` (429).
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const body: PasswordResetRequest = { email };
  await apiPost<PasswordResetAccepted>('/api/auth/password-reset', body);
}
