import { PLAN_CATEGORIES } from '@shop/domain';
import { getPlan, listPlans } from '@shop/projections';
import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { requestLanguage } from '../language.js';
import type { ApiDocument } from '../openapi.js';
import { HttpProblem, problemSchema } from '../problem.js';
import { identifier } from '../text.js';

const languageQuery = z
  .enum(['fr', 'en'])
  .optional()
  .describe('Language of the texts; Accept-Language otherwise, French by default');

export const planSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    category: z.enum(PLAN_CATEGORIES),
    monthlyPriceCents: z.number().int().describe('Price per month, taxes included, in cents'),
    currency: z.string().length(3),
    popular: z.boolean(),
    logo: z.string(),
    features: z.array(z.string()),
    sharedUsers: z
      .number()
      .int()
      .nullable()
      .describe('How many customers share one account of the service; null for a plan that does not state it yet'),
  })
  .meta({ id: 'Plan' });

const listQuery = z.object({ category: z.enum(PLAN_CATEGORIES).optional(), lang: languageQuery });
const planParams = z.object({ id: identifier(64) });

export function catalogueRoutes(deps: { knex: Knex }, doc: ApiDocument): Router {
  const router = Router();

  doc.add({
    method: 'get',
    path: '/api/plans',
    summary: 'List the plans on sale',
    tags: ['catalogue'],
    query: listQuery,
    responses: {
      200: { description: 'The plans, in display order', schema: z.object({ data: z.array(planSchema) }) },
      400: { description: 'Unknown category', schema: problemSchema, problem: true },
    },
  });
  router.get('/api/plans', async (req, res) => {
    const query = listQuery.parse(req.query);
    const plans = await listPlans(deps.knex, { language: requestLanguage(req), category: query.category });
    res.set('Content-Language', requestLanguage(req)).json({ data: plans });
  });

  doc.add({
    method: 'get',
    path: '/api/plans/:id',
    summary: 'One plan',
    tags: ['catalogue'],
    params: planParams,
    query: z.object({ lang: languageQuery }),
    responses: {
      200: { description: 'The plan', schema: planSchema },
      404: { description: 'No such plan', schema: problemSchema, problem: true },
    },
  });
  router.get('/api/plans/:id', async (req, res) => {
    const { id } = planParams.parse(req.params);
    const plan = await getPlan(deps.knex, id, requestLanguage(req));
    if (!plan)
      throw new HttpProblem({ status: 404, code: 'plan.not_found', detail: `No plan ${id}`, extra: { planId: id } });
    res.set('Content-Language', requestLanguage(req)).json(plan);
  });

  return router;
}
