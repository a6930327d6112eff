import { Router } from 'express';
import type { ApiDocument } from '../openapi.js';
import { liveness, readiness, type Liveness } from '@shop/contracts';
import { checkReadiness, type ReadinessCheck } from '../../operations/readiness.js';

export function healthRoutes(checks: readonly ReadinessCheck[], doc: ApiDocument): Router {
  const router = Router();
  doc.route(
    router,
    {
      method: 'get',
      path: '/healthz',
      summary: 'The process is alive',
      tags: ['operations'],
      responses: { 200: { description: 'Alive', schema: liveness } },
    },
    (_req, res) => {
      const answer: Liveness = { status: 'ok' };
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/readyz',
      summary:
        'Whether the shop can serve: database, read models, projector and worker (critical), Redis and failed jobs (degraded)',
      tags: ['operations'],
      responses: {
        200: { description: 'Ready, or degraded (serving; a non-critical check failed)', schema: readiness },
        503: { description: 'Not ready: a critical check failed; each check says why', schema: readiness },
      },
    },
    async (_req, res) => {
      const answer = await checkReadiness(checks);
      res.status(answer.status === 'not_ready' ? 503 : 200).json(answer);
    },
  );
  return router;
}
