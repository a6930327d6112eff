import type { StaffRole } from '@shop/domain';
import { setMaxListeners } from 'node:events';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadConfig } from '../config.js';
import { createLogger, type Logger } from '../infrastructure/logger.js';
import { ALL_PROJECTIONS } from '@shop/projections';
import { eventually } from '@shop/testing';
import { startApi, startProjectors, startWorker } from '../roles.js';
import { openRuntime, type Runtime } from '../runtime.js';

/** One key for the whole test process, so a restarted shop still opens what it sealed. */
export const TEST_SECRETS_KEY = randomBytes(32).toString('base64');

export interface TestShop {
  url: string;
  runtime: Runtime;
  stop: () => Promise<void>;
}

/**
 * The whole shop in the test process (API on port 0, projectors, worker) against a real
 * database and, when given, real Redis.
 */
export async function startTestShop(options: {
  databaseUrl: string;
  redisUrl?: string;
  queuePrefix?: string;
  clock?: () => Date;
  env?: Record<string, string>;
  logger?: Logger;
}): Promise<TestShop> {
  const config = loadConfig({
    DATABASE_URL: options.databaseUrl,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...(options.queuePrefix ? { QUEUE_PREFIX: options.queuePrefix } : {}),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    // Several shops run at once in the suite: keep well under the server's connection limit.
    DATABASE_POOL_SIZE: '4',
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...options.env,
  });
  const runtime = await openRuntime(config, {
    logger: options.logger ?? createLogger({ level: 'silent' }),
    clock: options.clock,
  });
  const shutdown = new AbortController();
  // Every projector, reactor and sleep listens to this one signal.
  setMaxListeners(0, shutdown.signal);
  const projectors = startProjectors(runtime, shutdown.signal);
  const worker = await startWorker(runtime, shutdown.signal);
  const server: Server = await startApi(runtime);
  // As a load balancer would wait for /readyz: every read model exists before the tests ask it
  // anything (a projector creates its first tables moments after start).
  await eventually(
    async () => Number((await runtime.knex('projection_state').count({ n: '*' }).first())?.n ?? 0),
    (created) => created >= ALL_PROJECTIONS.length,
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    runtime,
    stop: async () => {
      shutdown.abort();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await Promise.allSettled([projectors, worker.running]);
      await runtime.close();
    },
  };
}

export { eventually };

/**
 * Gives a signed-up person a staff role, as `shopctl users grant` does, and waits until the
 * accounts read model (which every back-office check reads) shows it.
 */
export async function grantRole(
  shop: TestShop,
  person: { email: string; userId: string },
  role: StaffRole,
): Promise<void> {
  await shop.runtime.accounts.grantRole(person.userId, role, { by: 'test', actor: { type: 'system', id: 'test' } });
  await eventually(
    () => shop.runtime.knex('accounts').where({ id: person.userId }).first<{ roles: string[] } | undefined>('roles'),
    (row) => row?.roles.includes(role) === true,
  );
}

/** Makes a signed-up person an owner (`ADMIN_EMAILS`, `shopctl users grant <email> owner`). */
export function grantAdmin(shop: TestShop, person: { email: string; userId: string }): Promise<void> {
  return grantRole(shop, person, 'owner');
}
