import { API_KEY_NAME_MAX_LENGTH, API_KEY_REVOCATION_REASON_MAX_LENGTH, API_KEY_SCOPES } from '@shop/domain';
import { z } from 'zod';
import { identifier, text } from './text.js';

/**
 * API keys (docs/adr/0034-api-keys.md): the one list of scopes, which the back-office's form and
 * the API's checks share, and the shapes of `/api/admin/api-keys` and `/api/events`.
 */
export { API_KEY_SCOPES, API_KEY_NAME_MAX_LENGTH } from '@shop/domain';
export type { ApiKeyScope } from '@shop/domain';

/** What every key starts with, so a key found in a log or a repository is recognised as one. */
export const API_KEY_PREFIX = 'sk_';

const apiKeyScope = z.enum(API_KEY_SCOPES);

/** `POST /api/admin/api-keys`. */
export const createApiKeyRequest = z
  .strictObject({
    name: text({ min: 1, max: API_KEY_NAME_MAX_LENGTH }),
    scopes: z
      .array(apiKeyScope)
      .min(1, 'At least one scope')
      .max(API_KEY_SCOPES.length * 2),
  })
  .meta({ id: 'ApiKeyInput' });
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequest>;

/** The answer to a creation: the key, shown this once. */
export const createdApiKey = z
  .object({
    id: z.string(),
    key: z.string().describe('The key itself (`sk_` and 43 characters): shown this once, never again'),
  })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

/** A key as the back-office lists it: never the key, nor its hash. */
export const apiKeySummary = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(apiKeyScope),
    prefix: z.string().describe('The first characters of the key, to recognise it'),
    createdAt: z.string(),
    createdBy: z.string(),
    revokedAt: z.string().nullable(),
    revokedBy: z.string().nullable(),
    lastUsedAt: z.string().nullable().describe('To the minute: a key in use is noted at most once a minute'),
  })
  .meta({ id: 'ApiKeySummary' });
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

/** `GET /api/admin/api-keys`: a page of the list. */
export const apiKeyList = z.array(apiKeySummary);

export const apiKeyParams = z.object({ id: identifier(64) });

/** `DELETE /api/admin/api-keys/:id`: why, optionally (kept with the revocation). */
export const revokeApiKeyQuery = z.strictObject({
  reason: text({ min: 1, max: API_KEY_REVOCATION_REASON_MAX_LENGTH }).optional(),
});

export const revokedApiKey = z.object({ id: z.string(), revokedAt: z.string() }).meta({ id: 'RevokedApiKey' });
export type RevokedApiKey = z.infer<typeof revokedApiKey>;

/** The most events one page of `GET /api/events` gives, and how many without `limit`. */
export const EVENT_FEED_LIMITS = { default: 100, max: 1000 } as const;

/** `GET /api/events`. */
export const eventFeedQuery = z.strictObject({
  after: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .describe('The position of the last event read (0, or absent, for the start of the log)'),
  limit: z.coerce.number().int().min(1).max(EVENT_FEED_LIMITS.max).default(EVENT_FEED_LIMITS.default),
});

/** An event as it leaves the shop, on the feed and in webhook deliveries alike. */
export const outwardEvent = z
  .object({
    id: z.string(),
    type: z.string(),
    position: z.number().int().describe("The event's position in the whole log"),
    recordedAt: z.string(),
    streamId: z.string(),
    data: z
      .record(z.string(), z.unknown())
      .describe("The event's data; personal data only for a key with read:personal-data, secrets never"),
  })
  .meta({ id: 'OutwardEvent' });

export const eventFeedPage = z
  .object({
    events: z.array(outwardEvent),
    next: z
      .number()
      .int()
      .describe(
        'Send it back as `after` for the following events: the position of the last one given, or `after` when none',
      ),
  })
  .meta({ id: 'EventFeedPage' });
export type EventFeedPage = z.infer<typeof eventFeedPage>;
