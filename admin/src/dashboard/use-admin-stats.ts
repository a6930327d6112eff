import type { AdminStats } from '@shop/contracts';
import { useCallback, useEffect, useState } from 'react';
import { HttpError, useNotify } from 'react-admin';
import { fetchForEffect } from '../lib/http-client';

export interface AdminStatsState {
  stats: AdminStats | undefined;
  isPending: boolean;
  error: unknown;
  /** The server refused `asOf` as still to come (`stats.as_of_in_future`): no figures for it. */
  asOfInFuture: boolean;
  reload: () => void;
}

/** The API's stable code of a refusal, if the error is one. */
const codeOf = (error: unknown): unknown =>
  error instanceof HttpError ? (error.body as { code?: unknown } | null)?.code : undefined;

/**
 * `GET /api/admin/stats`: the dashboard's figures, which the Subscriptions and Credentials tabs'
 * counters read too. Asked again when `reloadKey` changes (the list they sit on was refreshed);
 * a failure is told once ('Erreur lors de la récupération des statistiques'). With `asOf`, the
 * figures as they stood at that instant (`?asOf=`, folded by the server from the event log); an
 * instant still to come is refused, and the screen says so instead of the figures (no toast).
 */
export function useAdminStats(reloadKey?: unknown, asOf?: Date | null): AdminStatsState {
  const notify = useNotify();
  const [state, setState] = useState<Omit<AdminStatsState, 'reload'>>({
    stats: undefined,
    isPending: true,
    error: undefined,
    asOfInFuture: false,
  });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const instant = asOf ? asOf.toISOString() : null;
  useEffect(
    () =>
      fetchForEffect(
        instant ? `/api/admin/stats?asOf=${encodeURIComponent(instant)}` : '/api/admin/stats',
        (json) => setState({ stats: json as AdminStats, isPending: false, error: undefined, asOfInFuture: false }),
        (error) => {
          if (codeOf(error) === 'stats.as_of_in_future') {
            // Not the figures of another instant under this one's date: none at all.
            setState({ stats: undefined, isPending: false, error, asOfInFuture: true });
            return;
          }
          setState((before) => ({ ...before, isPending: false, error, asOfInFuture: false }));
          notify('shop.dashboard.loadError', { type: 'error' });
        },
      ),
    [attempt, reloadKey, instant, notify],
  );

  return { ...state, reload };
}
