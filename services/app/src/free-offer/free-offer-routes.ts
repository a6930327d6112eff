import {
  adminFreeOffer,
  adminFreeOfferSettings,
  freeOffer,
  freeOfferClaimed,
  type AdminFreeOffer,
  type FreeOffer,
  type FreeOfferClaimed,
} from '@shop/contracts';
import { Router } from 'express';
import type { Knex } from 'knex';
import { FreeOfferService } from './free-offer-service.js';
import { inCustomerLanguage } from '../notifications/customer-preferences.js';
import { currentUser, operatorAct, requireUser } from '../api/auth/authentication.js';
import { requestLanguage } from '../api/language.js';
import { ADMIN_REFUSALS, problem, type ApiDocument } from '../api/openapi.js';
import { parseOrReject } from '../api/problem.js';

/**
 * The free offer (ADR 0018): the shop shows it and customers claim it; the operator sets it.
 * The back-office paths are behind the admin check mounted before this router.
 */
export function freeOfferRoutes(
  deps: { offer: FreeOfferService; knex: Knex; clock: () => Date },
  doc: ApiDocument,
): Router {
  const { offer } = deps;
  const router = Router();

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/free-offer',
      operationId: 'getFreeOffer',
      summary: 'Get the free offer',
      description:
        'The free offer while it runs with places left: its plan (named in ?lang), months and places left, and whether the signed-in customer already claimed it.',
      tags: ['free-offer'],
      responses: {
        200: { description: 'The offer', schema: freeOffer },
        404: problem('free_offer.not_found (off, never set, or every place taken)'),
      },
    },
    async (req, res) => {
      const answer: FreeOffer = await offer.publicOffer(requestLanguage(req), req.auth?.userId);
      // The answer depends on who asks: no shared cache may keep it.
      res.set('Cache-Control', 'private, no-store').json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/free-offer/claim',
      operationId: 'claimFreeOffer',
      summary: 'Claim the free offer',
      description:
        'Claims the free offer for the signed-in customer, once per account: an active subscription at 0 (OrderPlaced and PaymentConfirmed with provider "free_offer"), mailed and notified as a paid one.',
      tags: ['free-offer'],
      responses: {
        201: { description: 'Claimed: the subscription it gave', schema: freeOfferClaimed },
        409: problem('free_offer.already_claimed, free_offer.closed, free_offer.sold_out, concurrency'),
      },
    },
    requireUser,
    async (req, res) => {
      const { userId } = currentUser(req);
      const language = requestLanguage(req);
      const answer: FreeOfferClaimed = await inCustomerLanguage(
        deps.knex,
        { userId, language, now: deps.clock() },
        () => offer.claim(userId, String(req.id)),
      );
      res.status(201).json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/free-offer',
      operationId: 'getFreeOfferSettings',
      summary: "Get the free offer's settings",
      description:
        'The free offer as the operator set it (planId null until first set), with the places claimed and left.',
      tags: ['admin'],
      responses: { 200: { description: 'The settings and places', schema: adminFreeOffer }, ...ADMIN_REFUSALS },
    },
    async (_req, res) => {
      const answer: AdminFreeOffer = await offer.adminView();
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'put',
      path: '/api/admin/free-offer',
      operationId: 'setFreeOffer',
      summary: 'Set the free offer',
      description:
        'Sets the free offer whole (plan on sale, months 1-120, default 12, places no fewer than claimed, on or off); recorded as FreeOfferChanged with the operator as actor, nothing when unchanged.',
      tags: ['admin'],
      body: adminFreeOfferSettings,
      responses: {
        200: { description: 'The settings and places', schema: adminFreeOffer },
        422: problem('free_offer.unknown_plan, free_offer.plan_not_on_sale, free_offer.too_few_places'),
      },
    },
    async (req, res) => {
      const input = parseOrReject(adminFreeOfferSettings, req.body);
      const answer: AdminFreeOffer = await offer.configure(input, operatorAct(req));
      res.json(answer);
    },
  );

  return router;
}
