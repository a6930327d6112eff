import {
  assignCredentialsRequest,
  bulkCredentialsAssignment,
  bulkOutcome,
  changeCredentialsRequest,
  createCredentialsRequest,
  credentialsAssigned,
  credentialsDeleted,
  credentialsDetail,
  credentialsList,
  credentialsSummary,
  credentialsParams,
  deleteCredentialsQuery,
  generatedPassword,
  subscriptionCredentials,
  text,
  CREDENTIALS_LIMITS,
  type CredentialsAssigned,
  type CredentialsDeleted,
  type CredentialsDetail,
  type CredentialsSummary,
  type GeneratedPassword,
  type SubscriptionCredentials,
} from '@shop/contracts';
import { revealNeedsReason } from '@shop/domain';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { CREDENTIALS_SORT_FIELDS, CredentialService } from './credential-service.js';
import { generateServicePassword } from './password-generator.js';
import { adminListQuery, adminListRoute, idsFilter, oneOrMany } from '../api/admin-list-query.js';
import { actOnEach } from '../api/bulk.js';
import { consumeOrReject, type RateLimits } from '../security/rate-limits.js';
import { currentUser, operatorAct, requireUser } from '../api/auth/authentication.js';
import { requestLanguage } from '../api/language.js';
import { ADMIN_REFUSALS, problem, type ApiDocument } from '../api/openapi.js';
import { HttpProblem, parseOrReject } from '../api/problem.js';

const listQuery = adminListQuery(
  CREDENTIALS_SORT_FIELDS,
  ['createdAt', 'desc'],
  z.strictObject({
    id: idsFilter.optional(),
    planId: oneOrMany(text({ max: CREDENTIALS_LIMITS.planId })).optional(),
    q: text({ max: 200 }).optional(),
  }),
  '{"planId":"netflix","q":"words in the login or plan"}',
);

/** Why a stored password is read: support staff must say, an owner may (docs/adr/0027-staff-roles.md). */
const revealQuery = z.object({ reason: text({ min: 1, max: 500 }).optional() });

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
  deps: { credentials: CredentialService; limits: RateLimits },
  doc: ApiDocument,
): Router {
  const router = Router();
  const { credentials } = deps;

  router.use(['/api/admin/credentials', '/api/admin/subscriptions/:id/credentials'], noStore);

  adminListRoute(
    doc,
    router,
    {
      path: '/api/admin/credentials',
      operationId: 'listCredentials',
      summary: 'List the stored service credentials',
      description: 'A ra-data-simple-rest list; Content-Range: credentials a-b/total. Never the password.',
      query: listQuery,
      rows: { description: 'Credentials without their password', schema: credentialsList },
    },
    ({ filter, ...page }) =>
      credentials.list({ ...page, filter: { ids: filter.id, planIds: filter.planId, q: filter.q } }),
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/credentials/generate-password',
      operationId: 'generatePassword',
      summary: 'Generate a random password',
      description: '12 characters: upper, lower, digits, ! @ # $ % ^ & *; nothing is stored.',
      tags: ['admin'],
      responses: { 200: { description: 'A password to type in', schema: generatedPassword }, ...ADMIN_REFUSALS },
    },
    (_req, res) => {
      const answer: GeneratedPassword = { password: generateServicePassword() };
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/credentials/:id',
      operationId: 'revealCredentials',
      summary: 'Reveal one set of credentials',
      description:
        'With its password and notes. Each call is recorded (who, when, and `reason` when given), without the secret. Support staff must give a reason; an owner may.',
      tags: ['admin'],
      params: credentialsParams,
      query: revealQuery,
      responses: {
        200: { description: 'The credentials', schema: credentialsDetail },
        400: problem('validation.failed, credentials.reason_required (support without a reason)'),
        404: problem('credentials.not_found'),
      },
    },
    async (req, res) => {
      const { reason } = parseOrReject(revealQuery, req.query);
      if (!reason && revealNeedsReason(req.staff?.roles ?? [])) {
        throw new HttpProblem({
          status: 400,
          code: 'credentials.reason_required',
          detail: 'Say why you read this password: it is recorded with the reading',
        });
      }
      const answer: CredentialsDetail = await credentials.reveal(
        String(req.params.id),
        currentUser(req).userId,
        reason,
      );
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/credentials',
      operationId: 'createCredentials',
      summary: 'Store a set of credentials for a plan',
      description:
        'Stores a set of credentials for a plan (CredentialSetCreated, version 1); login, password and notes are encrypted at rest, never in the log.',
      tags: ['admin'],
      body: createCredentialsRequest,
      responses: {
        201: { description: 'Stored', schema: credentialsDetail },
        400: problem('validation.failed (errors: [{ path, message }])'),
        422: problem('credentials.unknown_plan'),
      },
    },
    async (req, res) => {
      const body = parseOrReject(createCredentialsRequest, req.body);
      const created: CredentialsDetail = await credentials.create(
        { ...body, additionalInfo: body.additionalInfo ?? null },
        operatorAct(req),
      );
      res.status(201).json(created);
    },
  );

  doc.route(
    router,
    {
      method: 'put',
      path: '/api/admin/credentials/:id',
      operationId: 'reviseCredentials',
      summary: 'Record a new version of a set of credentials',
      description:
        'Records a new version of a set (CredentialSetRevised); every subscription it serves sees it. An absent password or additionalInfo keeps its value, additionalInfo null or "" clears it; with version, a change made meanwhile is refused.',
      tags: ['admin'],
      params: credentialsParams,
      body: changeCredentialsRequest,
      responses: {
        200: { description: 'The credentials as changed, without their password or notes', schema: credentialsSummary },
        404: problem('credentials.not_found'),
        409: problem(
          'credentials.in_use (moving a set that serves subscriptions to another plan), credentials.stale (changed since the version sent: reload it)',
        ),
        422: problem('credentials.unknown_plan'),
      },
    },
    async (req, res) => {
      const body = parseOrReject(changeCredentialsRequest, req.body);
      const answer: CredentialsSummary = await credentials.update(String(req.params.id), body, operatorAct(req));
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'delete',
      path: '/api/admin/credentials/:id',
      operationId: 'deleteCredentials',
      summary: 'Delete a set of credentials',
      description:
        'Deletes a set (CredentialSetDeleted: no longer shown nor assignable, its versions stay), unless an active or suspended subscription still uses it.',
      tags: ['admin'],
      params: credentialsParams,
      query: deleteCredentialsQuery,
      responses: {
        200: { description: 'Deleted', schema: credentialsDeleted },
        400: problem('validation.failed (version)'),
        404: problem('credentials.not_found'),
        409: problem(
          'credentials.in_use (subscriptions: how many), credentials.stale (changed since the version sent)',
        ),
      },
    },
    async (req, res) => {
      const { version } = parseOrReject(deleteCredentialsQuery, req.query);
      const answer: CredentialsDeleted = await credentials.delete(String(req.params.id), {
        ...operatorAct(req),
        version,
      });
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/credentials/:id/assignments',
      operationId: 'assignCredentialsToMany',
      summary: 'Assign a stored set to several subscriptions',
      description:
        "Assigns the set to each selected subscription, each by its own AssignCredentials (the operator as actor, one correlation id for the batch); each customer is told as for one assignment. A subscription the rules refuse (not active, another plan's) is reported refused with the problem's code and leaves the others unaffected; one that already has this set is unchanged.",
      tags: ['admin'],
      params: credentialsParams,
      body: bulkCredentialsAssignment,
      responses: {
        200: { description: "Each subscription's outcome, in the order sent", schema: bulkOutcome },
        400: problem('validation.failed (no selection, more than 100, an id twice)'),
        404: problem('credentials.not_found'),
      },
    },
    async (req, res) => {
      const credentialsId = String(req.params.id);
      const { subscriptionIds } = parseOrReject(bulkCredentialsAssignment, req.body);
      await credentials.requireSet(credentialsId);
      const act = operatorAct(req);
      res.json(await actOnEach(subscriptionIds, (id) => credentials.assign(id, credentialsId, act)));
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/subscriptions/:id/credentials',
      operationId: 'assignCredentials',
      summary: 'Assign a stored set to a subscription',
      description:
        'Assigns a stored set to a subscription (CredentialsAssigned); the customer is told by e-mail and notification. Assigning the same set again changes nothing.',
      tags: ['admin'],
      params: credentialsParams,
      body: assignCredentialsRequest,
      responses: {
        200: { description: 'Assigned; changed is false when it already was', schema: credentialsAssigned },
        404: problem('subscription.not_found, credentials.not_found'),
        409: problem(
          "subscription.not_active, credentials.plan_mismatch (the set is for another plan than the subscription's)",
        ),
      },
    },
    async (req, res) => {
      const { credentialsId } = parseOrReject(assignCredentialsRequest, req.body);
      const answer: CredentialsAssigned = await credentials.assign(
        String(req.params.id),
        credentialsId,
        operatorAct(req),
      );
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/me/subscriptions/:id/credentials',
      operationId: 'getSubscriptionCredentials',
      summary: "Get your subscription's credentials",
      description:
        "The credentials of one of the customer's own subscriptions, while it is active: { status: 'ready', ... } or { status: 'preparing' } until the operator assigns them.",
      tags: ['me'],
      params: credentialsParams,
      responses: {
        200: { description: 'ready or preparing', schema: subscriptionCredentials },
        404: problem("subscription.not_found (also another customer's subscription)"),
        409: problem('subscription.not_active (pending, ended or past its expiry)'),
        429: problem('credentials.rate_limited (Retry-After)'),
      },
    },
    noStore,
    requireUser,
    async (req, res) => {
      const { userId } = currentUser(req);
      await consumeOrReject(deps.limits.credentialRevealsByUser, userId, 'credentials.rate_limited');
      const answer: SubscriptionCredentials = await credentials.forCustomer(
        userId,
        String(req.params.id),
        requestLanguage(req),
      );
      res.json(answer);
    },
  );

  return router;
}
