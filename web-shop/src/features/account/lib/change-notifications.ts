import type { QueryClient, QueryKey } from '@tanstack/react-query';
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
