import type { SignedInSession, SignInRequest } from '@shop/contracts';
import { apiPost } from '../../../lib/api-client';

/**
 * `POST /api/auth/sign-in`: sets the session cookies. Fails with `auth.invalid_credentials`,
 * `auth.second_factor_required`, `auth.invalid_second_factor` (401) or `auth.account_locked` (429).
 */
export async function signIn(input: SignInRequest): Promise<void> {
  await apiPost<SignedInSession>('/api/auth/sign-in', input);
}
