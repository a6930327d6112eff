import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { notificationsQueryRoot } from '../api/get-notifications';
import type { NotificationList, UserNotification } from '../types';

/**
 * After a change the server accepted: the lists on screen show it at once (with their unread count),
 * then every language's list is asked again.
 */
export function changeNotifications(
  queryClient: QueryClient,
  root: QueryKey,
  change: (list: UserNotification[]) => UserNotification[],
): void {
  queryClient.setQueriesData<NotificationList>({ queryKey: root }, (current) => {
    if (!current) return current;
    const data = change(current.data);
    return { data, unread: data.filter((notification) => !notification.read).length };
  });
  void queryClient.invalidateQueries({ queryKey: root });
}

/** A change to the user's notifications: sent with `send`, then shown at once in their lists by `change`. */
export function useNotificationsChange<Variables>(
  userId: string,
  send: (variables: Variables) => Promise<void>,
  change: (list: UserNotification[], variables: Variables) => UserNotification[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_, variables) =>
      changeNotifications(queryClient, notificationsQueryRoot(userId), (list) => change(list, variables)),
  });
}
