import {
  adminSubscriptionGrant,
  adminSubscriptionGranted,
  identifier,
  type AdminSubscriptionGranted,
} from '@shop/contracts';
import { Router } from 'express';
import { z } from 'zod';
import type { OperatorSubscriptions } from './operator-subscriptions.js';
import { operatorAct } from '../api/auth/authentication.js';
import { idempotencyKeyOf } from '../api/idempotency.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { parseOrReject } from '../api/problem.js';

const userParams = z.object({ id: identifier(64) });

/** The operator grants a customer a subscription (paid outside the shop, a gesture, a replacement). */
export function adminGrantRoutes(deps: { grants: OperatorSubscriptions }, doc: ApiDocument): Router {
  const router = Router();
  const { grants } = deps;

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/users/:id/subscriptions',
      operationId: 'grantSubscription',
      summary: 'Grant a customer a subscription',
      description:
        'Grants the customer an active subscription for months (catalogue price, or customPriceCents), mailed and notified as a paid one (OrderPlaced and PaymentConfirmed with the operator as actor and provider "operator"). With an Idempotency-Key header a retry answers the same subscription; the key with another customer or other terms is refused.',
      tags: ['admin'],
      params: userParams,
      body: adminSubscriptionGrant,
      responses: {
        201: { description: 'Granted (or granted before with this key)', schema: adminSubscriptionGranted },
        400: problem('validation.failed, idempotency.invalid_key'),
        404: problem('account.not_found'),
        409: problem('account.erased (the person was erased), idempotency.in_progress'),
        422: problem('order.unknown_plan, idempotency.key_reused (the key was used for another request)'),
      },
    },
    async (req, res) => {
      const userId = String(req.params.id);
      const input = parseOrReject(adminSubscriptionGrant, req.body);
      const idempotencyKey = idempotencyKeyOf(req);
      const { subscriptionId } = await grants.grant(
        {
          userId,
          planId: input.planId,
          months: input.months,
          customPriceCents: input.customPriceCents ?? null,
          idempotencyKey,
        },
        operatorAct(req),
      );
      const answer: AdminSubscriptionGranted = { subscriptionId };
      res.status(201).json(answer);
    },
  );

  return router;
}
