import type { FreeOfferClaimed } from '@shop/contracts';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** `POST /api/free-offer/claim`: the subscription the offer gave; a refusal is an ApiError with its `code`. */
export function claimFreeOffer(): Promise<FreeOfferClaimed> {
  return apiRequest<FreeOfferClaimed>('POST', '/api/free-offer/claim');
}

const SHOWN_POLL_MS = 250;
const SHOWN_WAIT_MS = 10_000;

/**
 * Waits (a few seconds at most) until `GET /api/me/subscriptions` lists the subscription, so the
 * profile the customer lands on shows it: the lists are built from the log just after the claim.
 */
export async function waitUntilListed(subscriptionId: string): Promise<void> {
  const until = Date.now() + SHOWN_WAIT_MS;
  while (Date.now() < until) {
    const mine = await apiGet<{ data: Array<{ id: string }> }>('/api/me/subscriptions');
    if (mine.data.some((subscription) => subscription.id === subscriptionId)) return;
    await new Promise((resolve) => setTimeout(resolve, SHOWN_POLL_MS));
  }
}
