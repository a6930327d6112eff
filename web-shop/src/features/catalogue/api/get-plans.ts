import { apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import type { Plan } from '../types';

export interface GetPlansInput {
  language: string;
}

/** `GET /api/plans?lang=`: every plan on sale, in display order (filtering happens on screen). */
export async function getPlans(input: GetPlansInput, signal?: AbortSignal): Promise<Plan[]> {
  const body = await apiGet<{ data: Plan[] }>('/api/plans', { query: { lang: input.language }, signal });
  return body.data;
}

export function usePlans(input: GetPlansInput) {
  return useApiQuery(`plans:${input.language}`, (signal) => getPlans(input, signal));
}
