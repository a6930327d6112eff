import { PostgresEventStore, PostgresSnapshotStore, type EventStore, type SnapshotStore } from '@shop/event-store';
import { migrateToLatest, PersonalDataVault } from '@shop/projections';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { ConfigError, type ShopConfig } from './config.js';
import {
  startEmbeddedDatabase,
  findRunningEmbeddedDatabase,
  type EmbeddedDatabase,
} from './infrastructure/embedded-database.js';
import { createLogger, type Logger } from './infrastructure/logger.js';
import { BullmqJobQueue } from './jobs/bullmq-queue.js';
import { InProcessJobQueue } from './jobs/in-process-queue.js';
import type { JobQueue } from './jobs/job-queue.js';
import { AccountService } from './accounts/account-service.js';
import { InquiryService } from './inquiries/inquiry-service.js';
import { CredentialService } from './credentials/credential-service.js';
import { FreeOfferService } from './free-offer/free-offer-service.js';
import { RecordHistory } from './history/record-history.js';
import { StripeSync } from './payments/stripe-sync.js';
import { TwoFactorService } from './accounts/two-factor-service.js';
import { keyOpensPersonalData, keySource } from './security/key-check.js';
import { loadKeys, type ShopKeys } from './security/keys.js';
import { createRateLimits, type RateLimits } from './security/rate-limits.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { PaymentService } from './payments/payment-service.js';
import { OrderService } from './subscriptions/order-service.js';
import { createPaymentProviders } from './payments/providers.js';
import { SandboxProvider } from './payments/sandbox-provider.js';
import { createShopCommands, type ShopCommands } from './shop-commands.js';
import { OperatorSubscriptions } from './subscriptions/operator-subscriptions.js';
import { OperatorRefunds } from './subscriptions/operator-refunds.js';
import { ApiKeys } from './integrations/api-keys.js';
import { AutomaticRenewals } from './subscriptions/automatic-renewals.js';
import { Invoicing } from './invoicing/invoicing.js';
import { OperatorCatalogue } from './catalogue/operator-catalogue.js';
import { ALL_PROJECTIONS } from '@shop/projections';
import { ALL_REACTORS } from './all-reactors.js';
import { createShopMetrics, type ShopMetrics } from './operations/metrics.js';
import { metricsEndpoint, type MetricsEndpoint } from './operations/metrics-routes.js';
import { observeAppends } from './operations/observed-store.js';
import { startTracing } from './operations/tracing.js';

export interface Runtime {
  config: ShopConfig;
  logger: Logger;
  databaseUrl: string;
  embedded: boolean;
  pool: pg.Pool;
  store: EventStore;
  snapshots: SnapshotStore;
  knex: Knex;
  /** Each stream type's command module: the one way to change its streams. */
  commands: ShopCommands;
  queue: JobQueue;
  clock: () => Date;
  keys: ShopKeys;
  vault: PersonalDataVault;
  limits: RateLimits;
  twoFactor: TwoFactorService;
  accounts: AccountService;
  mailer: Mailer;
  payments: PaymentService;
  orders: OrderService;
  inquiries: InquiryService;
  credentials: CredentialService;
  freeOffer: FreeOfferService;
  operatorSubscriptions: OperatorSubscriptions;
  operatorRefunds: OperatorRefunds;
  apiKeys: ApiKeys;
  automaticRenewals: AutomaticRenewals;
  invoicing: Invoicing;
  operatorCatalogue: OperatorCatalogue;
  history: RecordHistory;
  stripeSync: StripeSync;
  sandbox: SandboxProvider | null;
  /** This process's metrics (docs/operations.md, "Metrics"). */
  metrics: ShopMetrics;
  /** The METRICS_PORT server, which each role starts (once per process). */
  metricsEndpoint: MetricsEndpoint;
  close: () => Promise<void>;
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

/**
 * The database to use: `DATABASE_URL`, else the embedded one, started here or (when asked) the
 * one a shop running on this data folder already serves.
 */
export async function connectDatabase(
  config: ShopConfig,
  options: Pick<OpenRuntimeOptions, 'attachToRunningShop'> = {},
): Promise<{ url: string; embedded: EmbeddedDatabase | null }> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: null };
  const running = options.attachToRunningShop ? await findRunningEmbeddedDatabase(config.dataDir) : null;
  if (running) return { url: running, embedded: null };
  const embedded = await startEmbeddedDatabase(config.dataDir);
  return { url: embedded.url, embedded };
}

/** Wires configuration to adapters: the one place that decides PGlite or PostgreSQL, in-process jobs or BullMQ. */
export async function openRuntime(config: ShopConfig, options: OpenRuntimeOptions = {}): Promise<Runtime> {
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  const closers: Array<() => Promise<void>> = [];
  const { url: databaseUrl, embedded } = await connectDatabase(config, options);
  if (embedded) closers.push(embedded.close);
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
  // Before anything appends: traced appends carry their span in their events' metadata.
  const stopTracing = await startTracing(config, logger);
  if (stopTracing) closers.push(stopTracing);

  const clock = options.clock ?? (() => new Date());
  const queue: JobQueue = config.redisUrl
    ? new BullmqJobQueue({
        redisUrl: config.redisUrl,
        prefix: config.queuePrefix,
        knex,
        logger,
        clock,
        backoffMs: config.jobBackoffMs,
        concurrency: config.jobConcurrency,
      })
    : new InProcessJobQueue({ knex, logger, clock, backoffMs: config.jobBackoffMs });
  closers.unshift(() => queue.close());

  // Before anything reads or writes its tables; processes started together take turns.
  await migrateToLatest(knex);
  const keys = loadKeys(config);
  if (!(await keyOpensPersonalData(knex, keys.personalData))) {
    await Promise.allSettled(closers.map((close) => close()));
    throw new ConfigError(
      `Invalid configuration: the secrets key read here (${keySource(config)}) does not open this database's personal data: run with the shop's own SECRETS_KEY (or DATA_DIR)`,
    );
  }

  const metrics = createShopMetrics({
    served: config.metricsPort !== null || config.metricsToken !== undefined,
    knex,
    store,
    clock,
    logger,
    projections: ALL_PROJECTIONS.map((projection) => projection.name),
    reactors: ALL_REACTORS.map((reactor) => reactor.name),
  });
  observeAppends(store, metrics);
  const served = metricsEndpoint({ metrics, config, logger });
  closers.unshift(() => served.close());

  const commands = createShopCommands({ store, knex });
  const vault = new PersonalDataVault(keys.personalData);
  const limits = createRateLimits({ pool });
  closers.unshift(() => limits.close());
  const twoFactor = new TwoFactorService({ knex, key: keys.totpSecrets, clock });
  // Snapshots stay in PostgreSQL beside the read models, whichever store holds the log.
  const snapshots = new PostgresSnapshotStore({ pool });
  const accounts = new AccountService({
    knex,
    store,
    snapshots,
    vault,
    keys,
    config,
    limits,
    clock,
    logger,
    twoFactor,
  });
  const mailer = createMailer(config, logger);
  const providers = createPaymentProviders({ config, keys, knex, clock });
  // Orders open checkouts and payments follow them up: both with the same providers.
  const checkout = { knex, store, commands, providers: providers.all, publicUrl: config.publicUrl, clock, metrics };
  const payments = new PaymentService({ ...checkout, logger });
  const orders = new OrderService(checkout);
  const inquiries = new InquiryService({ knex, store, commands, vault, limits, clock, logger });
  const credentials = new CredentialService({ knex, store, commands, key: keys.serviceCredentials, clock, logger });
  const freeOffer = new FreeOfferService({ knex, store, commands, clock });
  const operatorSubscriptions = new OperatorSubscriptions({ knex, commands, clock });
  const operatorRefunds = new OperatorRefunds({ commands, providers: providers.all, clock, logger });
  const apiKeys = new ApiKeys({ knex, commands, clock });
  const automaticRenewals = new AutomaticRenewals({
    knex,
    commands,
    providers: providers.all,
    clock,
    logger,
    settings: { leadHours: config.renewalLeadHours, retryHours: config.renewalRetryHours },
  });
  const operatorCatalogue = new OperatorCatalogue({ knex, commands, clock });
  const invoicing = new Invoicing({ knex, vault, commands, clock });
  const history = new RecordHistory({ knex, store, vault, timeZone: config.shopTimeZone });
  const stripeSync = new StripeSync({
    knex,
    store,
    commands,
    payments,
    seal: (userId, value) => accounts.seal(userId, value),
    clock,
  });

  return {
    config,
    logger,
    databaseUrl,
    embedded: isEmbedded,
    pool,
    snapshots,
    store,
    knex,
    commands,
    queue,
    clock,
    keys,
    vault,
    limits,
    twoFactor,
    accounts,
    mailer,
    payments,
    orders,
    inquiries,
    credentials,
    freeOffer,
    operatorSubscriptions,
    operatorRefunds,
    apiKeys,
    automaticRenewals,
    invoicing,
    operatorCatalogue,
    history,
    stripeSync,
    sandbox: providers.sandbox,
    metrics,
    metricsEndpoint: served,
    close: async () => {
      for (const close of closers) await close().catch((error) => logger.error({ err: error }, 'error while closing'));
    },
  };
}
