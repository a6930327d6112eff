import { paymentSyncRequest, paymentSyncResult, type PaymentSyncResult } from '@shop/contracts';
import { Router } from 'express';
import type { Knex } from 'knex';
import type { StripeSync } from './stripe-sync.js';
import { currentUser } from '../api/auth/authentication.js';
import { problem, type ApiDocument } from '../api/openapi.js';

/** The back-office's payment sync: missed Stripe payments of one customer, fulfilled on request. */
export function adminPaymentRoutes(deps: { knex: Knex; stripeSync: StripeSync }, doc: ApiDocument): Router {
  const router = Router();

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/payments/sync',
      operationId: 'syncStripePayments',
      summary: 'Fulfil paid Stripe payments whose notice was missed',
      description:
        "A customer's complete, paid Stripe Checkout Sessions whose notification was missed. Idempotent: a second run syncs nothing.",
      tags: ['admin'],
      body: paymentSyncRequest,
      responses: {
        200: { description: 'What was fulfilled, and the sessions left aside', schema: paymentSyncResult },
        404: problem('account.not_found'),
        422: problem('payment.provider_unavailable (Stripe is not switched on)'),
      },
    },
    async (req, res) => {
      const { email } = paymentSyncRequest.parse(req.body ?? {});
      const admin = currentUser(req);
      const answer: PaymentSyncResult = await deps.stripeSync.syncCustomer(email, {
        actor: { type: 'admin', id: admin.userId },
        correlationId: String(req.id),
      });
      res.json(answer);
    },
  );
  return router;
}
