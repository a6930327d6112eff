import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ApiDocument, mountedOperations } from './openapi.js';
import { problemHandler } from './problem.js';

const planSchema = z.object({ id: z.string(), monthlyPriceCents: z.number().int() });

function appWith(doc: ApiDocument, mount: (router: Router) => void) {
  const app = express();
  const router = Router();
  mount(router);
  app.use(router);
  app.use(problemHandler);
  return app;
}

async function get(app: express.Express, path: string) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  } finally {
    server.close();
  }
}

describe('the routes table', () => {
  it('refuses to start when a route is mounted without being documented, or documented without being mounted', () => {
    const doc = new ApiDocument();
    const app = appWith(doc, (router) => {
      doc.route(
        router,
        {
          method: 'get',
          path: '/api/plans',
          summary: 'Plans',
          tags: ['catalogue'],
          responses: { 200: { description: 'Plans' } },
        },
        (_req, res) => void res.end(),
      );
      router.delete('/api/plans/:id', (_req, res) => void res.end());
    });
    expect(() => doc.assertDescribes(app)).toThrow(/undocumented \["DELETE \/api\/plans\/:id"\]/);

    const documentedOnly = new ApiDocument();
    // Mounted on a router the app never uses.
    documentedOnly.route(
      Router(),
      {
        method: 'post',
        path: '/api/orders',
        summary: 'Order',
        tags: ['orders'],
        responses: { 201: { description: 'Placed' } },
      },
      (_req, res) => void res.end(),
    );
    expect(() => documentedOnly.assertDescribes(express())).toThrow(
      /documented but not mounted \["POST \/api\/orders"\]/,
    );
  });

  it('finds the routes of nested routers', () => {
    const app = express();
    const inner = Router();
    inner.put('/api/admin/subscriptions/:id', (_req, res) => void res.end());
    const outer = Router();
    outer.use(inner);
    app.use(outer);
    expect(mountedOperations(app)).toEqual(['PUT /api/admin/subscriptions/:id']);
  });

  it('answers 500 api.answer_not_as_documented when checking answers and one differs from its schema or its status is not documented', async () => {
    const doc = new ApiDocument({ checkResponses: true });
    let answer: unknown = { id: 'netflix', monthlyPriceCents: 599 };
    let status = 200;
    const app = appWith(doc, (router) =>
      doc.route(
        router,
        {
          method: 'get',
          path: '/api/plans/:id',
          summary: 'A plan',
          tags: ['catalogue'],
          responses: {
            200: { description: 'The plan', schema: planSchema },
            404: { description: 'plan.not_found', problem: true },
          },
        },
        (_req, res) => void res.status(status).json(answer),
      ),
    );
    doc.assertDescribes(app);

    expect(await get(app, '/api/plans/netflix')).toEqual({ status: 200, body: answer });

    answer = { id: 'netflix', monthlyPriceCents: '5,99' };
    const mismatch = await get(app, '/api/plans/netflix');
    expect(mismatch.status).toBe(500);
    expect(mismatch.body.code).toBe('api.answer_not_as_documented');
    expect(mismatch.body.detail).toMatch(/GET \/api\/plans\/:id answered 200: the body does not match/);

    status = 410;
    answer = { id: 'netflix', monthlyPriceCents: 599 };
    const undocumented = await get(app, '/api/plans/netflix');
    expect(undocumented.status).toBe(500);
    expect(undocumented.body.detail).toMatch(/answered 410: this status is not documented/);
  });

  it('does not check answers outside the test suites', async () => {
    const doc = new ApiDocument();
    const app = appWith(doc, (router) =>
      doc.route(
        router,
        {
          method: 'get',
          path: '/api/plans',
          summary: 'Plans',
          tags: ['catalogue'],
          responses: { 200: { description: 'Plans', schema: z.array(planSchema) } },
        },
        (_req, res) => void res.json({ not: 'a list' }),
      ),
    );
    expect((await get(app, '/api/plans')).status).toBe(200);
  });
});
