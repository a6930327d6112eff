import type { DomainEvent } from '../shared/decider.js';

/** The shop runs one free offer at a time: one stream holds its settings and every claim. */
export const FREE_OFFER_STREAM_ID = 'free-offer';

/** The provider of a subscription obtained through the free offer: nothing was paid. */
export const FREE_OFFER_PROVIDER = 'free_offer';

/** The longest a free offer may last, as for a grant: ten years. */
export const FREE_OFFER_MAX_MONTHS = 120;

/** What the operator sets; a change replaces it whole. */
export interface FreeOfferTerms {
  planId: string;
  months: number;
  /** How many accounts may claim it in all, the places already claimed included. */
  places: number;
  active: boolean;
}

export type FreeOfferChanged = DomainEvent<'FreeOfferChanged', FreeOfferTerms & { changedAt: string }>;

/**
 * A customer took a place. `subscriptionId` is derived from the offer and the account, so the
 * subscription it gives is written once however often the claim is retried (ADR 0018).
 */
export type FreeOfferClaimed = DomainEvent<
  'FreeOfferClaimed',
  { userId: string; subscriptionId: string; planId: string; months: number; claimedAt: string }
>;

export type FreeOfferEvent = FreeOfferChanged | FreeOfferClaimed;

export const FREE_OFFER_EVENT_TYPES: ReadonlyArray<FreeOfferEvent['type']> = ['FreeOfferChanged', 'FreeOfferClaimed'];
