import { apiPost } from '../../../lib/api-client';
import { useNotificationsChange } from '../lib/change-notifications';

/** `POST /api/me/notifications/:id/read`; `notification.not_found` (404) for someone else's. */
export async function markNotificationRead(id: string): Promise<void> {
  await apiPost<void>(`/api/me/notifications/${encodeURIComponent(id)}/read`);
}

export function useMarkNotificationRead(userId: string) {
  return useNotificationsChange(userId, markNotificationRead, (list, id: string) =>
    list.map((notification) => (notification.id === id ? { ...notification, read: true } : notification)),
  );
}
