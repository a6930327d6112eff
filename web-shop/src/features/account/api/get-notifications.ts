import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import type { NotificationList } from '../types';

/** Every language's list of the user's notifications: what a change to one of them makes stale. */
export const notificationsQueryRoot = (userId: string) => [...ACCOUNT_QUERY_KEY, userId, 'notifications'] as const;

/** The titles and messages are written in the language asked for. */
export const notificationsQueryKey = (userId: string, language: string) =>
  [...notificationsQueryRoot(userId), language] as const;

/** `GET /api/me/notifications?lang=`: newest first (at most 100), with the unread count. */
export function getNotifications(language: string, signal?: AbortSignal): Promise<NotificationList> {
  return apiGet<NotificationList>('/api/me/notifications', { query: { lang: language }, signal });
}

export function useNotifications(userId: string, language: string) {
  return useQuery({
    queryKey: notificationsQueryKey(userId, language),
    queryFn: ({ signal }) => getNotifications(language, signal),
  });
}
