import { apiPost } from '../../../lib/api-client';
import { useNotificationsChange } from '../lib/change-notifications';

/** `POST /api/me/notifications/read-all`. */
export async function markAllNotificationsRead(): Promise<void> {
  await apiPost<void>('/api/me/notifications/read-all');
}

export function useMarkAllNotificationsRead(userId: string) {
  return useNotificationsChange(userId, markAllNotificationsRead, (list) =>
    list.map((notification) => ({ ...notification, read: true })),
  );
}
