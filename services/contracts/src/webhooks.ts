import { SHOP_EVENT_TYPES, WEBHOOK_EVENT_TYPES_MAX, WEBHOOK_URL_MAX_LENGTH } from '@shop/domain';
import { z } from 'zod';
import { text } from './text.js';

/** The event types an endpoint may ask for (or `*` for all), as the back-office offers them. */
export const WEBHOOK_EVENT_TYPE_CHOICES: readonly string[] = SHOP_EVENT_TYPES;

/** `POST /api/admin/webhook-endpoints`. */
export const createWebhookEndpointRequest = z
  .strictObject({
    url: text({ min: 1, max: WEBHOOK_URL_MAX_LENGTH }),
    eventTypes: z
      .array(text({ min: 1, max: 100 }))
      .max(WEBHOOK_EVENT_TYPES_MAX)
      .describe('Event type names (OrderPlaced, PaymentConfirmed…), or ["*"] for every one'),
    personalData: z
      .boolean()
      .default(false)
      .describe("Whether deliveries carry customers' personal data; without it they are left out"),
  })
  .meta({ id: 'WebhookEndpointInput' });
export type CreateWebhookEndpointRequest = z.input<typeof createWebhookEndpointRequest>;

/** The 201 answer: the signing secret, shown this once. */
export const webhookEndpointCreated = z
  .object({
    id: z.string(),
    secret: z.string().describe('whsec_…: signs every delivery (Shop-Signature); shown only in this answer'),
  })
  .meta({ id: 'WebhookEndpointCreated' });
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreated>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    eventTypes: z.array(z.string()),
    personalData: z.boolean(),
    status: z.enum(['active', 'removed']),
    createdAt: z.string(),
    createdBy: z.string(),
    removedAt: z.string().nullable(),
    removedBy: z.string().nullable(),
    /** Position in the log of the last event the endpoint's cursor has read. */
    cursorPosition: z.number().int(),
    /** A replay under way: from which position, up to where the cursor had read when it was asked for. */
    replay: z.object({ fromPosition: z.number().int(), untilPosition: z.number().int() }).nullable(),
    pendingDeliveries: z.number().int(),
    failedDeliveries: z.number().int(),
    lastDelivery: z
      .object({
        status: z.enum(WEBHOOK_DELIVERY_STATUSES),
        eventType: z.string(),
        at: z.string(),
        statusCode: z.number().int().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;
export const webhookEndpointList = z.array(webhookEndpoint);

/** `POST /api/admin/webhook-endpoints/:id/replay`. */
export const webhookReplayRequest = z
  .strictObject({
    fromPosition: z
      .number()
      .int()
      .min(1)
      .describe('Every matching event from this position in the log on is sent again'),
  })
  .meta({ id: 'WebhookReplayInput' });
export type WebhookReplayRequest = z.input<typeof webhookReplayRequest>;

export const webhookReplayAccepted = z
  .object({ id: z.string(), replayId: z.string(), fromPosition: z.number().int() })
  .meta({ id: 'WebhookReplayAccepted' });
export type WebhookReplayAccepted = z.infer<typeof webhookReplayAccepted>;

export const webhookDeliveryAttempt = z.object({
  attempt: z.number().int(),
  at: z.string(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  delivered: z.boolean(),
});

/** One event to send to one endpoint (once more per replay), with every attempt. */
export const webhookDelivery = z
  .object({
    id: z.string(),
    endpointId: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    eventPosition: z.number().int(),
    /** The replay that sent it again; null for its first delivery. */
    replayId: z.string().nullable(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    createdAt: z.string(),
    nextAttemptAt: z.string().nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    attemptLog: z.array(webhookDeliveryAttempt),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookDeliveryList = z.array(webhookDelivery);
