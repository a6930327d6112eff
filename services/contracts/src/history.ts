import { z } from 'zod';
import { cents } from './money.js';
import { subscriptionOrderFields } from './subscriptions.js';

export const HISTORY_ACTOR_TYPES = ['customer', 'admin', 'system', 'provider', 'unknown'] as const;

/**
 * One event of a record's history, as an auditor reads it: where it sits in the log, who did it
 * (with a name the back-office can show), what caused it, one sentence in the reader's language,
 * and its data, personal data shown only while the person is not erased.
 */
export const historyEntry = z
  .object({
    /** The event's id: another entry's `causationId` points at it. */
    id: z.string(),
    /** Its place in the whole log. */
    position: z.number().int(),
    streamId: z.string(),
    /** Its place in its stream, 1 for the first. */
    version: z.number().int(),
    type: z.string(),
    recordedAt: z.string(),
    actor: z.object({
      type: z.enum(HISTORY_ACTOR_TYPES),
      id: z.string().nullable(),
      /** The person's name (`[erased]` after an erasure), the provider's, or what the system job is. */
      name: z.string(),
    }),
    correlationId: z.string().nullable(),
    causationId: z.string().nullable(),
    /** One sentence in the language asked for (`?lang=` or Accept-Language). */
    summary: z.string(),
    data: z.record(z.string(), z.unknown()),
    /** The subscription the event belongs to (its plan's name and its id), in a customer's history; null otherwise. */
    subscription: z.object({ id: z.string(), planName: z.string() }).nullable().optional(),
  })
  .meta({ id: 'HistoryEntry' });
export type HistoryEntry = z.infer<typeof historyEntry>;

/** `GET /api/admin/{subscriptions,users}/:id/history`: one page; the total is in Content-Range. */
export const historyPage = z.array(historyEntry);
export type HistoryPage = z.infer<typeof historyPage>;

/**
 * `GET /api/admin/subscriptions/:id?asOf=`: the subscription as it stood at that instant, folded
 * from the events recorded up to then by the domain's own evolve function.
 */
export const subscriptionAsOf = z
  .object({
    id: z.string(),
    /** The instant asked for. */
    asOf: z.string(),
    ...subscriptionOrderFields,
    /** What the customer paid for it (after any discount). */
    totalCents: cents,
    currency: z.string(),
    paymentReference: z.string().nullable(),
    expiresAt: z.string().nullable(),
    credentialsId: z.string().nullable(),
    /** The version of that credential set assigned; null when unknown (assigned before sets had versions). */
    credentialsVersion: z.number().int().nullable(),
    refunded: z.boolean(),
    voided: z.boolean(),
    /** How many of its events were recorded by then, and the last of them. */
    version: z.number().int(),
    lastEventType: z.string(),
    lastEventAt: z.string(),
  })
  .meta({ id: 'SubscriptionAsOf' });
export type SubscriptionAsOf = z.infer<typeof subscriptionAsOf>;

/** An instant in ISO 8601 with its offset (`2026-11-24T12:00:00Z`, `2026-11-24T13:00:00+01:00`). */
export const asOfInstant = z.iso
  .datetime({ offset: true })
  .describe('ISO 8601 instant with offset, e.g. 2026-11-24T12:00:00Z')
  .transform((value) => new Date(value));

/** `?asOf=`: the state as it stood at that instant. */
export const asOfQuery = z.object({ asOf: asOfInstant.optional() });

/** `?sort=["position","DESC"]&range=[0,49]` on a history. */
export const HISTORY_ORDERS = ['asc', 'desc'] as const;

/**
 * One reading of a credential set's password (`CredentialsRevealed`): who read which set, at which
 * version, when, and through which subscription for a customer.
 */
export const credentialReveal = z
  .object({
    /** The reading's own id. */
    id: z.string(),
    credentialSetId: z.string(),
    /** Null for a reading carried over from before versions were noted. */
    credentialsVersion: z.number().int().nullable(),
    subscriptionId: z.string().nullable(),
    userId: z.string(),
    /** The reader's name or e-mail address now (`[erased]` after an erasure). */
    userName: z.string().nullable(),
    viewer: z.enum(['admin', 'customer']),
    revealedAt: z.string(),
    /** Its place in the log. */
    position: z.number().int(),
    carriedOver: z.boolean(),
    /** Why the reader asked (support must say; an owner may), as recorded with the reading; null when none was given. */
    reason: z.string().nullable(),
  })
  .meta({ id: 'CredentialReveal' });
export type CredentialReveal = z.infer<typeof credentialReveal>;

/** `GET /api/admin/credential-reveals`: one page; the total is in Content-Range. */
export const credentialRevealPage = z.array(credentialReveal);

/** The shop's time zone, in which the back-office and `shopctl` show instants. */
export const shopTimeZone = z.object({ timeZone: z.string() }).meta({ id: 'ShopTimeZone' });
export type ShopTimeZone = z.infer<typeof shopTimeZone>;
