import { getPlan } from '@shop/projections';
import { Router } from 'express';
import type { Knex } from 'knex';
import { CatalogueAnswers } from './catalogue-answers.js';
import { requestLanguage } from '../api/language.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { sendPrepared } from '../api/send-prepared.js';
import { HttpProblem } from '../api/problem.js';
import { requestGuard } from '../api/request-guard.js';
import { z } from 'zod';
import { identifier, plan, planList, planListQuery, planQuery, type Plan } from '@shop/contracts';

const planParams = z.object({ id: identifier(64) });

/**
 * `GET /api/plans`, answered from memory, compressed and tagged once per catalogue version: it needs
 * none of the per-request machinery (compression, body parsing, cookies, session, CSRF), so the
 * app mounts it before them. Only the request guard runs first, as for every route.
 */
export function catalogueListRoute(deps: { knex: Knex }, doc: ApiDocument): Router {
  const router = Router();
  const catalogue = new CatalogueAnswers(deps.knex);

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/plans',
      operationId: 'listPlans',
      summary: 'List the plans on sale',
      tags: ['catalogue'],
      query: planListQuery,
      responses: {
        200: { description: 'The plans, in display order; ETag names this version of the list', schema: planList },
        304: { description: 'Not modified: the If-None-Match tag is still the current list' },
        400: problem('Unknown category'),
      },
    },
    requestGuard,
    async (req, res) => {
      const query = planListQuery.parse(req.query);
      const language = requestLanguage(req);
      const answer = await catalogue.answer(language, query.category);
      res.setHeader('Content-Language', language);
      // Kept by the browser, asked again each time: a 304 when nothing changed.
      res.setHeader('Cache-Control', 'no-cache');
      sendPrepared(req, res, answer, 'application/json; charset=utf-8');
    },
  );

  return router;
}

/** The catalogue's other reads. */
export function catalogueRoutes(deps: { knex: Knex }, doc: ApiDocument): Router {
  const router = Router();

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/plans/:id',
      operationId: 'getPlan',
      summary: 'Get one plan',
      tags: ['catalogue'],
      params: planParams,
      query: planQuery,
      responses: {
        200: { description: 'The plan', schema: plan },
        400: problem('validation.failed (not a plan id)'),
        404: problem('plan.not_found: no such plan, or taken off sale'),
      },
    },
    async (req, res) => {
      const { id } = planParams.parse(req.params);
      // A plan taken off sale is gone from the shop (its subscribers' pages do not read it here).
      const answer: Plan | null = await getPlan(deps.knex, id, requestLanguage(req), { onSaleOnly: true });
      if (!answer)
        throw new HttpProblem({ status: 404, code: 'plan.not_found', detail: `No plan ${id}`, extra: { planId: id } });
      res.set('Content-Language', requestLanguage(req)).json(answer);
    },
  );

  return router;
}
