import { z } from 'zod';
import { text } from './text.js';

/** `GET /api/free-offer`: the free offer while it runs and places remain (404 `free_offer.not_found` otherwise). */
export const freeOffer = z
  .object({
    planId: z.string(),
    /** The plan's name in the language asked for. */
    planName: z.string(),
    months: z.number().int(),
    placesLeft: z.number().int(),
    /** The signed-in customer already claimed it (always false for a visitor). */
    claimedByYou: z.boolean(),
  })
  .meta({ id: 'FreeOffer' });
export type FreeOffer = z.infer<typeof freeOffer>;

/** `POST /api/free-offer/claim`: the active subscription the claim gave. */
export const freeOfferClaimed = z.object({ subscriptionId: z.string() }).meta({ id: 'FreeOfferClaimed' });
export type FreeOfferClaimed = z.infer<typeof freeOfferClaimed>;

/** `PUT /api/admin/free-offer`: the operator's settings, replaced whole. */
export const adminFreeOfferSettings = z.strictObject({
  planId: text({ min: 1, max: 64 }),
  months: z.number().int().min(1).max(120).default(12),
  /** How many accounts may claim it in all, those that already did included. */
  places: z.number().int().min(0).max(1_000_000),
  active: z.boolean(),
});
export type AdminFreeOfferSettings = z.input<typeof adminFreeOfferSettings>;

/** `GET`/`PUT /api/admin/free-offer`: the settings (planId null until first set) and the places taken. */
export const adminFreeOffer = z
  .object({
    planId: z.string().nullable(),
    months: z.number().int(),
    places: z.number().int(),
    active: z.boolean(),
    claimed: z.number().int(),
    placesLeft: z.number().int(),
  })
  .meta({ id: 'AdminFreeOffer' });
export type AdminFreeOffer = z.infer<typeof adminFreeOffer>;
