import { apiRequest } from '../../../lib/api-client';

/** `DELETE /api/me/sessions/:id`: that device is signed out at once; `session.not_found` (404) once it is gone. */
export async function revokeSession(id: string): Promise<void> {
  await apiRequest<void>('DELETE', `/api/me/sessions/${encodeURIComponent(id)}`);
}
