import { Router } from 'express';
import type { ApiDocument } from '../api/openapi.js';
import { liveness, readiness, type Liveness } from '@shop/contracts';
import { checkReadiness, type ReadinessCheck } from './readiness.js';

export function healthRoutes(checks: readonly ReadinessCheck[], doc: ApiDocument): Router {
  const router = Router();
  doc.route(
    router,
    {
      method: 'get',
      path: '/healthz',
      operationId: 'getLiveness',
      summary: 'Check that the process is alive',
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
      operationId: 'getReadiness',
      summary: 'Check whether the shop can serve',
      description:
        'Database, read models, projector and worker are critical (503 when one fails); Redis and failed jobs only make it degraded.',
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
