import {
  apiKeyList,
  apiKeyParams,
  createApiKeyRequest,
  createdApiKey,
  eventFeedPage,
  eventFeedQuery,
  revokeApiKeyQuery,
  revokedApiKey,
  type CreatedApiKey,
  type EventFeedPage,
  type RevokedApiKey,
} from '@shop/contracts';
import type { EventStore } from '@shop/event-store';
import type { PersonalDataVault } from '@shop/projections';
import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { adminListQuery, adminListRoute, booleanFilter, idsFilter } from '../api/admin-list-query.js';
import { operatorAct } from '../api/auth/authentication.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { HttpProblem, parseOrReject } from '../api/problem.js';
import { API_KEY_SORT_FIELDS, type ApiKeys } from './api-keys.js';
import { readEventFeed } from './event-feed.js';

const listQuery = adminListQuery(
  API_KEY_SORT_FIELDS,
  ['createdAt', 'desc'],
  z.strictObject({ id: idsFilter.optional(), revoked: booleanFilter.optional() }),
  '{"revoked":false}',
);

/**
 * The owner's API keys (`/api/admin/api-keys`: create, list, revoke; docs/adr/0034-api-keys.md)
 * and what a key with `read:events` reads: the log (`GET /api/events`).
 */
export function apiKeyRoutes(
  deps: { apiKeys: ApiKeys; store: EventStore; knex: Knex; vault: PersonalDataVault },
  doc: ApiDocument,
): Router {
  const router = Router();

  adminListRoute(
    doc,
    router,
    {
      path: '/api/admin/api-keys',
      operationId: 'listApiKeys',
      summary: 'List the API keys',
      description:
        'A ra-data-simple-rest list; Content-Range: api-keys a-b/total. Never the key nor its hash: its first characters (`prefix`) only.',
      query: listQuery,
      rows: { description: 'The keys, revoked ones included', schema: apiKeyList },
    },
    ({ filter, ...page }) => deps.apiKeys.list({ ...page, filter: { ids: filter.id, revoked: filter.revoked } }),
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/api-keys',
      operationId: 'createApiKey',
      summary: 'Create an API key',
      description:
        'Records ApiKeyCreated (name, scopes, prefix, who) and answers the key, `sk_` and 43 characters, this once: only its SHA-256 hash is kept. A program sends it as `Authorization: Bearer sk_…`; each scope opens a few operations, named in each operation of this reference.',
      tags: ['admin'],
      body: createApiKeyRequest,
      responses: {
        201: { description: 'Created: the key, shown this once', schema: createdApiKey },
        400: problem('validation.failed (an empty name, no scope or an unknown one)'),
      },
    },
    async (req, res) => {
      const body = parseOrReject(createApiKeyRequest, req.body);
      const answer: CreatedApiKey = await deps.apiKeys.create(body, operatorAct(req));
      res.status(201).json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'delete',
      path: '/api/admin/api-keys/:id',
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key',
      description:
        'Records ApiKeyRevoked (who, when, `reason` when given): from then on the key is refused (401 `api_key.invalid`). The key stays listed, revoked.',
      tags: ['admin'],
      params: apiKeyParams,
      query: revokeApiKeyQuery,
      responses: {
        200: { description: 'Revoked', schema: revokedApiKey },
        404: problem('api_key.not_found'),
        409: problem('api_key.already_revoked'),
      },
    },
    async (req, res) => {
      const { reason } = parseOrReject(revokeApiKeyQuery, req.query);
      const answer: RevokedApiKey = await deps.apiKeys.revoke(String(req.params.id), operatorAct(req), reason);
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/events',
      operationId: 'listEvents',
      summary: 'Read the log of events',
      description:
        "For an API key with `read:events`: the events recorded after the position `after`, in the log's order, at most `limit` (100 unless said, 1000 at most), each `{ id, type, position, recordedAt, streamId, data }` as webhook deliveries carry them. The customers' personal data (names, e-mails, addresses) only for a key that also has `read:personal-data`, left out otherwise; secrets never. Send `next` back as `after` for what follows.",
      tags: ['integrations'],
      query: eventFeedQuery,
      responses: {
        200: { description: 'A page of the log', schema: eventFeedPage },
        401: problem('api_key.required (no API key), api_key.invalid'),
        403: problem('api_key.scope_missing'),
        429: problem('api_key.rate_limited (Retry-After)'),
      },
    },
    async (req, res) => {
      const key = req.apiKey;
      if (!key) {
        throw new HttpProblem({
          status: 401,
          code: 'api_key.required',
          detail: 'The log is read with an API key: Authorization: Bearer sk_…',
        });
      }
      const query = parseOrReject(eventFeedQuery, req.query);
      const answer: EventFeedPage = await readEventFeed(deps, query, {
        personalData: key.scopes.includes('read:personal-data'),
      });
      res.set('Cache-Control', 'no-store').json(answer);
    },
  );

  return router;
}
