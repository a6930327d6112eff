import { apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import type { Plan } from '../types';

export interface GetPlanInput {
  id: string;
  language: string;
}

/** `GET /api/plans/:id?lang=`; an unknown id fails with an ApiError of code `plan.not_found`. */
export function getPlan(input: GetPlanInput, signal?: AbortSignal): Promise<Plan> {
  return apiGet<Plan>(`/api/plans/${encodeURIComponent(input.id)}`, { query: { lang: input.language }, signal });
}

export function usePlan(input: GetPlanInput) {
  return useApiQuery(`plan:${input.id}:${input.language}`, (signal) => getPlan(input, signal));
}
