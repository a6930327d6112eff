import { useCallback, useEffect, useState } from 'react';
import { apiGet } from '../../../lib/api-client';
import type { SubscriptionCredentials } from '../types';

/** `GET /api/me/subscriptions/:id/credentials?lang=`: only the owner's own, active subscription. */
export function getSubscriptionCredentials(
  subscriptionId: string,
  language: string,
  signal?: AbortSignal,
): Promise<SubscriptionCredentials> {
  return apiGet<SubscriptionCredentials>(`/api/me/subscriptions/${encodeURIComponent(subscriptionId)}/credentials`, {
    query: { lang: language },
    signal,
  });
}

export type CredentialsQuery =
  { status: 'loading' } | { status: 'success'; data: SubscriptionCredentials } | { status: 'error'; error: Error };

/**
 * Asks on every visit and keeps the answer only in this screen's state: unlike `useApiQuery`, no
 * cache shared across screens holds a password after the page is left.
 */
export function useSubscriptionCredentials(subscriptionId: string, userId: string, language: string) {
  const [state, setState] = useState<{ key: string; query: CredentialsQuery } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${userId}:${subscriptionId}:${language}:${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    getSubscriptionCredentials(subscriptionId, language, controller.signal).then(
      (data) => setState({ key, query: { status: 'success', data } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ key, query: { status: 'error', error: error instanceof Error ? error : new Error(String(error)) } });
      },
    );
    return () => controller.abort();
    // The key names the request (user, subscription, language, retry).
  }, [key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const query: CredentialsQuery = state?.key === key ? state.query : { status: 'loading' };
  return { query, retry };
}
