import { Router } from 'express';
import type { ApiDocument } from '../openapi.js';
import { z } from 'zod';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<{ ok: boolean; detail?: unknown }>;
}

export function healthRoutes(checks: readonly ReadinessCheck[], doc: ApiDocument): Router {
  const router = Router();
  doc.add({
    method: 'get',
    path: '/healthz',
    summary: 'The process is alive',
    tags: ['operations'],
    responses: { 200: { description: 'Alive', schema: z.object({ status: z.literal('ok') }) } },
  });
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  doc.add({
    method: 'get',
    path: '/readyz',
    summary: 'Database, queue and projections are ready to serve',
    tags: ['operations'],
    responses: {
      200: { description: 'Ready' },
      503: { description: 'Not ready; the failing checks are listed' },
    },
  });
  router.get('/readyz', async (_req, res) => {
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        try {
          return { name, ...(await check()) };
        } catch (error) {
          return { name, ok: false, detail: (error as Error).message };
        }
      }),
    );
    const ready = results.every((result) => result.ok);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks: results });
  });
  return router;
}
