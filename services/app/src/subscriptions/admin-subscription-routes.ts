import {
  ADMIN_SUBSCRIPTION_SORT_FIELDS,
  getSubscriptionForAdmin,
  getSubscriptionForAdminWithVoid,
  listSubscriptionsForAdmin,
  type AdminSubscriptionView,
} from '@shop/projections';
import type { EventStore } from '@shop/event-store';
import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { subscriptionAsOf } from '../history/state-as-of.js';
import type { OperatorSubscriptions } from './operator-subscriptions.js';
import { withNextCharge } from './automatic-renewals.js';
import { adminListQuery, adminListRoute, booleanFilter, idsFilter, oneOrMany } from '../api/admin-list-query.js';
import { operatorAct } from '../api/auth/authentication.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { HttpProblem, parseOrReject } from '../api/problem.js';
import { actOnEach } from '../api/bulk.js';
import {
  adminSubscription,
  adminSubscriptionAfterChange,
  adminSubscriptionList,
  adminSubscriptionReactivation,
  adminSubscriptionStatusChange,
  adminSubscriptionVoid,
  asOfInstant,
  asOfQuery,
  bulkOutcome,
  bulkSubscriptionStatusChange,
  identifier,
  subscriptionAsOf as subscriptionAsOfSchema,
  personalData,
  text,
  voidedSubscription,
  SUBSCRIPTION_STATUSES,
  type AdminSubscription,
  type AdminSubscriptionAfterChange,
  type SubscriptionAsOf,
  type VoidedSubscription,
} from '@shop/contracts';

const listQuery = adminListQuery(
  ADMIN_SUBSCRIPTION_SORT_FIELDS,
  ['createdAt', 'desc'],
  z.strictObject({
    id: idsFilter.optional(),
    status: oneOrMany(z.enum(SUBSCRIPTION_STATUSES)).optional(),
    planId: oneOrMany(text({ max: 64 })).optional(),
    userId: text({ max: 64 }).optional(),
    hasCredentials: booleanFilter.optional(),
    customerCancelled: booleanFilter.optional(),
    refundRequested: booleanFilter.optional(),
    autoRenew: booleanFilter.optional(),
    renewalFailed: booleanFilter.optional(),
    createdBefore: asOfInstant.optional(),
    paidBefore: asOfInstant.optional(),
    expiresAfter: asOfInstant.optional(),
    expiresBefore: asOfInstant.optional(),
    q: personalData(text({ max: 200 })).optional(),
  }),
  '{"status":"active","hasCredentials":false,"customerCancelled":true,"refundRequested":true,"autoRenew":true,"renewalFailed":true,"planId":"netflix","createdBefore":"2026-11-26T12:00:00Z","paidBefore":"…","expiresAfter":"…","expiresBefore":"…","q":"words in the e-mail, name or plan"}',
);

const notFound = (id: string) =>
  new HttpProblem({ status: 404, code: 'subscription.not_found', detail: 'No such subscription', extra: { id } });

const subscriptionParams = z.object({ id: identifier() });

/**
 * The back-office's subscriptions: every customer's orders, to follow up and to give credentials
 * to; the operator changes a status or voids one, each time with a reason kept in its history.
 */
export function adminSubscriptionRoutes(
  deps: { knex: Knex; store: EventStore; clock: () => Date; operator: OperatorSubscriptions; renewalLeadHours: number },
  doc: ApiDocument,
): Router {
  const router = Router();
  const { operator } = deps;
  const shown = <V extends AdminSubscriptionView>(view: V) => withNextCharge(view, deps.renewalLeadHours);

  adminListRoute(
    doc,
    router,
    {
      path: '/api/admin/subscriptions',
      operationId: 'listSubscriptions',
      summary: 'List subscriptions',
      description:
        "Subscriptions with their customer's e-mail and name (ra-data-simple-rest list; Content-Range: subscriptions a-b/total).",
      query: listQuery,
      rows: { description: 'Subscriptions', schema: adminSubscriptionList },
    },
    async ({ filter, ...page }) => {
      const { data, total } = await listSubscriptionsForAdmin(deps.knex, {
        ...page,
        filter: {
          ids: filter.id,
          status: filter.status,
          planIds: filter.planId,
          userId: filter.userId,
          hasCredentials: filter.hasCredentials,
          customerCancelled: filter.customerCancelled,
          refundRequested: filter.refundRequested,
          autoRenew: filter.autoRenew,
          renewalFailed: filter.renewalFailed,
          createdBefore: filter.createdBefore,
          paidBefore: filter.paidBefore,
          expiresAfter: filter.expiresAfter,
          expiresBefore: filter.expiresBefore,
          q: filter.q,
        },
      });
      return { data: data.map(shown), total };
    },
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/subscriptions/:id',
      operationId: 'getSubscription',
      summary: 'Get one subscription',
      description:
        "One subscription with its customer's e-mail and name (`[erased]` once the person is erased). A voided one stays readable with its history: it has `voidedAt` and `voidReason`, and is in no list or figure. With `asOf`, the subscription as it stood at that instant, folded from its events recorded up to then (a voided one too).",
      tags: ['admin'],
      params: subscriptionParams,
      query: asOfQuery,
      responses: {
        200: {
          description: 'The subscription (voided or not), or its state as of the instant asked',
          schema: z.union([voidedSubscription, adminSubscription, subscriptionAsOfSchema]),
        },
        400: problem('validation.failed (asOf is not an ISO 8601 instant)'),
        404: problem('subscription.not_found; subscription.not_found_as_of (it did not exist yet then)'),
      },
    },
    async (req, res) => {
      const id = String(req.params.id);
      const { asOf } = parseOrReject(asOfQuery, req.query);
      if (asOf) {
        const state = await subscriptionAsOf(deps, id, asOf);
        if (!state)
          throw new HttpProblem({
            status: 404,
            code: 'subscription.not_found_as_of',
            detail: 'This subscription did not exist yet at that instant',
            extra: { id, asOf: asOf.toISOString() },
          });
        const answer: SubscriptionAsOf = state;
        res.json(answer);
        return;
      }
      const found = await getSubscriptionForAdminWithVoid(deps.knex, id);
      if (!found) throw notFound(id);
      const { subscription, voidedAt, voidReason } = found;
      const answer: AdminSubscription | VoidedSubscription =
        voidedAt === null ? shown(subscription) : { ...shown(subscription), voidedAt, voidReason: voidReason ?? '' };
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/subscriptions/bulk-status',
      operationId: 'changeSubscriptionStatuses',
      summary: 'Change the status of several subscriptions',
      description:
        "Changes each selected subscription's status with the same reason, each by its own ChangeSubscriptionStatus (the operator as actor, one correlation id for the batch). A subscription whose status does not allow the move is reported refused with the problem's code and leaves the others unaffected; one already in that status is unchanged.",
      tags: ['admin'],
      body: bulkSubscriptionStatusChange,
      responses: {
        200: { description: "Each subscription's outcome, in the order sent", schema: bulkOutcome },
        400: problem('validation.failed (no reason, no selection, more than 100, an id twice)'),
      },
    },
    async (req, res) => {
      const { ids, status, reason } = parseOrReject(bulkSubscriptionStatusChange, req.body);
      const act = operatorAct(req);
      res.json(await actOnEach(ids, (id) => operator.changeStatus(id, status, reason, act)));
    },
  );

  doc.route(
    router,
    {
      method: 'put',
      path: '/api/admin/subscriptions/:id',
      operationId: 'changeSubscriptionStatus',
      summary: "Change a subscription's status",
      description:
        'Changes the status (ChangeSubscriptionStatus, the operator as actor) with a reason kept in its history. Active → suspended, cancelled or expired; suspended → active (before its expiry), cancelled or expired; cancelled and expired are final. The same status again changes nothing.',
      tags: ['admin'],
      params: subscriptionParams,
      body: adminSubscriptionStatusChange,
      responses: {
        200: { description: 'The subscription with its new status', schema: adminSubscriptionAfterChange },
        400: problem('validation.failed (no reason, a status not offered)'),
        404: problem('subscription.not_found'),
        409: problem(
          'subscription.invalid_transition (a move the subscription does not allow; `allowed` lists those it does), subscription.past_expiry (reactivating past its expiry), subscription.voided',
        ),
      },
    },
    async (req, res) => {
      const id = String(req.params.id);
      const { status, reason } = parseOrReject(adminSubscriptionStatusChange, req.body);
      const { changed } = await operator.changeStatus(id, status, reason, operatorAct(req));
      // The read model may trail the append: answer the subscription as it now is.
      const found = await getSubscriptionForAdmin(deps.knex, id);
      const view = found && shown(found);
      const answer: AdminSubscriptionAfterChange = changed
        ? { ...(view ?? { id }), status, statusReason: reason }
        : (view ?? { id, status, statusReason: null });
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'delete',
      path: '/api/admin/subscriptions/:id',
      operationId: 'voidSubscription',
      summary: 'Void a subscription recorded by mistake',
      description:
        "Voids a subscription recorded by mistake (VoidSubscription, the operator as actor, with a reason): it leaves every list, the customer's included, and every figure, its revenue included; its history stays in the log and its page readable. A subscription holding money the shop kept is refunded instead (POST …/refunds): voiding it is refused (409 subscription.void_paid, with `keptCents`) unless `insist` is true. Voiding it again changes nothing.",
      tags: ['admin'],
      params: subscriptionParams,
      body: adminSubscriptionVoid,
      responses: {
        200: { description: 'The subscription as it was, now voided', schema: voidedSubscription },
        400: problem('validation.failed (no reason)'),
        404: problem('subscription.not_found'),
        409: problem('subscription.void_paid (it holds money the shop kept: refund it, or insist)'),
      },
    },
    async (req, res) => {
      const id = String(req.params.id);
      const { reason, insist } = parseOrReject(adminSubscriptionVoid, req.body);
      // Only what the back-office can see can be voided: the read model knows every listed subscription.
      const before = await getSubscriptionForAdminWithVoid(deps.knex, id);
      if (!before) throw notFound(id);
      const { changed } = await operator.void(id, reason, operatorAct(req), { insist });
      const answer: VoidedSubscription = {
        ...shown(before.subscription),
        voidedAt: changed || before.voidedAt === null ? deps.clock().toISOString() : before.voidedAt,
        voidReason: changed || before.voidReason === null ? reason : before.voidReason,
      };
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/subscriptions/:id/reactivation',
      operationId: 'reactivateSubscription',
      summary: 'Reactivate a cancelled subscription',
      description:
        'Takes back a cancellation (ReactivateSubscription, the operator as actor, with a reason kept in its history): a cancelled subscription, paid and not refunded, becomes active again until its expiry. The cancellation stays in the history; cancelling again is another recorded action.',
      tags: ['admin'],
      params: subscriptionParams,
      body: adminSubscriptionReactivation,
      responses: {
        200: { description: 'The subscription, active again', schema: adminSubscriptionAfterChange },
        400: problem('validation.failed (no reason)'),
        404: problem('subscription.not_found'),
        409: problem(
          'subscription.not_cancelled, subscription.past_expiry (its expiry has passed), subscription.refunded, subscription.not_paid (an order cancelled before it was paid), subscription.voided, account.erased',
        ),
      },
    },
    async (req, res) => {
      const id = String(req.params.id);
      const { reason } = parseOrReject(adminSubscriptionReactivation, req.body);
      await operator.reactivate(id, reason, operatorAct(req));
      const found = await getSubscriptionForAdmin(deps.knex, id);
      const answer: AdminSubscriptionAfterChange = {
        ...(found ? shown(found) : { id }),
        status: 'active',
        statusReason: reason,
      };
      res.json(answer);
    },
  );

  return router;
}
