import { apiRequest } from '../../../lib/api-client';
import { useNotificationsChange } from '../lib/change-notifications';

/** `DELETE /api/me/notifications/:id`: gone for good; `notification.not_found` (404). */
export async function deleteNotification(id: string): Promise<void> {
  await apiRequest<void>('DELETE', `/api/me/notifications/${encodeURIComponent(id)}`);
}

export function useDeleteNotification(userId: string) {
  return useNotificationsChange(userId, deleteNotification, (list, id: string) =>
    list.filter((notification) => notification.id !== id),
  );
}
