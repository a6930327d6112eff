import { apiPost } from '../../../lib/api-client';

export interface SignUpInput {
  email: string;
  password: string;
  fullName: string;
}

/** `POST /api/auth/sign-up` (201, no session: sign in next); a used e-mail fails with `auth.email_taken`. */
export function signUp(input: SignUpInput): Promise<{ id: string; email: string; fullName: string }> {
  return apiPost('/api/auth/sign-up', input);
}
