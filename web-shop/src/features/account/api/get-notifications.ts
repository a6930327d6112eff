import { apiGet } from '../../../lib/api-client';
import type { NotificationList } from '../types';

/** `GET /api/me/notifications?lang=`: newest first (at most 100), with the unread count. */
export function getNotifications(language: string, signal?: AbortSignal): Promise<NotificationList> {
  return apiGet<NotificationList>('/api/me/notifications', { query: { lang: language }, signal });
}
