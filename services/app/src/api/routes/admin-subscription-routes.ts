import { SUBSCRIPTION_STATUSES } from '@shop/domain';
import {
  ADMIN_SUBSCRIPTION_SORT_FIELDS,
  getSubscriptionForAdmin,
  listSubscriptionsForAdmin,
  type AdminSubscriptionSortField,
} from '@shop/projections';
import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { contentRange, jsonParam, oneOrMany, rangeParam, sortParam } from '../admin-list-query.js';
import type { ApiDocument } from '../openapi.js';
import { HttpProblem, parseOrReject, problemSchema } from '../problem.js';
import { text, identifier } from '../text.js';

const sortFields = Object.keys(ADMIN_SUBSCRIPTION_SORT_FIELDS) as [
  AdminSubscriptionSortField,
  ...AdminSubscriptionSortField[],
];

/** react-admin's boolean inputs send booleans; a hand-written URL may say "true" or "false". */
const booleanFilter = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

const listQuery = z.object({
  sort: sortParam(sortFields, ['createdAt', 'desc']),
  range: rangeParam,
  filter: jsonParam(
    z.strictObject({
      id: oneOrMany(text({ max: 64 })).optional(),
      status: oneOrMany(z.enum(SUBSCRIPTION_STATUSES)).optional(),
      planId: oneOrMany(text({ max: 64 })).optional(),
      userId: text({ max: 64 }).optional(),
      hasCredentials: booleanFilter.optional(),
      q: text({ max: 200 }).optional(),
    }),
  )
    .optional()
    .describe('{"status":"active","hasCredentials":false,"planId":"netflix","q":"words in the e-mail, name or plan"}')
    .default({}),
});

const subscriptionSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    customerEmail: z.string().nullable(),
    customerName: z.string().nullable(),
    planId: z.string(),
    planName: z.string(),
    months: z.number().int(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    statusReason: z.string().nullable(),
    totalCents: z.number().int(),
    discountCents: z.number().int(),
    currency: z.string(),
    promoCode: z.string().nullable(),
    provider: z.string().nullable(),
    paymentReference: z.string().nullable(),
    lastPaymentIssue: z.string().nullable(),
    credentialsAssigned: z.boolean(),
    credentialsId: z.string().nullable(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminSubscription' });

/** The back-office's subscriptions: every customer's orders, to follow up and to give credentials to. */
export function adminSubscriptionRoutes(deps: { knex: Knex }, doc: ApiDocument): Router {
  const router = Router();
  const problems = { schema: problemSchema, problem: true } as const;
  const adminResponses = {
    401: { description: 'auth.required', ...problems },
    403: { description: 'auth.forbidden', ...problems },
  };

  doc.add({
    method: 'get',
    path: '/api/admin/subscriptions',
    summary:
      "Subscriptions with their customer's e-mail and name (ra-data-simple-rest list; Content-Range: subscriptions a-b/total)",
    tags: ['admin'],
    query: listQuery,
    responses: {
      200: { description: 'Subscriptions', schema: z.array(subscriptionSchema) },
      400: { description: 'validation.failed', ...problems },
      ...adminResponses,
    },
  });
  router.get('/api/admin/subscriptions', async (req, res) => {
    const { sort, range, filter } = parseOrReject(listQuery, req.query);
    const { data, total } = await listSubscriptionsForAdmin(deps.knex, {
      sort: { field: sort[0], order: sort[1] },
      range: { from: range[0], to: range[1] },
      filter: {
        ids: filter.id,
        status: filter.status,
        planIds: filter.planId,
        userId: filter.userId,
        hasCredentials: filter.hasCredentials,
        q: filter.q,
      },
    });
    res.set('Content-Range', contentRange('subscriptions', range[0], data.length, total)).json(data);
  });

  doc.add({
    method: 'get',
    path: '/api/admin/subscriptions/:id',
    summary: "One subscription with its customer's e-mail and name",
    tags: ['admin'],
    params: z.object({ id: identifier() }),
    responses: {
      200: { description: 'The subscription', schema: subscriptionSchema },
      404: { description: 'subscription.not_found', ...problems },
      ...adminResponses,
    },
  });
  router.get('/api/admin/subscriptions/:id', async (req, res) => {
    const id = String(req.params.id);
    const subscription = await getSubscriptionForAdmin(deps.knex, id);
    if (!subscription) {
      throw new HttpProblem({
        status: 404,
        code: 'subscription.not_found',
        detail: 'No such subscription',
        extra: { id },
      });
    }
    res.json(subscription);
  });

  return router;
}
