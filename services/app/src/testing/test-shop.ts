import type { StaffRole } from '@shop/domain';
import { setMaxListeners } from 'node:events';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadConfig } from '../config.js';
import { createLogger, type Logger } from '../infrastructure/logger.js';
import { ALL_PROJECTIONS, projectionStatuses } from '@shop/projections';
import { eventually } from '@shop/testing';
import { Secret, TOTP } from 'otpauth';
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
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  // As a load balancer waits for /readyz: every read model exists and has read the log the API
  // started on (its seeds) before the tests ask it anything.
  const seeded = await runtime.store.lastWritten();
  await eventually(
    async () => ({
      statuses: await projectionStatuses(runtime.knex, runtime.store, ALL_PROJECTIONS),
      sinceSeeds: await runtime.store.countAfter(seeded),
    }),
    ({ statuses, sinceSeeds }) =>
      statuses.every(({ activeGeneration, lagEvents }) => activeGeneration !== null && lagEvents <= sinceSeeds),
  );
  return {
    url,
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

/** A person signed in with a Bearer token; `secondFactor` gives a code for their next sign-in once two-factor is on. */
export interface SignedInPerson {
  email: string;
  userId: string;
  token: string;
  secondFactor?: () => string;
}

/**
 * Turns two-factor sign-in on as the person would, through the real routes (`/api/me/2fa/setup`
 * then `/enable` with a code computed on the shop's clock), and waits until the accounts read
 * model, which the back-office's check reads, says so. Afterwards `person.secondFactor()` gives a
 * fresh code for a sign-in (a code once used is refused, so each is of a later period, then one
 * of the recovery codes).
 */
export async function turnOnStaffTwoFactor(shop: TestShop, person: SignedInPerson): Promise<void> {
  const call = async (path: string, body?: unknown) => {
    const reply = await fetch(`${shop.url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${person.token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: reply.status, body: (await reply.json().catch(() => ({}))) as Record<string, unknown> };
  };
  const setup = await eventually(
    () => call('/api/me/2fa/setup'),
    (reply) => reply.status === 200,
  );
  if (setup.status !== 200) throw new Error(`two-factor set-up answered ${setup.status}`);
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(String(setup.body.secret)),
  });
  const PERIOD_MS = 30_000;
  let lastStep = Math.floor(shop.runtime.clock().getTime() / PERIOD_MS);
  const enabled = await call('/api/me/2fa/enable', { code: totp.generate({ timestamp: lastStep * PERIOD_MS }) });
  if (enabled.status !== 200) throw new Error(`turning two-factor on answered ${enabled.status}`);
  const recoveryCodes = [...((enabled.body.recoveryCodes as string[] | undefined) ?? [])];
  person.secondFactor = () => {
    // The next period's code is accepted as well (one step of drift): each sign-in takes a later
    // one; once both are spent (a clock that stands still), a recovery code.
    const current = Math.floor(shop.runtime.clock().getTime() / PERIOD_MS);
    const step = Math.max(current, lastStep + 1);
    if (step <= current + 1) {
      lastStep = step;
      return totp.generate({ timestamp: step * PERIOD_MS });
    }
    const recovery = recoveryCodes.shift();
    if (!recovery) throw new Error('every two-factor code of this test is spent');
    return recovery;
  };
  await eventually(
    () =>
      shop.runtime
        .knex('accounts')
        .where({ id: person.userId })
        .first<{ two_factor_enabled: boolean } | undefined>('two_factor_enabled'),
    (row) => row?.two_factor_enabled === true,
  );
}

/**
 * Makes a signed-in person an owner (`ADMIN_EMAILS`, `shopctl users grant <email> owner`) with
 * two-factor sign-in on, as the back-office requires of staff.
 */
export async function grantAdmin(shop: TestShop, person: SignedInPerson): Promise<void> {
  await grantRole(shop, person, 'owner');
  await turnOnStaffTwoFactor(shop, person);
}
