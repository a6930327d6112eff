import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { StripeSync } from '../../payments/stripe-sync.js';
import { currentUser } from '../auth/authentication.js';
import type { ApiDocument } from '../openapi.js';
import { problemSchema } from '../problem.js';
import { text } from '../text.js';

const syncBody = z.strictObject({ email: text({ min: 1, max: 254 }) });

/** The back-office's payment sync: missed Stripe payments of one customer, fulfilled on request. */
export function adminPaymentRoutes(deps: { knex: Knex; stripeSync: StripeSync }, doc: ApiDocument): Router {
  const router = Router();
  const problems = { schema: problemSchema, problem: true } as const;

  doc.add({
    method: 'post',
    path: '/api/admin/payments/sync',
    summary:
      "Fulfils a customer's complete, paid Stripe Checkout Sessions whose notification was missed (idempotent: a second run syncs nothing)",
    tags: ['admin'],
    body: syncBody,
    responses: {
      200: {
        description:
          '{ message, count, payments: [{ planName, sessionId, amountCents, date }], mismatches, unmatched: [{ sessionId, amountCents, currency }] }',
      },
      400: { description: 'validation.failed', ...problems },
      401: { description: 'auth.required', ...problems },
      403: { description: 'auth.forbidden', ...problems },
      404: { description: 'account.not_found', ...problems },
      422: { description: 'payment.provider_unavailable (Stripe is not switched on)', ...problems },
    },
  });
  router.post('/api/admin/payments/sync', async (req, res) => {
    const { email } = syncBody.parse(req.body ?? {});
    const admin = currentUser(req);
    res.json(
      await deps.stripeSync.syncCustomer(email, {
        actor: { type: 'admin', id: admin.userId },
        correlationId: String(req.id),
      }),
    );
  });
  return router;
}
