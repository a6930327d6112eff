import type { SecondFactorRequest, SignedInSession } from '@shop/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * `POST /api/auth/sign-in/second-factor`: completes a sign-in the server held for its second factor
 * (after an external provider; the hold travels in an HttpOnly cookie) and sets the session cookies.
 * Fails with `auth.invalid_second_factor`, `auth.second_factor_expired` (401) or `auth.account_locked` (429).
 */
export async function completeHeldSignIn(input: SecondFactorRequest): Promise<void> {
  await apiPost<SignedInSession>('/api/auth/sign-in/second-factor', input);
}
