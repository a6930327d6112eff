import { Router } from 'express';
import { z } from 'zod';
import {
  adminRefundRequest,
  identifier,
  subscriptionMoney,
  subscriptionRefund,
  type SubscriptionMoney,
  type SubscriptionRefund,
} from '@shop/contracts';
import type { OperatorRefunds } from './operator-refunds.js';
import { operatorAct } from '../api/auth/authentication.js';
import { idempotencyKeyOf } from '../api/idempotency.js';
import { problem, type ApiDocument } from '../api/openapi.js';

/** The back-office's view of a subscription's money, and the operator's refunds through its provider. */
export function adminRefundRoutes(deps: { refunds: OperatorRefunds }, doc: ApiDocument): Router {
  const router = Router();
  const params = z.object({ id: identifier() });

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/subscriptions/:id/payments',
      operationId: 'getSubscriptionPayments',
      summary: "A subscription's payments and refunds",
      description:
        'Each payment (the order, each renewal, any extra one) with what was refunded and what may still be, and each refund the operator asked for.',
      tags: ['admin'],
      params,
      responses: {
        200: { description: 'Payments and refunds', schema: subscriptionMoney },
        404: problem('subscription.not_found'),
      },
    },
    async (req, res) => {
      const answer: SubscriptionMoney = await deps.refunds.money(String(req.params.id));
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/subscriptions/:id/refunds',
      operationId: 'refundSubscriptionPayment',
      summary: 'Refund all or part of a payment',
      description:
        "Through the payment's provider (Stripe, Mollie, the sandbox), never more than is left of it; the latest payment when none is named. A full refund of the order ends the subscription; a partial one keeps it. Answers once the provider did (status succeeded or failed), or pending when it could not be reached: the refund is then made by a job. An Idempotency-Key makes a retry the same refund.",
      tags: ['admin'],
      params,
      body: adminRefundRequest,
      responses: {
        201: { description: 'The refund and what the provider answered', schema: subscriptionRefund },
        404: problem('subscription.not_found, refund.unknown_payment'),
        409: problem(
          'refund.exceeds_payment, refund.in_progress, refund.nothing_to_refund, refund.invalid_amount, subscription.voided',
        ),
        422: problem('refund.unsupported_provider (refund from the provider dashboard)'),
      },
    },
    async (req, res) => {
      const body = adminRefundRequest.parse(req.body);
      const answer: SubscriptionRefund = await deps.refunds.refund(
        String(req.params.id),
        { ...body, reason: body.reason.trim() },
        { ...operatorAct(req), idempotencyKey: idempotencyKeyOf(req) },
      );
      res.status(201).json(answer);
    },
  );

  return router;
}
