import { apiPost } from '../../../lib/api-client';

/** `POST /api/me/notifications/read-all`. */
export async function markAllNotificationsRead(): Promise<void> {
  await apiPost<void>('/api/me/notifications/read-all');
}
