import { paymentToClaim, REFUND_WINDOW_DAYS, refundWindowClosesAt, type GuaranteedPayment } from '@shop/domain';
import {
  guaranteedPaymentsOf,
  isCurrentlyActive,
  listPlans,
  listSubscriptionsOfUser,
  type SubscriptionView,
} from '@shop/projections';
import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  autoRenewAnswer,
  autoRenewRequest,
  cancellationAnswer,
  cancellationRequest,
  customerSubscriptions,
  identifier,
  refundRequestAnswer,
  refundRequestBody,
  renewalRequest,
  renewalResponse,
  type CustomerSubscription,
  type RenewalResponse,
  type CustomerSubscriptions,
} from '@shop/contracts';
import type { SubscriptionLifecycle } from './subscription-lifecycle.js';
import { nextChargeOf } from './automatic-renewals.js';
import { inCustomerLanguage } from '../notifications/customer-preferences.js';
import { currentUser, requireUser } from '../api/auth/authentication.js';
import { requestLanguage } from '../api/language.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { redirectFor } from '../api/redirect-url.js';
import { idempotencyKeyOf } from '../api/idempotency.js';

/**
 * What a subscription cost its customer in all: the order and its renewals paid, less what went
 * back; nothing for an order never paid, or one refunded in full (its money all went back).
 */
function paidInAll(s: SubscriptionView): number {
  return s.paidAt !== null && s.statusReason !== 'refunded' ? s.totalCents + s.renewedCents - s.refundedCents : 0;
}

/** A subscription as its customer sees it on their profile, with what they can do with it now. */
function customerView(
  s: SubscriptionView,
  plan: { logo: string | null; monthlyPriceCents: number; currency: string; onSale: boolean } | undefined,
  payments: readonly GuaranteedPayment[],
  now: Date,
  leadHours: number,
): CustomerSubscription {
  // A plan taken off sale is renewed neither automatically nor by hand: nothing is promised.
  const planWithdrawn = plan !== undefined && !plan.onSale;
  const requestedAt = s.refundRequestedAt ? Date.parse(s.refundRequestedAt) : null;
  // The customer's request, shown while it waits for the operator (as the back-office's filter says).
  const waiting =
    requestedAt !== null &&
    s.statusReason !== 'refunded' &&
    (s.refundAnsweredAt === null || Date.parse(s.refundAnsweredAt) < requestedAt);
  const refundRequestedAt = waiting ? s.refundRequestedAt : null;
  // The domain's rule: the payment a request would be for now, and until when.
  const claimable = paymentToClaim(payments, now);
  const refundableUntil = claimable ? refundWindowClosesAt(claimable.paidAt).toISOString() : null;
  const nextCharge = nextChargeOf(s, planWithdrawn ? undefined : plan, leadHours);
  return {
    id: s.id,
    planId: s.planId,
    planName: s.planName,
    logo: plan?.logo ?? null,
    status: s.status,
    totalCents: s.totalCents,
    currency: s.currency,
    months: s.months,
    renewalCount: s.renewalCount,
    paidCents: paidInAll(s),
    expiresAt: s.expiresAt,
    purchasedAt: s.createdAt,
    paymentIssue: s.lastPaymentIssue,
    autoRenew: s.autoRenew,
    paymentMethod: s.paymentMethod,
    nextChargeAt: nextCharge?.at ?? null,
    nextChargeCents: nextCharge?.amountCents ?? null,
    renewalFailedAt: s.renewalFailedAt,
    renewalRetryAt: s.renewalRetryAt,
    cancelledAt: s.customerCancelledAt,
    renewable: (s.status === 'active' || s.status === 'expired') && !planWithdrawn,
    planWithdrawn,
    refundableUntil,
    refundRequestedAt,
  };
}

/** The customer's own subscriptions: the profile's list and figures, renewing, cancelling, the 7-day guarantee. */
export function mySubscriptionRoutes(
  deps: { knex: Knex; lifecycle: SubscriptionLifecycle; clock: () => Date; renewalLeadHours: number },
  doc: ApiDocument,
): Router {
  const router = Router();
  const params = z.object({ id: identifier() });
  /** What every action on one of the customer's subscriptions may answer besides its own refusals. */
  const actionRefusals = {
    404: problem('subscription.not_found'),
  };
  const subscriptionId = (req: { params: Record<string, unknown> }) => String(req.params.id);

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/me/subscriptions',
      operationId: 'listMySubscriptions',
      summary: 'List your subscriptions',
      description: 'Newest first, with the profile figures and what can be done with each now.',
      tags: ['me'],
      responses: {
        200: { description: 'Subscriptions and figures', schema: customerSubscriptions },
      },
    },
    requireUser,
    async (req, res) => {
      const language = requestLanguage(req);
      const [subscriptions, plans, onSale] = await Promise.all([
        listSubscriptionsOfUser(deps.knex, currentUser(req).userId),
        listPlans(deps.knex, { language }),
        listPlans(deps.knex, { language, onSaleOnly: true }),
      ]);
      const payments = await guaranteedPaymentsOf(
        deps.knex,
        subscriptions.map((s) => s.id),
      );
      const sold = new Set(onSale.map((plan) => plan.id));
      const byId = new Map(plans.map((plan) => [plan.id, { ...plan, onSale: sold.has(plan.id) }]));
      const now = deps.clock();
      const answer: CustomerSubscriptions = {
        data: subscriptions.map((s) =>
          customerView(s, byId.get(s.planId), payments.get(s.id) ?? [], now, deps.renewalLeadHours),
        ),
        // The seeds' profile figures: active with a future expiry; spent, what each cost in all.
        activeCount: subscriptions.filter((s) => isCurrentlyActive(s, now)).length,
        totalSpentCents: subscriptions.reduce((sum, s) => sum + paidInAll(s), 0),
        currency: 'EUR',
      };
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/me/subscriptions/:id/renew',
      operationId: 'renewMySubscription',
      summary: 'Renew a subscription early',
      description:
        'More months of the same subscription at the catalogue price now; once paid its expiry moves by exactly that many months (from the payment when it had expired). An Idempotency-Key makes a retry return the first answer.',
      tags: ['me'],
      params,
      body: renewalRequest,
      responses: {
        201: { description: 'Renewal ordered, payment pending', schema: renewalResponse },
        ...actionRefusals,
        404: problem('subscription.not_found, promo.unknown'),
        409: problem(
          'subscription.not_renewable (pending, cancelled, suspended), subscription.voided, promo.expired, promo.exhausted, idempotency.in_progress',
        ),
        422: problem(
          'order.unknown_plan (off sale), payment.provider_unavailable, payment.renewal_unsupported, idempotency.key_reused',
        ),
      },
    },
    requireUser,
    async (req, res) => {
      const body = renewalRequest.parse(req.body);
      const { userId } = currentUser(req);
      const language = requestLanguage(req);
      const renewal = await inCustomerLanguage(deps.knex, { userId, language, now: deps.clock() }, () =>
        deps.lifecycle.renew(
          { ...body, userId, subscriptionId: subscriptionId(req), language },
          { idempotencyKey: idempotencyKeyOf(req), correlationId: String(req.id) },
        ),
      );
      const answer: RenewalResponse = { ...renewal, redirectUrl: redirectFor(req, renewal.redirectUrl) };
      res.status(201).json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/me/subscriptions/:id/cancel',
      operationId: 'cancelMySubscription',
      summary: 'Cancel a subscription',
      description:
        'Nothing renews any more; the subscription stays active until its expiry, the date answered. Cancelling again answers the same.',
      tags: ['me'],
      params,
      body: cancellationRequest,
      responses: {
        200: { description: 'Cancelled: access lasts until accessEndsAt', schema: cancellationAnswer },
        ...actionRefusals,
        409: problem('subscription.not_active, subscription.voided'),
      },
    },
    requireUser,
    async (req, res) => {
      const { reason } = cancellationRequest.parse(req.body ?? {});
      const answer = await deps.lifecycle.cancel(
        { userId: currentUser(req).userId, subscriptionId: subscriptionId(req), reason: reason?.trim() || null },
        String(req.id),
      );
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'put',
      path: '/api/me/subscriptions/:id/auto-renew',
      operationId: 'setMySubscriptionAutoRenew',
      summary: 'Turn automatic renewal on or off',
      description:
        'Off is a cancellation (the subscription runs to its expiry). On needs a payment method the provider kept for it.',
      tags: ['me'],
      params,
      body: autoRenewRequest,
      responses: {
        200: {
          description: 'Off: cancelled, access lasts until accessEndsAt; on: it renews itself before accessEndsAt',
          schema: autoRenewAnswer,
        },
        ...actionRefusals,
        409: problem('subscription.no_saved_method, subscription.not_active, subscription.voided'),
      },
    },
    requireUser,
    async (req, res) => {
      const { enabled } = autoRenewRequest.parse(req.body);
      const answer = await deps.lifecycle.setAutoRenew(
        { userId: currentUser(req).userId, subscriptionId: subscriptionId(req), enabled },
        String(req.id),
      );
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/me/subscriptions/:id/refund-request',
      operationId: 'requestMyRefund',
      summary: 'Ask for a refund (7-day guarantee)',
      description: `Within ${REFUND_WINDOW_DAYS} days of the latest payment; the operator decides. Asking again answers the same.`,
      tags: ['me'],
      params,
      body: refundRequestBody,
      responses: {
        201: { description: 'Refund requested', schema: refundRequestAnswer },
        ...actionRefusals,
        409: problem('refund.window_closed, refund.nothing_to_refund, subscription.voided'),
      },
    },
    requireUser,
    async (req, res) => {
      const { reason } = refundRequestBody.parse(req.body);
      const answer = await deps.lifecycle.requestRefund(
        { userId: currentUser(req).userId, subscriptionId: subscriptionId(req), reason: reason.trim() },
        String(req.id),
      );
      res.status(201).json(answer);
    },
  );

  return router;
}
