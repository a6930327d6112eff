import { setMaxListeners } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { activateGeneration, ALL_PROJECTIONS, createGeneration } from '@shop/projections';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createLogger } from '../infrastructure/logger.js';
import { startApi, startProjectors } from '../roles.js';
import { openRuntime, type Runtime } from '../runtime.js';
import { requestJson } from '../testing/http-customer.js';
import { eventually, TEST_SECRETS_KEY } from '../testing/test-shop.js';

/*
 * The API deployed apart from its projector, on a new database: it seeds the catalogue, then
 * serves. A load balancer sends it visitors once `/readyz` says ready; that must not be before
 * the read models hold what the log held when the API began serving (the catalogue it seeded),
 * however few events that is beside READY_MAX_LAG_EVENTS.
 */
describe('/readyz of an API that starts before its read models have caught up', () => {
  let database: TestDatabase;
  let runtime: Runtime;
  let server: Server;
  let api: string;
  const shutdown = new AbortController();
  setMaxListeners(0, shutdown.signal);
  let projectors: Promise<unknown> = Promise.resolve();

  beforeAll(async () => {
    database = await createTestDatabase('readiness_start');
    runtime = await openRuntime(
      loadConfig({
        DATABASE_URL: database.url,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_POOL_SIZE: '4',
        SECRETS_KEY: TEST_SECRETS_KEY,
        PORT: '0',
        HOST: '127.0.0.1',
      }),
      { logger: createLogger({ level: 'silent' }) },
    );
    server = await startApi(runtime);
    api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    shutdown.abort();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server?.closeAllConnections();
    await projectors.catch(() => undefined);
    await runtime?.close();
    await database?.drop();
  });

  it('says not ready while a read model has not read the log as it stood then, and ready once it has', async () => {
    // A projector that has just started: each read model's first tables exist, nothing read yet.
    for (const projection of ALL_PROJECTIONS) {
      await createGeneration(runtime.knex, projection, 1);
      await runtime.knex.transaction((trx) => activateGeneration(trx, projection, 1));
    }
    const early = await requestJson(api, 'GET', '/readyz');
    expect(early.status).toBe(503);
    const projections = (early.body.checks as Array<{ name: string; ok: boolean; reason?: string }>).find(
      (check) => check.name === 'projections',
    );
    expect(projections?.ok).toBe(false);
    expect(projections?.reason).toContain('catalogue has not yet read the log as it stood when this API started');
    // A visitor sent here meanwhile would have found an empty shop (the catalogue read model is empty).
    expect(await runtime.knex('plans').count({ n: '*' }).first()).toEqual({ n: '0' });

    projectors = startProjectors(runtime, shutdown.signal);
    const ready = await eventually(
      () => requestJson(api, 'GET', '/readyz'),
      (reply) => reply.status === 200,
      20_000,
    );
    expect(ready.body.status).toBe('ready');
    // Once ready, the first visitor finds the catalogue the API seeded.
    const plans = await requestJson(api, 'GET', '/api/plans');
    expect((plans.body.data as Array<{ id: string }>).map((plan) => plan.id)).toContain('netflix');
  });
});
