import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  checkoutRequest,
  identifier,
  orderRequest,
  orderResponse,
  promoCheck,
  promoCheckRequest,
  type OrderResponse,
  type PromoCheck,
} from '@shop/contracts';
import type { OrderService } from './order-service.js';
import { inCustomerLanguage } from '../notifications/customer-preferences.js';
import { currentUser, requireUser } from '../api/auth/authentication.js';
import { requestLanguage } from '../api/language.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { idempotencyKeyOf } from '../api/idempotency.js';
import { redirectFor } from '../api/redirect-url.js';

export function orderRoutes(deps: { knex: Knex; orders: OrderService; clock: () => Date }, doc: ApiDocument): Router {
  const router = Router();

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/orders',
      operationId: 'placeOrder',
      summary: 'Order a plan',
      description:
        'Answers where to send the browser to pay. An Idempotency-Key makes a retry return the first answer.',
      tags: ['orders'],
      body: orderRequest,
      responses: {
        201: { description: 'Order placed, payment pending', schema: orderResponse },
        400: problem('Invalid input'),
        404: problem('promo.unknown'),
        409: problem('promo.expired, promo.exhausted, idempotency.in_progress'),
        422: problem('order.unknown_plan, payment.provider_unavailable, idempotency.key_reused'),
      },
    },
    requireUser,
    async (req, res) => {
      const body = orderRequest.parse(req.body);
      const key = idempotencyKeyOf(req);
      const { userId } = currentUser(req);
      const language = requestLanguage(req);
      const order = await inCustomerLanguage(deps.knex, { userId, language, now: deps.clock() }, () =>
        deps.orders.placeOrder({ ...body, userId, language }, { idempotencyKey: key, correlationId: String(req.id) }),
      );
      const answer: OrderResponse = { ...order, redirectUrl: redirectFor(req, order.redirectUrl) };
      res.status(201).json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/orders/:id/checkout',
      operationId: 'openCheckout',
      summary: 'Open a new checkout for a pending order',
      description: 'A new payment session, to finalise the payment.',
      tags: ['orders'],
      params: z.object({ id: identifier() }),
      body: checkoutRequest,
      responses: {
        200: { description: 'Where to pay', schema: orderResponse },
        400: problem('Invalid input'),
        404: problem('subscription.not_found'),
        409: problem('subscription.not_pending'),
        422: problem('payment.provider_unavailable'),
      },
    },
    requireUser,
    async (req, res) => {
      const { provider } = checkoutRequest.parse(req.body ?? {});
      const order = await deps.orders.checkoutExisting(
        {
          userId: currentUser(req).userId,
          subscriptionId: String(req.params.id),
          provider,
          language: requestLanguage(req),
        },
        String(req.id),
      );
      const answer: OrderResponse = { ...order, redirectUrl: redirectFor(req, order.redirectUrl) };
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/promo-codes/check',
      operationId: 'checkPromoCode',
      summary: 'Check a promo code',
      description: 'Whether it applies to this plan and duration, and the resulting total.',
      tags: ['orders'],
      body: promoCheckRequest,
      responses: {
        200: { description: 'Whether it applies, and the total', schema: promoCheck },
        400: problem('Invalid input'),
        422: problem('order.unknown_plan'),
      },
    },
    async (req, res) => {
      const answer: PromoCheck = await deps.orders.checkPromo(promoCheckRequest.parse(req.body));
      res.json(answer);
    },
  );

  return router;
}
