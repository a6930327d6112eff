import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import type { Profile, ProfileUpdateRequest } from '@shop/contracts';

/** `PATCH /api/me`: changes the full name (1 to 100 characters); answers the profile. */
export function updateProfile(input: ProfileUpdateRequest): Promise<Profile> {
  return apiRequest<Profile>('PATCH', '/api/me', { body: input });
}

/** Settles once the profile (`GET /api/me`, the session's user) has been asked again, so every screen shows the name. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY, exact: true }),
  });
}
