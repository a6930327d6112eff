import { apiRequest } from '../../../lib/api-client';

/** `DELETE /api/me/notifications/:id`: gone for good; `notification.not_found` (404). */
export async function deleteNotification(id: string): Promise<void> {
  await apiRequest<void>('DELETE', `/api/me/notifications/${encodeURIComponent(id)}`);
}
