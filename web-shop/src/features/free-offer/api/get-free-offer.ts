import type { FreeOffer } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api-client';

/** Per language and per person: whether they already claimed it is part of the answer. */
export const freeOfferQueryKey = (language: string, userId: string | null) => ['free-offer', language, userId] as const;

/** `GET /api/free-offer?lang=`: the offer while it runs with places left; null when there is none (404). */
export async function getFreeOffer(language: string, signal?: AbortSignal): Promise<FreeOffer | null> {
  try {
    return await apiGet<FreeOffer>('/api/free-offer', { query: { lang: language }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'free_offer.not_found') return null;
    throw error;
  }
}

export function useFreeOffer(language: string, userId: string | null) {
  return useQuery({
    queryKey: freeOfferQueryKey(language, userId),
    queryFn: ({ signal }) => getFreeOffer(language, signal),
  });
}
