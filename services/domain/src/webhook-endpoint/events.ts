import type { DomainEvent } from '../shared/decider.js';

/**
 * An outbound webhook endpoint: a URL the owner registered to receive the shop's events as they
 * are recorded. One stream per endpoint (`outbound-webhook-<id>`): its registration, a replay an
 * operator asked for, its removal. The signing secret never enters the log (docs/adr/0035-outbound-webhooks.md).
 */
export const webhookEndpointStreamId = (endpointId: string) => `outbound-webhook-${endpointId}`;

/** Every event type (`*`), present and future. */
export const ALL_EVENT_TYPES = '*';

export type WebhookEndpointRegistered = DomainEvent<
  'WebhookEndpointRegistered',
  {
    endpointId: string;
    url: string;
    /** The event types it receives, sorted, or `['*']` for all. */
    eventTypes: string[];
    /** Whether its deliveries carry the customers' personal data (names, e-mails); without it they are left out. */
    personalData: boolean;
    registeredBy: string;
    registeredAt: string;
  }
>;

export type WebhookEndpointRemoved = DomainEvent<
  'WebhookEndpointRemoved',
  { endpointId: string; removedBy: string; removedAt: string }
>;

/** The operator asked for every matching event from `fromPosition` (a position in the whole log) to be sent again. */
export type WebhookReplayRequested = DomainEvent<
  'WebhookReplayRequested',
  { endpointId: string; replayId: string; fromPosition: number; requestedBy: string; requestedAt: string }
>;

export type WebhookEndpointEvent = WebhookEndpointRegistered | WebhookEndpointRemoved | WebhookReplayRequested;

export const WEBHOOK_ENDPOINT_EVENT_TYPES: ReadonlyArray<WebhookEndpointEvent['type']> = [
  'WebhookEndpointRegistered',
  'WebhookEndpointRemoved',
  'WebhookReplayRequested',
];
