import { describe, expect, it } from 'vitest';
import { LAUNCH_PLANS, seedCatalogue } from './catalogue-seed.js';
import { eventually } from '../testing/test-shop.js';
import { useTestShop } from '../testing/shop-under-test.js';

// Ready means within the allowed lag; these tests read the seeded plans, so wait for all five.
const shop = useTestShop('catalogue_api', { plans: 5 });

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${shop.url}${path}`, { headers });

describe('catalogue API', () => {
  it('lists the five launch plans with their prices, categories and popular flag, in French by default', async () => {
    const res = await get('/api/plans');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe('fr');
    const { data } = (await res.json()) as { data: Array<Record<string, unknown> & { features: string[] }> };
    expect(data.map((p) => [p.id, p.monthlyPriceCents, p.currency, p.category, p.popular, p.sharedUsers])).toEqual([
      ['netflix', 453, 'EUR', 'SVOD', true, 4],
      ['youtube-premium', 425, 'EUR', 'SVOD', false, 6],
      ['spotify', 242, 'EUR', 'Music', false, 6],
      ['disney-plus', 299, 'EUR', 'SVOD', false, 4],
      ['nordvpn', 141, 'EUR', 'Software', false, 6],
    ]);
    for (const plan of data) {
      expect(Object.keys(plan).sort()).toEqual(
        [
          'category',
          'currency',
          'features',
          'id',
          'logo',
          'monthlyPriceCents',
          'name',
          'popular',
          'sharedUsers',
        ].sort(),
      );
      expect(plan.features).toHaveLength(6);
    }
    expect(data[0]!.features[0]).toBe('Qualité Ultra HD 4K');
  });

  it('sends the catalogue gzipped to a client that accepts it, and plain to one that does not', async () => {
    const gzipped = await get('/api/plans', { 'Accept-Encoding': 'gzip' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(((await gzipped.json()) as { data: unknown[] }).data).toHaveLength(5);
    const plain = await get('/api/plans', { 'Accept-Encoding': 'identity', 'X-Request-Id': 'catalogue-1' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { data: unknown[] }).data).toHaveLength(5);
    // Answered before the rest of the request pipeline, with what every answer carries.
    for (const answer of [gzipped, plain]) {
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(answer.headers.get('strict-transport-security')).toMatch(/^max-age=/);
    }
    expect(plain.headers.get('x-request-id')).toBe('catalogue-1');
    const control = await get('/api/plans?category=%07');
    expect(control.status).toBe(400);
    expect(((await control.json()) as { code: string }).code).toBe('validation.failed');
  });

  it('speaks English when asked by ?lang= or Accept-Language, and French for other languages', async () => {
    const byQuery = (await (await get('/api/plans/spotify?lang=en')).json()) as { features: string[] };
    expect(byQuery.features[0]).toBe('Over 70 million tracks');
    const byHeader = await get('/api/plans/spotify', { 'Accept-Language': 'de-DE,en-GB;q=0.8,fr;q=0.5' });
    expect(byHeader.headers.get('content-language')).toBe('en');
    // Its language follows the header: a shared cache keeps one answer per language.
    expect(byHeader.headers.get('vary')).toMatch(/Accept-Language/);
    const german = (await (await get('/api/plans/spotify', { 'Accept-Language': 'de' })).json()) as {
      features: string[];
    };
    expect(german.features[0]).toBe('Plus de 70 millions de titres');
    const queryWins = (await (await get('/api/plans/spotify?lang=fr', { 'Accept-Language': 'en' })).json()) as {
      features: string[];
    };
    expect(queryWins.features[0]).toBe('Plus de 70 millions de titres');
  });

  it('filters by category', async () => {
    const ids = async (category: string) =>
      ((await (await get(`/api/plans?category=${category}`)).json()) as { data: Array<{ id: string }> }).data.map(
        (p) => p.id,
      );
    expect(await ids('Music')).toEqual(['spotify']);
    expect(await ids('Software')).toEqual(['nordvpn']);
    expect(await ids('SVOD')).toEqual(['netflix', 'youtube-premium', 'disney-plus']);
  });

  it('answers bad input and unknown plans with problem details carrying a stable code', async () => {
    const badCategory = await get('/api/plans?category=Gaming');
    expect(badCategory.status).toBe(400);
    expect(badCategory.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await badCategory.json()).toMatchObject({
      status: 400,
      code: 'validation.failed',
      errors: [{ path: 'category' }],
    });

    const unknown = await get('/api/plans/hbo-max', { 'X-Request-Id': 'support-ticket-42' });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(unknown.headers.get('x-request-id')).toBe('support-ticket-42');
    expect(await unknown.json()).toEqual({
      type: '/problems/plan.not_found',
      title: 'Not Found',
      status: 404,
      detail: 'No plan hbo-max',
      code: 'plan.not_found',
      planId: 'hbo-max',
      requestId: 'support-ticket-42',
    });

    const noRoute = await get('/api/nothing-here');
    expect(noRoute.status).toBe(404);
    expect(await noRoute.json()).toMatchObject({ code: 'route.not_found' });
  });

  it('a known address asked with a method it does not take: 405 saying which it takes, nothing done', async () => {
    const plans = (await (await get('/api/plans')).json()) as { data: Array<{ id: string }> };
    for (const [method, path, allowed] of [
      ['DELETE', '/api/plans', 'GET, HEAD'],
      ['PUT', `/api/plans/${plans.data[0]!.id}`, 'GET, HEAD'],
      ['GET', '/api/auth/sign-in', 'POST'],
      ['DELETE', '/API/Plans/', 'GET, HEAD'],
    ] as const) {
      const reply = await fetch(`${shop.url}${path}`, { method });
      expect([method, path, reply.status, reply.headers.get('allow')]).toEqual([method, path, 405, allowed]);
      expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await reply.json()).toMatchObject({ code: 'route.method_not_allowed', status: 405 });
    }
    // Asking what an address takes is answered, not refused.
    const options = await fetch(`${shop.url}/api/plans`, { method: 'OPTIONS' });
    expect([options.status, options.headers.get('allow')]).toEqual([200, 'GET, HEAD']);
    // The catalogue is as it was.
    const after = (await (await get('/api/plans')).json()) as { data: Array<{ id: string }> };
    expect(after.data.map((plan) => plan.id)).toEqual(plans.data.map((plan) => plan.id));
  });

  it('reports health and readiness, and sets security headers', async () => {
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect(health.headers.get('x-powered-by')).toBeNull();
    const ready = (await (await get('/readyz')).json()) as {
      status: string;
      checks: Array<{ name: string; ok: boolean }>;
    };
    expect(ready.status).toBe('ready');
    expect(ready.checks.map((c) => [c.name, c.ok])).toEqual([
      ['database', true],
      ['projections', true],
      ['roles', true],
      ['queue', true],
      ['jobs', true],
    ]);
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const doc = (await (await get('/api/openapi.json')).json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { parameters?: Array<{ name: string }>; responses: Record<string, unknown> }>
      >;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/plans', '/api/plans/{id}', '/healthz', '/readyz']),
    );
    expect(doc.paths['/api/plans']!.get!.parameters!.map((p) => p.name)).toEqual(['category', 'lang']);
    expect(doc.paths['/api/plans/{id}']!.get!.responses['200']).toEqual({
      description: 'The plan',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Plan' } } },
    });
    expect(JSON.stringify(doc.components.schemas.Plan)).toContain('monthlyPriceCents');
    expect(JSON.stringify(doc.components.schemas.Plan)).toContain('sharedUsers');
    expect(JSON.stringify(doc.paths['/api/plans/{id}']!.get!.responses['404'])).toContain('application/problem+json');
  });

  it('seeds the catalogue once; a changed plan is revised through an event and served', async () => {
    const { store, commands, clock } = shop.runtime;
    expect(await seedCatalogue(commands.plans, clock())).toBe(0);
    const cheaper = LAUNCH_PLANS.map((plan) =>
      plan.planId === 'nordvpn' ? { ...plan, monthlyPriceCents: 129 } : plan,
    );
    expect(await seedCatalogue(commands.plans, clock(), cheaper)).toBe(1);
    expect((await store.readStream('plan-nordvpn')).map((e) => e.type)).toEqual(['PlanPublished', 'PlanRevised']);
    const served = await eventually(
      async () => (await (await get('/api/plans/nordvpn')).json()) as { monthlyPriceCents: number },
      (plan) => plan.monthlyPriceCents === 129,
    );
    expect(served.monthlyPriceCents).toBe(129);
  });

  it('tags the list with a strong ETag per encoding, answers 304 to a client that has it, and a new tag once a plan changes', async () => {
    const first = await get('/api/plans', { 'Accept-Encoding': 'identity' });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    await first.arrayBuffer();
    const gzipped = await get('/api/plans', { 'Accept-Encoding': 'gzip' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('etag')).not.toBe(etag);
    await gzipped.arrayBuffer();
    const english = await get('/api/plans?lang=en', { 'Accept-Encoding': 'identity' });
    expect(english.headers.get('etag')).not.toBe(etag);
    await english.arrayBuffer();

    const unchanged = await get('/api/plans', { 'Accept-Encoding': 'identity', 'If-None-Match': `"other", ${etag}` });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect(await unchanged.text()).toBe('');
    const stale = await get('/api/plans', { 'Accept-Encoding': 'identity', 'If-None-Match': '"other"' });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();

    const { commands, clock } = shop.runtime;
    const revised = LAUNCH_PLANS.map((plan) =>
      plan.planId === 'nordvpn' ? { ...plan, monthlyPriceCents: 119 } : plan,
    );
    expect(await seedCatalogue(commands.plans, clock(), revised)).toBe(1);
    const after = await eventually(
      async () => {
        const res = await get('/api/plans', { 'Accept-Encoding': 'identity', 'If-None-Match': etag });
        return {
          status: res.status,
          body:
            res.status === 200
              ? ((await res.json()) as { data: Array<{ id: string; monthlyPriceCents: number }> })
              : null,
        };
      },
      // The new price, under a new tag (a 200 to the old one), once the catalogue's snapshot has it.
      (answer) => answer.body?.data.find((plan) => plan.id === 'nordvpn')?.monthlyPriceCents === 119,
    );
    expect(after.status).toBe(200);
    expect(after.body!.data.find((plan) => plan.id === 'nordvpn')?.monthlyPriceCents).toBe(119);
  });
});
