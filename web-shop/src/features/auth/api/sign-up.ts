import type { CreatedAccount, SignUpRequest } from '@shop/contracts';
import { apiPost } from '../../../lib/api-client';

/** `POST /api/auth/sign-up` (201, no session: sign in next); a used e-mail fails with `auth.email_taken`. */
export function signUp(input: SignUpRequest): Promise<CreatedAccount> {
  return apiPost('/api/auth/sign-up', input);
}
