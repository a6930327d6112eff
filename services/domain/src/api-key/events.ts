import type { DomainEvent } from '../shared/decider.js';

/**
 * An API key: a secret an integrator's program sends as `Authorization: Bearer sk_…` instead of
 * signing in. The owner creates it with scopes, sees it once, and revokes it. One stream per key
 * (`api-key-<id>`); the key itself never enters the log, nor its hash: only the first characters,
 * by which the owner recognises it (docs/adr/0034-api-keys.md).
 */
export const apiKeyStreamId = (keyId: string) => `api-key-${keyId}`;

/** What a key may do, each opening a few documented routes (the app's `API_KEY_SCOPE_ROUTES`). */
export const API_KEY_SCOPES = [
  /** Read the subscriptions (list and one). */
  'read:subscriptions',
  /** Read the invoices and credit notes (list, one, PDF). */
  'read:invoices',
  /** Read the customers (list and one). */
  'read:customers',
  /** Follow the log: `GET /api/events`. */
  'read:events',
  /** The customers' personal data (names, e-mails) in the events read or delivered; without it they are left out. */
  'read:personal-data',
  /** Store, change, delete and assign service credentials (never read a stored password). */
  'write:credentials',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const isApiKeyScope = (value: string): value is ApiKeyScope =>
  (API_KEY_SCOPES as readonly string[]).includes(value);

/** The key's name, as the owner calls it ("Accounting export", "CRM"). */
export const API_KEY_NAME_MAX_LENGTH = 100;
/** Why a key was revoked, when the owner says. */
export const API_KEY_REVOCATION_REASON_MAX_LENGTH = 500;

/** The actor id a key's requests record: the key, never a person. */
export const apiKeyActorId = (keyId: string) => `api-key:${keyId}`;

/** The key an actor id names (`api-key:<id>`), or null for a person's id. */
export const apiKeyOfActor = (actorId: string): string | null =>
  actorId.startsWith('api-key:') ? actorId.slice('api-key:'.length) : null;

export type ApiKeyCreated = DomainEvent<
  'ApiKeyCreated',
  {
    keyId: string;
    name: string;
    /** Sorted, each once. */
    scopes: ApiKeyScope[];
    /** The key's first characters (`sk_AbCd1234`): enough to recognise it, far too few to use it. */
    prefix: string;
    createdBy: string;
    createdAt: string;
  }
>;

export type ApiKeyRevoked = DomainEvent<
  'ApiKeyRevoked',
  { keyId: string; revokedBy: string; revokedAt: string; reason?: string }
>;

export type ApiKeyEvent = ApiKeyCreated | ApiKeyRevoked;
export const API_KEY_EVENT_TYPES: ReadonlyArray<ApiKeyEvent['type']> = ['ApiKeyCreated', 'ApiKeyRevoked'];
