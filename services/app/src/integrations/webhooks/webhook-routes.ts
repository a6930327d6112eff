import {
  createWebhookEndpointRequest,
  identifier,
  webhookDeliveryList,
  webhookEndpoint,
  webhookEndpointCreated,
  webhookEndpointList,
  webhookReplayAccepted,
  webhookReplayRequest,
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookReplayAccepted,
} from '@shop/contracts';
import { Router } from 'express';
import { z } from 'zod';
import { adminListQuery, adminListRoute, oneOrMany } from '../../api/admin-list-query.js';
import { operatorAct } from '../../api/auth/authentication.js';
import { problem, type ApiDocument } from '../../api/openapi.js';
import { parseOrReject } from '../../api/problem.js';
import {
  WEBHOOK_DELIVERY_SORT_FIELDS,
  WEBHOOK_ENDPOINT_SORT_FIELDS,
  type WebhookEndpoints,
} from './webhook-endpoints.js';

const endpointParams = z.object({ id: identifier(64) });

const endpointsQuery = adminListQuery(
  WEBHOOK_ENDPOINT_SORT_FIELDS,
  ['createdAt', 'desc'],
  z.strictObject({
    id: oneOrMany(identifier(64)).optional(),
    status: z.enum(['active', 'removed']).optional(),
  }),
  '{"status":"active"}',
);

const deliveriesQuery = adminListQuery(
  WEBHOOK_DELIVERY_SORT_FIELDS,
  ['eventPosition', 'desc'],
  z.strictObject({
    endpointId: identifier(64).optional(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
    eventId: identifier(64).optional(),
  }),
  '{"endpointId":"…","status":"failed"}',
);

const INPUT_REFUSALS =
  'validation.failed, webhook.invalid_url, webhook.https_required (https only in production; http only to 127.0.0.1 or localhost elsewhere), webhook.credentials_in_url, webhook.private_address (production), webhook.no_event_types, webhook.invalid_event_types, webhook.unknown_event_type';

/**
 * Outbound webhooks, for owners (`integrations.manage`): the endpoints the shop sends its events
 * to, their delivery log, and a replay from a position in the log (docs/adr/0035-outbound-webhooks.md).
 */
export function webhookRoutes(deps: { webhooks: WebhookEndpoints }, doc: ApiDocument): Router {
  const router = Router();
  const { webhooks } = deps;

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/webhook-endpoints',
      operationId: 'registerWebhookEndpoint',
      summary: 'Register a webhook endpoint',
      description:
        'Records WebhookEndpointRegistered. Every event of the chosen types recorded from now on is POSTed to the URL as JSON `{id, type, position, recordedAt, streamId, data}`, signed in `Shop-Signature: t=<unix seconds>,v1=<hex HMAC-SHA-256 of "<t>.<body>">` with the secret answered here, once: it is kept encrypted and never shown again.',
      tags: ['admin'],
      body: createWebhookEndpointRequest,
      responses: {
        201: { description: 'Registered: the signing secret, shown this once', schema: webhookEndpointCreated },
        400: problem(INPUT_REFUSALS),
      },
    },
    async (req, res) => {
      const body = parseOrReject(createWebhookEndpointRequest, req.body);
      const created: WebhookEndpointCreated = await webhooks.register(body, operatorAct(req));
      res.status(201).json(created);
    },
  );

  adminListRoute(
    doc,
    router,
    {
      path: '/api/admin/webhook-endpoints',
      operationId: 'listWebhookEndpoints',
      summary: 'List the webhook endpoints',
      description:
        'A ra-data-simple-rest list; Content-Range: webhook-endpoints a-b/total. Removed endpoints stay listed (status removed). Never the secret.',
      query: endpointsQuery,
      rows: { description: 'Endpoints with their last delivery', schema: webhookEndpointList },
    },
    ({ filter, ...page }) => webhooks.list({ ...page, filter: { ids: filter.id, status: filter.status } }),
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/webhook-endpoints/:id',
      operationId: 'getWebhookEndpoint',
      summary: 'Get one webhook endpoint',
      description: 'Its URL, event types, scope, cursor in the log and last delivery; never the secret.',
      tags: ['admin'],
      params: endpointParams,
      responses: {
        200: { description: 'The endpoint', schema: webhookEndpoint },
        400: problem('validation.failed (an id that cannot be one)'),
        404: problem('webhook.not_found'),
      },
    },
    async (req, res) => {
      const { id } = parseOrReject(endpointParams, req.params);
      const answer: WebhookEndpoint = await webhooks.get(id);
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'delete',
      path: '/api/admin/webhook-endpoints/:id',
      operationId: 'removeWebhookEndpoint',
      summary: 'Remove a webhook endpoint',
      description:
        'Records WebhookEndpointRemoved: nothing more is sent to it, deliveries still waiting are cancelled; the endpoint and its delivery log stay on record. Removing it again changes nothing.',
      tags: ['admin'],
      params: endpointParams,
      responses: {
        200: { description: 'Removed', schema: webhookEndpoint },
        400: problem('validation.failed (an id that cannot be one)'),
        404: problem('webhook.not_found'),
      },
    },
    async (req, res) => {
      const { id } = parseOrReject(endpointParams, req.params);
      await webhooks.remove(id, operatorAct(req));
      const answer: WebhookEndpoint = await webhooks.get(id);
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/webhook-endpoints/:id/replay',
      operationId: 'replayWebhookEvents',
      summary: 'Send the events from a position in the log again',
      description:
        "Records WebhookReplayRequested (who asked, from where), then every event of the endpoint's types from `fromPosition` on is delivered again, with the same event ids (receivers de-duplicate by `id`); events the endpoint was registered after included.",
      tags: ['admin'],
      params: endpointParams,
      body: webhookReplayRequest,
      responses: {
        202: { description: 'The replay is under way', schema: webhookReplayAccepted },
        400: problem('validation.failed, webhook.invalid_position'),
        404: problem('webhook.not_found'),
        409: problem('webhook.removed'),
      },
    },
    async (req, res) => {
      const { id } = parseOrReject(endpointParams, req.params);
      const { fromPosition } = parseOrReject(webhookReplayRequest, req.body);
      const answer: WebhookReplayAccepted = await webhooks.replay(id, fromPosition, operatorAct(req));
      res.status(202).json(answer);
    },
  );

  adminListRoute(
    doc,
    router,
    {
      path: '/api/admin/webhook-deliveries',
      operationId: 'listWebhookDeliveries',
      summary: 'The webhook delivery log',
      description:
        'A ra-data-simple-rest list; Content-Range: webhook-deliveries a-b/total. Each event queued for an endpoint (once more per replay): its status (pending, delivered, failed after a day of attempts, cancelled by a removal), next attempt, and every attempt with its status code, duration and error.',
      query: deliveriesQuery,
      rows: { description: 'Deliveries, each with its attempts', schema: webhookDeliveryList },
    },
    (page) => webhooks.deliveries(page),
  );

  return router;
}
