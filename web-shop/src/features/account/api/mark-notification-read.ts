import { apiPost } from '../../../lib/api-client';

/** `POST /api/me/notifications/:id/read`; `notification.not_found` (404) for someone else's. */
export async function markNotificationRead(id: string): Promise<void> {
  await apiPost<void>(`/api/me/notifications/${encodeURIComponent(id)}/read`);
}
