import type { SignOutRequest } from '@shop/contracts';
import { apiPost } from '../../../lib/api-client';

/** `POST /api/auth/sign-out`: `local` ends this device's session, `global` every session. */
export async function signOut(scope: NonNullable<SignOutRequest['scope']> = 'local'): Promise<void> {
  await apiPost<void>('/api/auth/sign-out', { scope });
}
