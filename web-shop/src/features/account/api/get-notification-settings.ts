import { apiGet } from '../../../lib/api-client';
import type { NotificationSettings } from '../types';

/** `GET /api/me/notification-settings`: all on but promotional e-mails until changed. */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return apiGet<NotificationSettings>('/api/me/notification-settings', { signal });
}
