import { PostgresEventStore, type EventStore } from '@shop/event-store';
import { ALL_PROJECTIONS, migrateProjectionRegistry, PersonalDataVault, projectionStatuses } from '@shop/projections';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { ShopConfig } from './config.js';
import {
  startEmbeddedDatabase,
  findRunningEmbeddedDatabase,
  type EmbeddedDatabase,
} from './infrastructure/embedded-database.js';
import { createLogger, type Logger } from './infrastructure/logger.js';
import { BullmqJobQueue } from './jobs/bullmq-queue.js';
import { InProcessJobQueue } from './jobs/in-process-queue.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { ReadinessCheck } from './api/routes/health-routes.js';
import { migrateIdempotencyKeys } from './infrastructure/idempotency.js';
import { AccountService } from './accounts/account-service.js';
import { InquiryService } from './inquiries/inquiry-service.js';
import { migrateAccountTables } from './accounts/account-tables.js';
import { migrateReactorCheckpoints } from './reactors/reactor.js';
import { TwoFactorService } from './accounts/two-factor-service.js';
import { loadKeys, type ShopKeys } from './security/keys.js';
import { createRateLimits, type RateLimits } from './security/rate-limits.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { migrateSentEmails } from './jobs/order-mail-jobs.js';
import { migrateCustomerPreferences } from './notifications/customer-preferences.js';
import { migratePaymentTables, PaymentService } from './payments/payment-service.js';
import { createPaymentProviders } from './payments/providers.js';
import { SandboxProvider } from './payments/sandbox-provider.js';
import { migrateServiceCredentials } from './credentials/credential-service.js';

export interface Runtime {
  config: ShopConfig;
  logger: Logger;
  databaseUrl: string;
  embedded: boolean;
  pool: pg.Pool;
  store: EventStore;
  knex: Knex;
  queue: JobQueue;
  clock: () => Date;
  keys: ShopKeys;
  vault: PersonalDataVault;
  limits: RateLimits;
  twoFactor: TwoFactorService;
  accounts: AccountService;
  mailer: Mailer;
  payments: PaymentService;
  inquiries: InquiryService;
  sandbox: SandboxProvider | null;
  readiness: ReadinessCheck[];
  close: () => Promise<void>;
}

const MIGRATION_LOCK_KEY = 4_810_000;

/**
 * Creates the shop's own tables (beside the event store and the read models), one process at a
 * time: processes started together would otherwise race on CREATE TABLE IF NOT EXISTS.
 */
async function migrateDatabase(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY]);
    await migrateProjectionRegistry(trx);
    await migrateReactorCheckpoints(trx);
    await migrateAccountTables(trx);
    await migrateCustomerPreferences(trx);
    await migrateSentEmails(trx);
    await migrateIdempotencyKeys(trx);
    await migratePaymentTables(trx);
    await SandboxProvider.migrate(trx);
    await migrateServiceCredentials(trx);
  });
}

export interface OpenRuntimeOptions {
  logger?: Logger;
  clock?: () => Date;
  /**
   * On the embedded default, reuse the database of a shop already running on this data
   * folder (the CLI) instead of refusing to start.
   */
  attachToRunningShop?: boolean;
}

/** Wires configuration to adapters: the one place that decides PGlite or PostgreSQL, in-process jobs or BullMQ. */
export async function openRuntime(config: ShopConfig, options: OpenRuntimeOptions = {}): Promise<Runtime> {
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  const closers: Array<() => Promise<void>> = [];
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const running = options.attachToRunningShop ? await findRunningEmbeddedDatabase(config.dataDir) : null;
    if (running) {
      databaseUrl = running;
    } else {
      embedded = await startEmbeddedDatabase(config.dataDir);
      databaseUrl = embedded.url;
      closers.push(embedded.close);
    }
  }
  const isEmbedded = !config.databaseUrl;
  const poolSize = isEmbedded ? 4 : config.databasePoolSize;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  pool.on('error', (error) => logger.error({ err: error }, 'database pool error'));
  closers.unshift(() => pool.end());
  const knex = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: poolSize } });
  closers.unshift(() => knex.destroy());

  let store: EventStore;
  if (config.eventStoreUrl) {
    const { KurrentDbEventStore } = await import('@shop/event-store');
    store = new KurrentDbEventStore({ connectionString: config.eventStoreUrl });
  } else {
    // PGlite cannot deliver NOTIFY across its multiplexed connections: wake-ups stay in-process.
    store = new PostgresEventStore({ pool, listen: !isEmbedded });
  }
  closers.unshift(() => store.close());

  const queue: JobQueue = config.redisUrl
    ? new BullmqJobQueue({ redisUrl: config.redisUrl, prefix: config.queuePrefix, logger })
    : new InProcessJobQueue({ knex, logger });
  closers.unshift(() => queue.close());

  await migrateDatabase(knex);

  const clock = options.clock ?? (() => new Date());
  const keys = loadKeys(config);
  const vault = new PersonalDataVault(keys.personalData);
  const limits = createRateLimits({ redisUrl: config.redisUrl, prefix: config.queuePrefix });
  closers.unshift(() => limits.close());
  const twoFactor = new TwoFactorService({ knex, key: keys.totpSecrets, clock });
  const accounts = new AccountService({ knex, store, vault, keys, config, limits, clock, logger, twoFactor });
  const mailer = createMailer(config, logger);
  const providers = createPaymentProviders({ config, keys, knex, clock });
  const payments = new PaymentService({
    knex,
    store,
    providers: providers.all,
    publicUrl: config.publicUrl,
    clock,
    logger,
  });

  const inquiries = new InquiryService({ knex, store, vault, limits, clock, logger });

  const readiness: ReadinessCheck[] = [
    {
      name: 'database',
      check: async () => {
        await knex.raw('SELECT 1');
        return { ok: true };
      },
    },
    {
      name: 'queue',
      check: async () => ({ ok: true, detail: { kind: queue.kind, ...(await queue.counts()) } }),
    },
    {
      name: 'projections',
      check: async () => {
        const statuses = await projectionStatuses(knex, store, ALL_PROJECTIONS);
        const ok = statuses.every(
          (s) => s.activeGeneration !== null && s.lagEvents <= config.readyMaxLagEvents && s.parked.length === 0,
        );
        return {
          ok,
          detail: statuses.map(({ name, lagEvents, activeGeneration, parked }) => ({
            name,
            lagEvents,
            activeGeneration,
            parkedEvents: parked.length,
          })),
        };
      },
    },
  ];

  return {
    config,
    logger,
    databaseUrl,
    embedded: isEmbedded,
    pool,
    store,
    knex,
    queue,
    clock,
    keys,
    vault,
    limits,
    twoFactor,
    accounts,
    mailer,
    payments,
    inquiries,
    sandbox: providers.sandbox,
    readiness,
    close: async () => {
      for (const close of closers) await close().catch((error) => logger.error({ err: error }, 'error while closing'));
    },
  };
}
