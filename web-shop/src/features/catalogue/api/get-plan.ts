import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { CATALOGUE_STALE_TIME } from '../../../lib/query-client';
import type { Plan } from '../../../types/api';

export interface GetPlanInput {
  id: string;
  language: string;
}

export const planQueryKey = (input: GetPlanInput) => ['plan', input.id, input.language] as const;

/** `GET /api/plans/:id?lang=`; an unknown id fails with an ApiError of code `plan.not_found`. */
export function getPlan(input: GetPlanInput, signal?: AbortSignal): Promise<Plan> {
  return apiGet<Plan>(`/api/plans/${encodeURIComponent(input.id)}`, { query: { lang: input.language }, signal });
}

export function usePlan(input: GetPlanInput) {
  return useQuery({
    queryKey: planQueryKey(input),
    queryFn: ({ signal }) => getPlan(input, signal),
    staleTime: CATALOGUE_STALE_TIME,
  });
}
