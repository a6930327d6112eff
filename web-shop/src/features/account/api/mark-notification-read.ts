import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { changeNotifications } from '../lib/change-notifications';
import { notificationsQueryRoot } from './get-notifications';

/** `POST /api/me/notifications/:id/read`; `notification.not_found` (404) for someone else's. */
export async function markNotificationRead(id: string): Promise<void> {
  await apiPost<void>(`/api/me/notifications/${encodeURIComponent(id)}/read`);
}

export function useMarkNotificationRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (_, id) =>
      changeNotifications(queryClient, notificationsQueryRoot(userId), (list) =>
        list.map((notification) => (notification.id === id ? { ...notification, read: true } : notification)),
      ),
  });
}
