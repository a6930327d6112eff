import type { EventStore } from '@shop/event-store';
import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  CREDENTIALS_SORT_FIELDS,
  CredentialService,
  type CredentialsSortField,
} from '../../credentials/credential-service.js';
import { generateServicePassword } from '../../credentials/password-generator.js';
import type { Logger } from '../../infrastructure/logger.js';
import { contentRange, jsonParam, oneOrMany, rangeParam, sortParam } from '../admin-list-query.js';
import type { ShopKeys } from '../../security/keys.js';
import { consumeOrReject, type RateLimits } from '../../security/rate-limits.js';
import { currentUser, requireUser } from '../auth/authentication.js';
import { requestLanguage } from '../language.js';
import type { ApiDocument } from '../openapi.js';
import { parseOrReject, problemSchema } from '../problem.js';
import { text, identifier } from '../text.js';

const LIMITS = { planId: 64, email: 254, password: 200, additionalInfo: 2000 } as const;

const planId = text({ min: 1, max: LIMITS.planId });
const loginEmail = text({ min: 1, max: LIMITS.email }).pipe(z.email('Not an e-mail address').max(LIMITS.email));
// Kept exactly as typed: a service password may begin or end with a space.
const password = text({ max: LIMITS.password, trim: false }).refine((value) => value.trim().length > 0, 'Required');
/** Empty or null means none. */
const additionalInfo = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  text({ max: LIMITS.additionalInfo, multiline: true }).nullable(),
);

const createBody = z
  .strictObject({ planId, email: loginEmail, password, additionalInfo: additionalInfo.optional() })
  .meta({ id: 'CredentialsInput' });
// The back-office sends only these members (its data provider leaves the record's other fields out).
const updateBody = z
  .strictObject({ planId, email: loginEmail, password: password.optional(), additionalInfo: additionalInfo.optional() })
  .meta({ id: 'CredentialsChange' });
const assignBody = z.strictObject({ credentialsId: text({ min: 1, max: 64 }) }).meta({ id: 'AssignCredentials' });

const summarySchema = z
  .object({
    id: z.string(),
    planId: z.string(),
    planName: z.string(),
    email: z.string(),
    hasPassword: z.boolean(),
    hasAdditionalInfo: z.boolean(),
    assignedCount: z.number().int().describe('Active or suspended subscriptions this set serves'),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: z.string(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'CredentialsSummary' });
const detailSchema = summarySchema
  .extend({ password: z.string(), additionalInfo: z.string().nullable() })
  .meta({ id: 'CredentialsDetail' });
const customerSchema = z
  .discriminatedUnion('status', [
    z.object({
      status: z.literal('preparing'),
      subscriptionId: z.string(),
      planName: z.string(),
      logo: z.string().nullable(),
    }),
    z.object({
      status: z.literal('ready'),
      subscriptionId: z.string(),
      planName: z.string(),
      logo: z.string().nullable(),
      email: z.string(),
      password: z.string(),
      additionalInfo: z.string().nullable(),
    }),
  ])
  .meta({ id: 'SubscriptionCredentials' });

const listQuery = z.object({
  sort: sortParam(CREDENTIALS_SORT_FIELDS as unknown as [CredentialsSortField, ...CredentialsSortField[]], [
    'createdAt',
    'desc',
  ]),
  range: rangeParam,
  filter: jsonParam(
    z.strictObject({
      id: oneOrMany(text({ max: 64 })).optional(),
      planId: oneOrMany(text({ max: LIMITS.planId })).optional(),
      q: text({ max: 200 }).optional(),
    }),
  )
    .optional()
    .describe('{"planId":"netflix","q":"words in the login or plan"}')
    .default({}),
});

/** Nothing here may linger in a browser's or a proxy's cache. */
const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/**
 * Service credentials: the operator stores, reveals and assigns them (`/api/admin/credentials`,
 * `/api/admin/subscriptions/:id/credentials`); a customer reads those of their own active
 * subscription (`/api/me/subscriptions/:id/credentials`).
 */
export function credentialRoutes(
  deps: { knex: Knex; store: EventStore; keys: ShopKeys; limits: RateLimits; clock: () => Date; logger: Logger },
  doc: ApiDocument,
): Router {
  const router = Router();
  const credentials = new CredentialService({
    knex: deps.knex,
    store: deps.store,
    key: deps.keys.serviceCredentials,
    clock: deps.clock,
    logger: deps.logger,
  });
  const problems = { schema: problemSchema, problem: true } as const;
  const adminResponses = {
    401: { description: 'auth.required', ...problems },
    403: { description: 'auth.forbidden', ...problems },
  };
  const idParam = z.object({ id: identifier() });

  router.use(['/api/admin/credentials', '/api/admin/subscriptions/:id/credentials'], noStore);

  doc.add({
    method: 'get',
    path: '/api/admin/credentials',
    summary:
      'Stored service credentials (ra-data-simple-rest list; Content-Range: credentials a-b/total). Never the password',
    tags: ['admin'],
    query: listQuery,
    responses: {
      200: { description: 'Credentials without their password', schema: z.array(summarySchema) },
      400: { description: 'validation.failed', ...problems },
      ...adminResponses,
    },
  });
  router.get('/api/admin/credentials', async (req, res) => {
    const { sort, range, filter } = parseOrReject(listQuery, req.query);
    const { data, total } = await credentials.list({
      sort: { field: sort[0], order: sort[1] },
      range: { from: range[0], to: range[1] },
      filter: { ids: filter.id, planIds: filter.planId, q: filter.q },
    });
    res.set('Content-Range', contentRange('credentials', range[0], data.length, total)).json(data);
  });

  doc.add({
    method: 'post',
    path: '/api/admin/credentials/generate-password',
    summary: 'A new random password (12 characters: upper, lower, digits, ! @ # $ % ^ & *); nothing is stored',
    tags: ['admin'],
    responses: { 200: { description: '{ password }' }, ...adminResponses },
  });
  router.post('/api/admin/credentials/generate-password', (_req, res) => {
    res.json({ password: generateServicePassword() });
  });

  doc.add({
    method: 'get',
    path: '/api/admin/credentials/:id',
    summary: 'One set with its password and notes. Each call is recorded (who, when), without the secret',
    tags: ['admin'],
    params: idParam,
    responses: {
      200: { description: 'The credentials', schema: detailSchema },
      404: { description: 'credentials.not_found', ...problems },
      ...adminResponses,
    },
  });
  router.get('/api/admin/credentials/:id', async (req, res) => {
    res.json(await credentials.reveal(String(req.params.id), currentUser(req).userId));
  });

  doc.add({
    method: 'post',
    path: '/api/admin/credentials',
    summary: 'Stores a set of credentials for a plan; login, password and notes are encrypted at rest',
    tags: ['admin'],
    body: createBody,
    responses: {
      201: { description: 'Stored', schema: detailSchema },
      400: { description: 'validation.failed (errors: [{ path, message }])', ...problems },
      422: { description: 'credentials.unknown_plan', ...problems },
      ...adminResponses,
    },
  });
  router.post('/api/admin/credentials', async (req, res) => {
    const body = parseOrReject(createBody, req.body);
    const created = await credentials.create(
      { ...body, additionalInfo: body.additionalInfo ?? null },
      currentUser(req).userId,
    );
    res.status(201).json(created);
  });

  doc.add({
    method: 'put',
    path: '/api/admin/credentials/:id',
    summary:
      'Changes a set; every subscription it serves sees the change. An absent password or additionalInfo keeps its value, additionalInfo null or "" clears it',
    tags: ['admin'],
    params: idParam,
    body: updateBody,
    responses: {
      200: { description: 'The credentials as changed', schema: detailSchema },
      400: { description: 'validation.failed', ...problems },
      404: { description: 'credentials.not_found', ...problems },
      409: { description: 'credentials.in_use (moving a set that serves subscriptions to another plan)', ...problems },
      422: { description: 'credentials.unknown_plan', ...problems },
      ...adminResponses,
    },
  });
  router.put('/api/admin/credentials/:id', async (req, res) => {
    const body = parseOrReject(updateBody, req.body);
    res.json(await credentials.update(String(req.params.id), body, currentUser(req).userId));
  });

  doc.add({
    method: 'delete',
    path: '/api/admin/credentials/:id',
    summary: 'Deletes a set, unless an active or suspended subscription still uses it',
    tags: ['admin'],
    params: idParam,
    responses: {
      200: { description: '{ id }' },
      404: { description: 'credentials.not_found', ...problems },
      409: { description: 'credentials.in_use (subscriptions: how many)', ...problems },
      ...adminResponses,
    },
  });
  router.delete('/api/admin/credentials/:id', async (req, res) => {
    res.json(await credentials.delete(String(req.params.id), currentUser(req).userId));
  });

  doc.add({
    method: 'post',
    path: '/api/admin/subscriptions/:id/credentials',
    summary:
      'Assigns a stored set to a subscription (CredentialsAssigned); the customer is told by e-mail and notification. Assigning the same set again changes nothing',
    tags: ['admin'],
    params: idParam,
    body: assignBody,
    responses: {
      200: { description: '{ subscriptionId, credentialsId, changed }' },
      400: { description: 'validation.failed', ...problems },
      404: { description: 'subscription.not_found, credentials.not_found', ...problems },
      409: {
        description:
          "subscription.not_active, credentials.plan_mismatch (the set is for another plan than the subscription's)",
        ...problems,
      },
      ...adminResponses,
    },
  });
  router.post('/api/admin/subscriptions/:id/credentials', async (req, res) => {
    const { credentialsId } = parseOrReject(assignBody, req.body);
    res.json(
      await credentials.assign(String(req.params.id), credentialsId, {
        adminId: currentUser(req).userId,
        correlationId: String(req.id),
      }),
    );
  });

  doc.add({
    method: 'get',
    path: '/api/me/subscriptions/:id/credentials',
    summary:
      "The credentials of one of the customer's own subscriptions, while it is active: { status: 'ready', ... } or { status: 'preparing' } until the operator assigns them",
    tags: ['me'],
    params: idParam,
    responses: {
      200: { description: 'ready or preparing', schema: customerSchema },
      401: { description: 'auth.required', ...problems },
      404: { description: "subscription.not_found (also another customer's subscription)", ...problems },
      409: { description: 'subscription.not_active (pending, ended or past its expiry)', ...problems },
      429: { description: 'credentials.rate_limited (Retry-After)', ...problems },
    },
  });
  router.get('/api/me/subscriptions/:id/credentials', noStore, requireUser, async (req, res) => {
    const { userId } = currentUser(req);
    await consumeOrReject(deps.limits.credentialRevealsByUser, userId, 'credentials.rate_limited');
    res.json(await credentials.forCustomer(userId, String(req.params.id), requestLanguage(req)));
  });

  return router;
}
