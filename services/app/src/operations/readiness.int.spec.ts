import { setMaxListeners } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  activateGeneration,
  ALL_PROJECTIONS,
  createGeneration,
  subscriptionsProjection,
  type Projection,
} from '@shop/projections';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createLogger } from '../infrastructure/logger.js';
import { startApi, startProjectors } from '../roles.js';
import { openRuntime, type Runtime } from '../runtime.js';
import { requestJson } from '../testing/http-customer.js';
import { eventually, TEST_SECRETS_KEY } from '../testing/test-shop.js';

/**
 * The API deployed apart from its projector: it seeds the catalogue (on a new database), then
 * serves, and no projector runs until the test starts one.
 */
function apiAlone(name: string) {
  const shop = {} as { database: TestDatabase; runtime: Runtime; server: Server; api: string };
  const shutdown = new AbortController();
  setMaxListeners(0, shutdown.signal);
  let projectors: Promise<unknown> = Promise.resolve();

  beforeAll(async () => {
    shop.database = await createTestDatabase(name);
    shop.runtime = await openRuntime(
      loadConfig({
        DATABASE_URL: shop.database.url,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_POOL_SIZE: '4',
        SECRETS_KEY: TEST_SECRETS_KEY,
        PORT: '0',
        HOST: '127.0.0.1',
        // Applied at start-up, before any read model exists to say whether the shop has an owner.
        ADMIN_EMAILS: 'founder@example.com',
      }),
      { logger: createLogger({ level: 'silent' }) },
    );
    shop.server = await startApi(shop.runtime);
    shop.api = `http://127.0.0.1:${(shop.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    shutdown.abort();
    await new Promise<void>((resolve) => (shop.server ? shop.server.close(() => resolve()) : resolve()));
    shop.server?.closeAllConnections();
    await projectors.catch(() => undefined);
    await shop.runtime?.close();
    await shop.database?.drop();
  });

  return {
    shop,
    /** Each read model's first tables, as a projector makes them when it starts; built by `versionOf` its code. */
    async activateFirstGenerations(versionOf: (projection: Projection) => number = (p) => p.version) {
      for (const projection of ALL_PROJECTIONS) {
        const built = { ...projection, version: versionOf(projection) };
        await createGeneration(shop.runtime.knex, built, 1);
        await shop.runtime.knex.transaction((trx) => activateGeneration(trx, built, 1));
      }
    },
    startProjectors() {
      projectors = startProjectors(shop.runtime, shutdown.signal);
    },
    async projectionsCheck() {
      const reply = await requestJson(shop.api, 'GET', '/readyz');
      const check = (reply.body.checks as Array<{ name: string; ok: boolean; reason?: string }>).find(
        ({ name }) => name === 'projections',
      );
      return { status: reply.status, check };
    },
    async untilReady() {
      const ready = await eventually(
        () => requestJson(shop.api, 'GET', '/readyz'),
        (reply) => reply.status === 200,
        20_000,
      );
      expect(ready.body.status).toBe('ready');
    },
  };
}

/*
 * A load balancer sends an API visitors once `/readyz` says ready; that must not be before the
 * read models hold what the log held when the API began serving (the catalogue it seeded), however
 * few events that is beside READY_MAX_LAG_EVENTS.
 */
describe('/readyz of an API that starts before its read models have caught up', () => {
  const { shop, activateFirstGenerations, startProjectors, projectionsCheck, untilReady } = apiAlone('readiness_start');

  it('says not ready while a read model has not read the log as it stood then, and ready once it has', async () => {
    // A projector that has just started: each read model's first tables exist, nothing read yet.
    await activateFirstGenerations();
    const early = await projectionsCheck();
    expect(early.status).toBe(503);
    expect(early.check?.ok).toBe(false);
    expect(early.check?.reason).toContain('catalogue has not yet read the log as it stood when this API started');
    // A visitor sent here meanwhile would have found an empty shop (the catalogue read model is empty).
    expect(await shop.runtime.knex('plans').count({ n: '*' }).first()).toEqual({ n: '0' });

    startProjectors();
    await untilReady();
    // Once ready, the first visitor finds the catalogue the API seeded.
    const plans = await requestJson(shop.api, 'GET', '/api/plans');
    expect((plans.body.data as Array<{ id: string }>).map((plan) => plan.id)).toContain('netflix');
  });
});

/*
 * An upgrade that raises a read model's version: the tables in service are the previous
 * version's until the projector has rebuilt the new one from the log and swapped it in, and the
 * new API reads what only the new version holds. Sent visitors meanwhile, it would fail them.
 */
describe('/readyz of an API newer than the read models in service', () => {
  const { activateFirstGenerations, startProjectors, projectionsCheck, untilReady } = apiAlone('readiness_upgrade');

  it('says not ready while a read model in service is of an older version than it reads, ready once rebuilt', async () => {
    const current = subscriptionsProjection.version;
    await activateFirstGenerations((p) => (p === subscriptionsProjection ? current - 1 : p.version));
    const early = await projectionsCheck();
    expect(early.status).toBe(503);
    expect(early.check?.reason).toContain(
      `subscriptions in service is version ${current - 1}; this API reads version ${current}`,
    );

    startProjectors();
    await untilReady();
    const after = await projectionsCheck();
    expect(after.check?.ok).toBe(true);
  });
});
