import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { NotificationSettings, NotificationSettingsPatch } from '@shop/contracts';
import { notificationSettingsQueryKey } from './get-notification-settings';

/** `PATCH /api/me/notification-settings` with the settings that change; answers them all. */
export function updateNotificationSettings(changes: NotificationSettingsPatch): Promise<NotificationSettings> {
  return apiRequest<NotificationSettings>('PATCH', '/api/me/notification-settings', { body: changes });
}

type Changes = NotificationSettingsPatch;

/**
 * Shown changed at once; on failure only the settings of that request go back to what they were
 * (another toggle sent meanwhile keeps its own fate). The settings are asked again once no change is
 * in flight, so the answer to one request never undoes a toggle still on its way.
 */
export function updateNotificationSettingsOptions(
  queryClient: QueryClient,
  userId: string,
): UseMutationOptions<NotificationSettings, Error, Changes, { previous: NotificationSettings | undefined }> {
  const queryKey = notificationSettingsQueryKey(userId);
  const mutationKey = [...queryKey, 'update'];
  return {
    mutationKey,
    mutationFn: updateNotificationSettings,
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<NotificationSettings>(queryKey);
      queryClient.setQueryData<NotificationSettings>(queryKey, (current) => current && { ...current, ...changes });
      return { previous };
    },
    onError: (_error, changes, context) => {
      const previous = context?.previous;
      if (!previous) return;
      const restored = Object.fromEntries(
        Object.keys(changes).map((setting) => [setting, previous[setting as keyof NotificationSettings]]),
      );
      queryClient.setQueryData<NotificationSettings>(queryKey, (current) => current && { ...current, ...restored });
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey }) === 1) void queryClient.invalidateQueries({ queryKey });
    },
  };
}

export function useUpdateNotificationSettings(userId: string) {
  return useMutation(updateNotificationSettingsOptions(useQueryClient(), userId));
}
