import { apiPost } from '../../../lib/api-client';
import type { TwoFactorSetup } from '../types';

/** `POST /api/me/2fa/setup`: a new secret to scan; `two_factor.already_enabled` (409). */
export function setupTwoFactor(): Promise<TwoFactorSetup> {
  return apiPost<TwoFactorSetup>('/api/me/2fa/setup');
}
