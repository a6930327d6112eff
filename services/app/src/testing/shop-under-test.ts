import { createTestDatabase, testServices, uniqueRedisPrefix, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll } from 'vitest';
import type { Logger } from '../infrastructure/logger.js';
import { startStripeStandIn } from '../payments/testing/stripe-stand-in.js';
import { eventually, startTestShop, type TestShop } from './test-shop.js';

export interface ShopUnderTest extends TestShop {
  /** The shop's own database, dropped after the file's tests. */
  readonly database: TestDatabase;
}

export interface ShopUnderTestOptions {
  /** Jobs on the suite's Redis under a prefix of the file's own; without it, the in-process queue. */
  redis?: boolean;
  /** The shop's settings; a function when they name something an earlier hook starts (a provider's stand-in). */
  env?: Record<string, string> | (() => Record<string, string>);
  clock?: () => Date;
  logger?: Logger;
  /** Waits before the tests until the catalogue lists plans: any (`true`), or exactly this many. */
  plans?: true | number;
}

/** Waits until GET /api/plans lists plans (any, or exactly `count`): the catalogue is projected just after start-up. */
export function plansListed(shop: Pick<TestShop, 'url'>, count?: number): Promise<number> {
  return eventually(
    async () => ((await (await fetch(`${shop.url}/api/plans`)).json()) as { data: unknown[] }).data.length,
    (n) => (count === undefined ? n > 0 : n === count),
  );
}

/**
 * The whole shop for one spec file: a fresh database named after `label`, the shop started on it
 * before the file's tests, stopped and the database dropped after them. Registers its own
 * `beforeAll`/`afterAll`; read the shop from tests or from hooks declared after this call.
 */
export function useTestShop(label: string, options: ShopUnderTestOptions = {}): ShopUnderTest {
  let database: TestDatabase | undefined;
  let shop: TestShop | undefined;
  const started = () => {
    if (!shop || !database) throw new Error(`the ${label} shop is read before its beforeAll started it`);
    return { shop, database };
  };

  beforeAll(async () => {
    database = await createTestDatabase(label);
    shop = await startTestShop({
      databaseUrl: database.url,
      ...(options.redis ? { redisUrl: testServices().redisUrl, queuePrefix: uniqueRedisPrefix(label) } : {}),
      env: typeof options.env === 'function' ? options.env() : options.env,
      clock: options.clock,
      logger: options.logger,
    });
    if (options.plans !== undefined) await plansListed(shop, options.plans === true ? undefined : options.plans);
  });

  afterAll(async () => {
    await shop?.stop();
    await database?.drop();
  });

  return {
    get url() {
      return started().shop.url;
    },
    get runtime() {
      return started().shop.runtime;
    },
    get database() {
      return started().database;
    },
    stop: () => started().shop.stop(),
  };
}

/**
 * Something the file's shop talks to (a payment provider's stand-in), started before the shop
 * when this call comes before `useTestShop`, and closed after it. The returned object stands for
 * the started one: read it from tests or from hooks declared after this call.
 */
export function useStandIn<T extends { close: () => Promise<void> }>(label: string, start: () => Promise<T>): T {
  let standIn: T | undefined;
  beforeAll(async () => {
    standIn = await start();
  });
  afterAll(async () => {
    await standIn?.close();
  });
  return new Proxy({} as T, {
    get(_, key) {
      if (!standIn) throw new Error(`the ${label} stand-in is read before its beforeAll started it`);
      const value = Reflect.get(standIn, key) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(standIn) : value;
    },
  });
}

/** A test shop for the file that pays with Stripe, against a stand-in for Stripe's API started with it. */
export function useStripeShop(label: string, keys: { secretKey: string; webhookSecret: string }) {
  const standIn = useStandIn('stripe', () => startStripeStandIn({ secretKey: keys.secretKey }));
  const shop = useTestShop(label, {
    env: () => ({
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
      STRIPE_API_URL: standIn.url,
    }),
  });
  return { shop, standIn };
}
