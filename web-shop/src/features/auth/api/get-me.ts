import { apiGet } from '../../../lib/api-client';
import type { Profile } from '../types';

/** `GET /api/me`; signed out it fails with an ApiError of code `auth.required`. */
export function getMe(signal?: AbortSignal): Promise<Profile> {
  return apiGet<Profile>('/api/me', { signal });
}
