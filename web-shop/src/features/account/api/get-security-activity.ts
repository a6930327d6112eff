import { apiGet } from '../../../lib/api-client';
import type { SecurityEvent } from '../types';

/** `GET /api/me/security-activity`: the 10 most recent security events, newest first. */
export function getSecurityActivity(signal?: AbortSignal): Promise<{ data: SecurityEvent[] }> {
  return apiGet<{ data: SecurityEvent[] }>('/api/me/security-activity', { signal });
}
