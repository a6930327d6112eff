import { apiPost } from '../../../lib/api-client';

/** `POST /api/me/2fa/disable` with a current code or a recovery code; `two_factor.invalid_code` (400). */
export async function disableTwoFactor(code: string): Promise<void> {
  await apiPost<void>('/api/me/2fa/disable', { code });
}
