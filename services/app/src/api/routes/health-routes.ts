import { Router } from 'express';
import type { ApiDocument } from '../openapi.js';
import { liveness, readiness, type Liveness, type Readiness, type ReadinessCheckResult } from '@shop/contracts';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<Omit<ReadinessCheckResult, 'name'>>;
}

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
      summary: 'Database, queue and projections are ready to serve',
      tags: ['operations'],
      responses: {
        200: { description: 'Ready', schema: readiness },
        503: { description: 'Not ready; the failing checks are listed', schema: readiness },
      },
    },
    async (_req, res) => {
      const results = await Promise.all(
        checks.map(async ({ name, check }): Promise<ReadinessCheckResult> => {
          try {
            return { name, ...(await check()) };
          } catch (error) {
            return { name, ok: false, detail: (error as Error).message };
          }
        }),
      );
      const ready = results.every((result) => result.ok);
      const answer: Readiness = { status: ready ? 'ready' : 'not_ready', checks: results };
      res.status(ready ? 200 : 503).json(answer);
    },
  );
  return router;
}
