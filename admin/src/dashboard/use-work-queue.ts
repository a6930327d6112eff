import type { WorkQueue } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { httpClient } from '../lib/http-client';

/** How often the menu's badge and the dashboard's queue ask again while the back-office is open. */
export const WORK_QUEUE_REFRESH_MS = 60_000;

/**
 * `GET /api/admin/work-queue`: what waits for the operator now. The menu's badge and the
 * dashboard read the same query, asked again every minute (and by the app bar's refresh button).
 */
export function useWorkQueue() {
  return useQuery({
    queryKey: ['work-queue'],
    queryFn: async () => (await httpClient('/api/admin/work-queue')).json as WorkQueue,
    refetchInterval: WORK_QUEUE_REFRESH_MS,
  });
}
