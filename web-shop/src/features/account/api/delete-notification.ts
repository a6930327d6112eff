import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { changeNotifications } from '../lib/change-notifications';
import { notificationsQueryRoot } from './get-notifications';

/** `DELETE /api/me/notifications/:id`: gone for good; `notification.not_found` (404). */
export async function deleteNotification(id: string): Promise<void> {
  await apiRequest<void>('DELETE', `/api/me/notifications/${encodeURIComponent(id)}`);
}

export function useDeleteNotification(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: (_, id) =>
      changeNotifications(queryClient, notificationsQueryRoot(userId), (list) =>
        list.filter((notification) => notification.id !== id),
      ),
  });
}
