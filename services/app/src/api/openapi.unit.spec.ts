import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { requireUser } from './auth/authentication.js';
import { ApiDocument, mountedOperations, problem, type RouteDoc } from './openapi.js';
import { problemHandler } from './problem.js';

const planSchema = z.object({ id: z.string(), monthlyPriceCents: z.number().int() });

/** GET /api/plans as the catalogue documents it, answering `responses`. */
const plansDoc = (responses: RouteDoc['responses']): RouteDoc => ({
  method: 'get',
  path: '/api/plans',
  summary: 'Plans',
  tags: ['catalogue'],
  responses,
});

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
      doc.route(router, plansDoc({ 200: { description: 'Plans' } }), (_req, res) => void res.end());
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
            404: problem('plan.not_found'),
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
        plansDoc({ 200: { description: 'Plans', schema: z.array(planSchema) } }),
        (_req, res) => void res.json({ not: 'a list' }),
      ),
    );
    expect((await get(app, '/api/plans')).status).toBe(200);
  });
});

describe('the document', () => {
  const noop = (_req: express.Request, res: express.Response) => void res.end();
  const namedPlan = z.object({ id: z.string(), monthlyPriceCents: z.number().int() }).meta({ id: 'TestPlan' });
  const declare = (doc: ApiDocument, router: Router, route: Partial<RouteDoc> & Pick<RouteDoc, 'method' | 'path'>) =>
    doc.route(
      router,
      { summary: 'An operation', tags: ['test'], responses: { 204: { description: 'Done' } }, ...route },
      noop,
    );

  it('writes a named schema once under components/schemas, refers to it there, and keeps unnamed ones inline', () => {
    const doc = new ApiDocument();
    const router = Router();
    declare(doc, router, {
      method: 'get',
      path: '/api/plans',
      responses: { 200: { description: 'Plans', schema: z.object({ data: z.array(namedPlan) }) } },
    });
    declare(doc, router, {
      method: 'get',
      path: '/api/plans/:id',
      params: z.object({ id: z.string() }),
      responses: {
        200: { description: 'A plan', schema: namedPlan },
        404: problem('plan.not_found'),
      },
    });
    const built = doc.build({ title: 'Test', version: '1' });

    expect(JSON.stringify(built)).not.toContain('$defs');
    expect(Object.keys(built.components.schemas)).toEqual(['Problem', 'TestPlan']);
    expect(built.components.schemas.TestPlan).toMatchObject({ type: 'object', required: ['id', 'monthlyPriceCents'] });
    const list = built.paths['/api/plans']!.get as { responses: Record<string, { content: Record<string, unknown> }> };
    expect(list.responses['200']!.content['application/json']).toEqual({
      schema: {
        type: 'object',
        properties: { data: { type: 'array', items: { $ref: '#/components/schemas/TestPlan' } } },
        required: ['data'],
        additionalProperties: false,
      },
    });
    const one = built.paths['/api/plans/{id}']!.get as {
      responses: Record<string, { content: Record<string, unknown> }>;
    };
    expect(one.responses['200']!.content['application/json']).toEqual({
      schema: { $ref: '#/components/schemas/TestPlan' },
    });
    expect(one.responses['404']!.content['application/problem+json']).toEqual({
      schema: { $ref: '#/components/schemas/Problem' },
    });
  });

  it('reads a request as the client sends it: a field with a default is not required', () => {
    const doc = new ApiDocument();
    declare(doc, Router(), {
      method: 'post',
      path: '/api/orders',
      body: z.strictObject({ planId: z.string(), provider: z.enum(['sandbox', 'stripe']).default('sandbox') }),
    });
    const built = doc.build({ title: 'Test', version: '1' });
    const order = built.paths['/api/orders']!.post as {
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
    };
    expect(order.requestBody.content['application/json'].schema.required).toEqual(['planId']);
  });

  it('refuses a named schema that a request and an answer would read differently', () => {
    const doc = new ApiDocument();
    const shape = z.strictObject({ note: z.string().default('') }).meta({ id: 'TestNote' });
    declare(doc, Router(), {
      method: 'put',
      path: '/api/notes',
      body: shape,
      responses: { 200: { description: 'The note', schema: shape } },
    });
    expect(() => doc.build({ title: 'Test', version: '1' })).toThrow(/TestNote is read differently/);
  });

  it('names each operation once: its own operationId, or one derived from the method and the path', () => {
    const doc = new ApiDocument();
    const router = Router();
    declare(doc, router, { method: 'get', path: '/api/plans', operationId: 'listPlans' });
    declare(doc, router, { method: 'get', path: '/api/admin/users/:id/history' });
    const built = doc.build({ title: 'Test', version: '1' });
    expect((built.paths['/api/plans']!.get as { operationId: string }).operationId).toBe('listPlans');
    expect((built.paths['/api/admin/users/{id}/history']!.get as { operationId: string }).operationId).toBe(
      'getApiAdminUsersByIdHistory',
    );
    expect(() => declare(doc, router, { method: 'post', path: '/api/plans', operationId: 'listPlans' })).toThrow(
      /Two operations are named listPlans: GET \/api\/plans and POST \/api\/plans/,
    );
  });

  it('says which operations need a signed-in person or staff with a permission, from the guards and requireUser', () => {
    const doc = new ApiDocument();
    const app = express();
    const router = Router();
    const staffOnly = (_req: express.Request, _res: express.Response, next: express.NextFunction) => next();
    doc.guard(app, '/api/admin', 'staff', staffOnly);
    declare(doc, router, { method: 'get', path: '/api/plans' });
    declare(doc, router, { method: 'get', path: '/api/admin/users' });
    declare(doc, router, { method: 'post', path: '/api/admin/users/:id/roles' });
    declare(doc, router, { method: 'get', path: '/api/administrators' });
    doc.route(
      router,
      {
        method: 'post',
        path: '/api/orders',
        summary: 'Order',
        tags: ['orders'],
        responses: { 204: { description: 'Done' } },
      },
      requireUser,
      noop,
    );
    app.use(router);
    const built = doc.build({ title: 'Test', version: '1' });
    const security = (path: string, method: string) => (built.paths[path]![method] as { security?: unknown }).security;

    expect(security('/api/plans', 'get')).toBeUndefined();
    expect(security('/api/administrators', 'get')).toBeUndefined();
    expect(security('/api/admin/users', 'get')).toEqual([
      { bearerToken: ['back_office.read'] },
      { sessionCookie: ['back_office.read'] },
      { apiKey: ['read:customers'] },
    ]);
    expect(security('/api/admin/users/{id}/roles', 'post')).toEqual([
      { bearerToken: ['staff.manage'] },
      { sessionCookie: ['staff.manage'] },
    ]);
    expect((built.paths['/api/admin/users/{id}/roles']!.post as { description: string }).description).toContain(
      'Staff with the `staff.manage` permission (roles: owner)',
    );
    expect(security('/api/orders', 'post')).toEqual([{ bearerToken: [] }, { sessionCookie: [] }]);
    expect(Object.keys(built.components.securitySchemes)).toEqual(['bearerToken', 'apiKey', 'sessionCookie']);
    expect(() => doc.assertDescribes(app)).not.toThrow();
  });
});
