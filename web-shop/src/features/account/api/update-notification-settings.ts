import { apiRequest } from '../../../lib/api-client';
import type { NotificationSettings } from '../types';

/** `PATCH /api/me/notification-settings` with the settings that change; answers them all. */
export function updateNotificationSettings(changes: Partial<NotificationSettings>): Promise<NotificationSettings> {
  return apiRequest<NotificationSettings>('PATCH', '/api/me/notification-settings', { body: changes });
}
