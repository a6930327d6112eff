import { apiPost } from '../../../lib/api-client';

export interface SignInInput {
  email: string;
  password: string;
  /** Asked for when the first attempt fails with `auth.second_factor_required`. */
  totpCode?: string;
}

/**
 * `POST /api/auth/sign-in`: sets the session cookies. Fails with `auth.invalid_credentials`,
 * `auth.second_factor_required`, `auth.invalid_second_factor` (401) or `auth.account_locked` (429).
 */
export async function signIn(input: SignInInput): Promise<void> {
  await apiPost<unknown>('/api/auth/sign-in', input);
}
