import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { changeNotifications } from '../lib/change-notifications';
import { notificationsQueryRoot } from './get-notifications';

/** `POST /api/me/notifications/read-all`. */
export async function markAllNotificationsRead(): Promise<void> {
  await apiPost<void>('/api/me/notifications/read-all');
}

export function useMarkAllNotificationsRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () =>
      changeNotifications(queryClient, notificationsQueryRoot(userId), (list) =>
        list.map((notification) => ({ ...notification, read: true })),
      ),
  });
}
