import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { CATALOGUE_STALE_TIME } from '../../../lib/query-client';
import type { Plan, PlanList } from '@shop/contracts';

export interface GetPlansInput {
  language: string;
}

/** The plans are written in the language asked for: each language has its own answer. */
export const plansQueryKey = (input: GetPlansInput) => ['plans', input.language] as const;

/** `GET /api/plans?lang=`: every plan on sale, in display order (filtering happens on screen). */
export async function getPlans(input: GetPlansInput, signal?: AbortSignal): Promise<Plan[]> {
  const body = await apiGet<PlanList>('/api/plans', { query: { lang: input.language }, signal });
  return body.data;
}

export function usePlans(input: GetPlansInput) {
  return useQuery({
    queryKey: plansQueryKey(input),
    queryFn: ({ signal }) => getPlans(input, signal),
    staleTime: CATALOGUE_STALE_TIME,
  });
}
