import type { RecoveryCodes } from '@shop/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * `POST /api/me/2fa/enable` with a code from the app: two-factor sign-in is on and the ten
 * single-use recovery codes come back, this once. `two_factor.invalid_code` (400).
 */
export function enableTwoFactor(code: string): Promise<RecoveryCodes> {
  return apiPost<RecoveryCodes>('/api/me/2fa/enable', { code });
}
