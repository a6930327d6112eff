import {
  ADMIN_PLAN_SORT_FIELDS,
  getPlanForAdmin,
  getPromoCode,
  listPlansForAdmin,
  listPromoCodes,
  PROMO_CODE_SORT_FIELDS,
} from '@shop/projections';
import {
  adminPlan,
  adminPlanList,
  adminPlanUpdate,
  adminPromoCode,
  adminPromoCodeList,
  identifier,
  PLAN_CATEGORIES,
  promoCodeCreate,
  promoCodeUpdate,
  text,
  type AdminPlan,
  type AdminPromoCode,
} from '@shop/contracts';
import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { OperatorCatalogue } from './operator-catalogue.js';
import { adminListQuery, adminListRoute, booleanFilter, idsFilter } from '../api/admin-list-query.js';
import { operatorAct } from '../api/auth/authentication.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { HttpProblem, parseOrReject } from '../api/problem.js';

const promoListQuery = adminListQuery(
  PROMO_CODE_SORT_FIELDS,
  ['createdAt', 'desc'],
  z.strictObject({
    id: idsFilter.optional(),
    q: text({ max: 64 }).optional(),
    active: booleanFilter.optional(),
  }),
  '{"q":"part of the code","active":true}',
);

const planListQuery = adminListQuery(
  ADMIN_PLAN_SORT_FIELDS,
  ['sortOrder', 'asc'],
  z.strictObject({
    id: idsFilter.optional(),
    q: text({ max: 200 }).optional(),
    onSale: booleanFilter.optional(),
    category: z.enum(PLAN_CATEGORIES).optional(),
  }),
  '{"q":"part of the name","onSale":true,"category":"SVOD"}',
);

/** A validity window that ends before it starts is bad input, said on the field, like the others. */
const windowInOrder = (value: { validFrom: string | null; validUntil: string | null }) =>
  value.validFrom === null || value.validUntil === null || Date.parse(value.validFrom) < Date.parse(value.validUntil);
const windowMessage = { message: 'validUntil must come after validFrom', path: ['validUntil'] };
const createBody = promoCodeCreate.refine(windowInOrder, windowMessage);
const updateBody = promoCodeUpdate.refine(windowInOrder, windowMessage);

const codeParams = z.object({ id: identifier(64) });
const planParams = z.object({ id: identifier(64) });

/**
 * The back-office's catalogue: promo codes and plans. Every change is a command on the code's or
 * the plan's stream with the operator as actor. The shop follows at once for promo codes (an order
 * or a check folds the code's stream) and within the projector's lag for plans.
 */
export function adminCatalogueRoutes(deps: { knex: Knex; operator: OperatorCatalogue }, doc: ApiDocument): Router {
  const router = Router();
  const { operator } = deps;

  adminListRoute(
    doc,
    router,
    {
      path: '/api/admin/promo-codes',
      operationId: 'listPromoCodes',
      summary: 'List promo codes',
      description: 'With their use (ra-data-simple-rest list; Content-Range: promo-codes a-b/total).',
      query: promoListQuery,
      rows: { description: 'Promo codes', schema: adminPromoCodeList },
    },
    ({ filter, ...page }) =>
      listPromoCodes(deps.knex, { ...page, filter: { ids: filter.id, q: filter.q, active: filter.active } }),
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/promo-codes/:id',
      operationId: 'getPromoCode',
      summary: 'Get one promo code',
      description: 'Its id is the code, in any case.',
      tags: ['admin'],
      params: codeParams,
      responses: {
        200: { description: 'The promo code', schema: adminPromoCode },
        400: problem('validation.failed'),
        404: problem('promo.not_found'),
      },
    },
    async (req, res) => {
      const { id } = parseOrReject(codeParams, req.params);
      const answer: AdminPromoCode | null = await getPromoCode(deps.knex, id);
      if (!answer) throw new HttpProblem({ status: 404, code: 'promo.not_found', detail: `No promo code ${id}` });
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/admin/promo-codes',
      operationId: 'createPromoCode',
      summary: 'Create a promo code',
      description: 'PromoCodeDefined, the operator as actor; usable in the shop at once.',
      tags: ['admin'],
      body: createBody,
      responses: {
        201: { description: 'The promo code', schema: adminPromoCode },
        409: problem('promo.already_exists'),
      },
    },
    async (req, res) => {
      const body = parseOrReject(createBody, req.body);
      const answer: AdminPromoCode = await operator.createPromoCode(body, operatorAct(req));
      res.status(201).json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'put',
      path: '/api/admin/promo-codes/:id',
      operationId: 'revisePromoCode',
      summary: 'Revise a promo code',
      description:
        'Revises, deactivates or reactivates a promo code against the version the form was loaded at; the shop applies it at once.',
      tags: ['admin'],
      params: codeParams,
      body: updateBody,
      responses: {
        200: { description: 'The promo code', schema: adminPromoCode },
        404: problem('promo.not_found'),
        409: problem('promo.stale: changed meanwhile, reload it'),
      },
    },
    async (req, res) => {
      const { id } = parseOrReject(codeParams, req.params);
      const body = parseOrReject(updateBody, req.body);
      const answer: AdminPromoCode = await operator.revisePromoCode({ ...body, code: id }, operatorAct(req));
      res.json(answer);
    },
  );

  adminListRoute(
    doc,
    router,
    {
      path: '/api/admin/plans',
      operationId: 'listAdminPlans',
      summary: 'List every plan, on sale or not',
      description: 'A ra-data-simple-rest list; Content-Range: plans a-b/total.',
      query: planListQuery,
      rows: { description: 'Plans', schema: adminPlanList },
    },
    ({ filter, ...page }) =>
      listPlansForAdmin(deps.knex, {
        ...page,
        filter: { ids: filter.id, q: filter.q, onSale: filter.onSale, category: filter.category },
      }),
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/plans/:id',
      operationId: 'getAdminPlan',
      summary: 'Get one plan in both languages',
      description: 'With its features in both languages.',
      tags: ['admin'],
      params: planParams,
      responses: {
        200: { description: 'The plan', schema: adminPlan },
        400: problem('validation.failed'),
        404: problem('plan.not_found'),
      },
    },
    async (req, res) => {
      const { id } = parseOrReject(planParams, req.params);
      const answer: AdminPlan | null = await getPlanForAdmin(deps.knex, id);
      if (!answer) throw new HttpProblem({ status: 404, code: 'plan.not_found', detail: `No plan ${id}` });
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'put',
      path: '/api/admin/plans/:id',
      operationId: 'revisePlan',
      summary: 'Change a plan',
      description:
        'Changes a plan (PlanRevised, PlanWithdrawn, PlanBackOnSale; the operator as actor) against the version the form was loaded at.',
      tags: ['admin'],
      params: planParams,
      body: adminPlanUpdate,
      responses: {
        200: { description: 'The plan', schema: adminPlan },
        404: problem('plan.not_found'),
        409: problem('plan.stale: changed meanwhile, reload it'),
        422: problem('plan.invalid'),
      },
    },
    async (req, res) => {
      const { id } = parseOrReject(planParams, req.params);
      const body = parseOrReject(adminPlanUpdate, req.body);
      const answer: AdminPlan = await operator.revisePlan(id, body, operatorAct(req));
      res.json(answer);
    },
  );

  return router;
}
