import type { AdminStats } from '@shop/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { httpClient } from '../lib/http-client';

export interface AdminStatsState {
  stats: AdminStats | undefined;
  isPending: boolean;
  error: unknown;
  reload: () => void;
}

/**
 * `GET /api/admin/stats`: the dashboard's figures, which the Subscriptions and Credentials tabs'
 * counters read too. Asked again when `reloadKey` changes (the list they sit on was refreshed);
 * a failure is told once ('Erreur lors de la récupération des statistiques'). With `asOf`, the
 * figures as they stood at that instant (`?asOf=`, folded by the server from the event log).
 */
export function useAdminStats(reloadKey?: unknown, asOf?: Date | null): AdminStatsState {
  const notify = useNotify();
  const [state, setState] = useState<Omit<AdminStatsState, 'reload'>>({
    stats: undefined,
    isPending: true,
    error: undefined,
  });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const instant = asOf ? asOf.toISOString() : null;
  useEffect(() => {
    let current = true;
    httpClient(instant ? `/api/admin/stats?asOf=${encodeURIComponent(instant)}` : '/api/admin/stats').then(
      ({ json }) => {
        if (current) setState({ stats: json as AdminStats, isPending: false, error: undefined });
      },
      (error: unknown) => {
        if (!current) return;
        setState((before) => ({ ...before, isPending: false, error }));
        notify('shop.dashboard.loadError', { type: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, reloadKey, instant, notify]);

  return { ...state, reload };
}
