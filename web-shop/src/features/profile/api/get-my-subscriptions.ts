import { apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import type { MySubscriptions } from '../types';

/** `GET /api/me/subscriptions?lang=`: newest first, with the profile figures (active count, total spent). */
export function getMySubscriptions(language: string, signal?: AbortSignal): Promise<MySubscriptions> {
  return apiGet<MySubscriptions>('/api/me/subscriptions', { query: { lang: language }, signal });
}

/** Keyed by user so another account never sees the previous one's cached list. */
export function useMySubscriptions(userId: string, language: string) {
  return useApiQuery(`my-subscriptions:${userId}:${language}`, (signal) => getMySubscriptions(language, signal));
}
