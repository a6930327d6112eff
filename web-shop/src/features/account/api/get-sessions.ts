import { apiGet } from '../../../lib/api-client';
import type { AccountSession } from '../types';

/** `GET /api/me/sessions`: the account's open sessions, most recently used first (at most 50). */
export function getSessions(signal?: AbortSignal): Promise<{ data: AccountSession[] }> {
  return apiGet<{ data: AccountSession[] }>('/api/me/sessions', { signal });
}
