import { apiRequest } from '../../../lib/api-client';
import type { Profile } from '../../auth/types';

/** `PATCH /api/me`: changes the full name (1 to 100 characters); answers the profile. */
export function updateProfile(input: { fullName: string }): Promise<Profile> {
  return apiRequest<Profile>('PATCH', '/api/me', { body: input });
}
