import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import type { NotificationSettings } from '../types';

export const notificationSettingsQueryKey = (userId: string) =>
  [...ACCOUNT_QUERY_KEY, userId, 'notification-settings'] as const;

/** `GET /api/me/notification-settings`: all on but promotional e-mails until changed. */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return apiGet<NotificationSettings>('/api/me/notification-settings', { signal });
}

export function useNotificationSettings(userId: string) {
  return useQuery({
    queryKey: notificationSettingsQueryKey(userId),
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });
}
