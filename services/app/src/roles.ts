import { seedPromotions } from './catalogue/promotion-seed.js';
import { paymentJobHandlers } from './payments/payment-jobs.js';
import { refundJobHandlers } from './subscriptions/refund-reactor.js';
import { promotionJobHandlers } from './catalogue/promotion-reactor.js';
import { RENEWAL_SWEEP_INTERVAL_MS, renewalJobHandlers } from './subscriptions/automatic-renewals.js';
import { accountingJobHandlers } from './invoicing/invoicing.js';
import { warnOfDemoSeller } from './invoicing/seller-warning.js';
import { sleep } from '@shop/event-store';
import { settlePendingCommits } from './infrastructure/rows-with-events.js';
import { purgeIdempotencyKeys } from './infrastructure/idempotency.js';
import { runSealer } from './audit/event-sealer.js';
import { ALL_PROJECTIONS, projectionStatuses, runProjector } from '@shop/projections';
import type { Server } from 'node:http';
import { createApp } from './create-app.js';
import { configureHttpServer } from './api/http-server.js';
import { answerUnparsableRequests } from './api/problem.js';
import { createNotificationJobHandlers } from './notifications/notification-jobs.js';
import { createJobHandlers } from './subscriptions/subscription-jobs.js';
import { accountMailJobHandlers } from './accounts/account-mail-jobs.js';
import { orderMailJobHandlers } from './subscriptions/order-mail-jobs.js';
import { inquiryMailJobHandlers } from './inquiries/inquiry-mail-jobs.js';
import { ALL_REACTORS } from './all-reactors.js';
import { runReactor } from './reactors/reactor.js';
import { rederiveTimers } from './reactors/rederive-timers.js';
import { beatUntilStopped, type BeatingRole } from './operations/heartbeats.js';
import { projectionSpans, tracedJobHandlers } from './operations/tracing.js';
import { readinessChecks } from './operations/readiness.js';
import { purgeFinishedJobs } from './jobs/job-ledger.js';
import { purgeEndedSessions } from './accounts/sessions.js';
import type { Runtime } from './runtime.js';
import { seedCatalogue } from './catalogue/catalogue-seed.js';
import { carryOverRevealRows } from './credentials/carry-over-reveals.js';
import { purgeWebhookDeliveries, WebhookDelivery } from './integrations/webhooks/webhook-delivery.js';
import { createWebhookEndpoints } from './integrations/webhooks/webhook-endpoints.js';

/**
 * Keeps a long-running loop alive: an operational error (database restart, network) is
 * logged and the loop restarts after a pause; it never ends the process.
 */
async function supervise(
  name: string,
  runtime: Runtime,
  signal: AbortSignal,
  loop: () => Promise<void>,
): Promise<void> {
  let pauseMs = 500;
  while (!signal.aborted) {
    try {
      await loop();
      pauseMs = 500;
    } catch (error) {
      if (signal.aborted) return;
      runtime.logger.error({ err: error, loop: name, retryInMs: pauseMs }, 'background loop failed; restarting');
      await sleep(pauseMs, signal);
      pauseMs = Math.min(pauseMs * 2, 30_000);
    }
  }
}

/** A role's heartbeat, which `/readyz` on every process reads: often enough to be seen well within the bound. */
function heartbeat(role: BeatingRole, runtime: Runtime, signal: AbortSignal): Promise<void> {
  const everyMs = Math.min(5_000, Math.floor(runtime.config.readyMaxSilenceMs / 3));
  return supervise(`heartbeat:${role}`, runtime, signal, () =>
    beatUntilStopped(runtime.knex, role, { everyMs }, signal),
  );
}

export function startProjectors(runtime: Runtime, signal: AbortSignal): Promise<void[]> {
  return Promise.all([
    heartbeat('projector', runtime, signal),
    ...ALL_PROJECTIONS.map((projection) =>
      supervise(`projection:${projection.name}`, runtime, signal, () =>
        runProjector(
          {
            knex: runtime.knex,
            databaseUrl: runtime.databaseUrl,
            store: runtime.store,
            projection,
            batchSize: runtime.config.projectorBatchSize,
            vault: runtime.vault,
            logger: runtime.logger,
            aroundBatch: projectionSpans(new Set(projection.eventTypes)),
          },
          signal,
        ),
      ),
    ),
  ]);
}

/** The worker role: reactors turn events into jobs, and this process runs the jobs. */
export async function startWorker(runtime: Runtime, signal: AbortSignal): Promise<{ running: Promise<unknown> }> {
  await runtime.metricsEndpoint.serve();
  // The worker mails invoices: said once at its start when they name the demonstration seller.
  warnOfDemoSeller(runtime.config.seller, runtime.logger);
  const jobDependencies = {
    store: runtime.store,
    commands: runtime.commands,
    knex: runtime.knex,
    clock: runtime.clock,
    logger: runtime.logger,
  };
  await runtime.queue.startProcessing(
    tracedJobHandlers({
      ...createJobHandlers(jobDependencies, { pendingOrderHours: runtime.config.pendingOrderHours }),
      ...createNotificationJobHandlers(jobDependencies),
      ...accountMailJobHandlers({
        ...jobDependencies,
        mailer: runtime.mailer,
        publicUrl: runtime.config.publicUrl,
        vault: runtime.vault,
      }),
      ...paymentJobHandlers({ store: runtime.store, payments: runtime.payments }),
      ...refundJobHandlers({ refunds: runtime.operatorRefunds }),
      ...promotionJobHandlers({ promotions: runtime.commands.promotions }),
      ...renewalJobHandlers({ renewals: runtime.automaticRenewals }),
      ...accountingJobHandlers({ invoicing: runtime.invoicing }),
      ...orderMailJobHandlers({
        ...jobDependencies,
        mailer: runtime.mailer,
        publicUrl: runtime.config.publicUrl,
        seller: runtime.config.seller,
        renewalLeadHours: runtime.config.renewalLeadHours,
      }),
      ...inquiryMailJobHandlers({
        ...jobDependencies,
        mailer: runtime.mailer,
        supportEmail: runtime.config.supportEmail,
      }),
    }),
  );
  await runtime.queue.scheduleRepeating('sweep-expired-subscriptions', runtime.config.expirySweepIntervalMs);
  await runtime.queue.scheduleRepeating('sweep-abandoned-orders', runtime.config.expirySweepIntervalMs);
  await runtime.queue.scheduleRepeating('order-due-renewals', RENEWAL_SWEEP_INTERVAL_MS);
  // Timers the log implies but the job ledger lacks (a lost row, a timer an older version kept in
  // Redis only) are recorded again from the log: at start, then every day.
  const rederiving = supervise('timers', runtime, signal, async () => {
    const { recorded } = await rederiveTimers({
      reactors: ALL_REACTORS,
      store: runtime.store,
      knex: runtime.knex,
      now: runtime.clock(),
      signal,
    });
    if (recorded > 0)
      runtime.logger.warn({ recorded }, 'timers missing from the job ledger recorded again from the log');
    await sleep(24 * 3600_000, signal);
  });
  // The queue's copy of the work follows the job ledger: what Redis lost is handed over again,
  // the repeating schedules set up again (docs/adr/0021-effects-derived-from-the-log.md).
  const reconciling = supervise('job-reconciler', runtime, signal, async () => {
    await runtime.queue.reconcile();
    await sleep(runtime.config.jobReconcileIntervalMs, signal);
  });
  const running = Promise.all(
    ALL_REACTORS.map((reactor) =>
      supervise(`reactor:${reactor.name}`, runtime, signal, () =>
        runReactor(
          {
            knex: runtime.knex,
            databaseUrl: runtime.databaseUrl,
            store: runtime.store,
            queue: runtime.queue,
            reactor,
            logger: runtime.logger,
          },
          signal,
        ),
      ),
    ),
  );
  // Where the log cannot share a transaction (KurrentDB), commits a dead process left half done
  // are settled: at start, then every minute.
  const settling = runtime.store.sharesTransactions
    ? Promise.resolve()
    : supervise('pending-row-commits', runtime, signal, async () => {
        const settled = await settlePendingCommits({ store: runtime.store, knex: runtime.knex });
        if (settled.kept + settled.takenBack > 0) runtime.logger.warn(settled, 'pending row commits settled');
        await sleep(60_000, signal);
      });
  // Idempotency keys are kept a week after their request; finished jobs, ended sessions and webhook
  // deliveries a month (failed jobs and deliveries three): purged at start, then every hour.
  const purging = supervise('purges', runtime, signal, async () => {
    const purged = await purgeIdempotencyKeys(runtime.knex, { now: runtime.clock() });
    if (purged > 0) runtime.logger.info({ purged }, 'idempotency keys older than a week purged');
    const jobsPurged = await purgeFinishedJobs(runtime.knex, runtime.clock());
    if (jobsPurged > 0) runtime.logger.info({ purged: jobsPurged }, 'jobs finished long ago purged');
    const sessionsPurged = await purgeEndedSessions(runtime.knex, runtime.clock());
    if (sessionsPurged > 0) runtime.logger.info({ purged: sessionsPurged }, 'sessions ended long ago purged');
    const deliveriesPurged = await purgeWebhookDeliveries(runtime.knex, runtime.clock());
    if (deliveriesPurged > 0)
      runtime.logger.info({ purged: deliveriesPurged }, 'webhook deliveries made long ago purged');
    await sleep(60 * 60_000, signal);
  });
  // Outbound webhooks: each endpoint's cursor over the log queues deliveries, sent and retried from PostgreSQL (ADR 0035).
  const webhookDelivery = new WebhookDelivery({
    ...jobDependencies,
    vault: runtime.vault,
    endpoints: createWebhookEndpoints(runtime),
    retryBaseMs: runtime.config.webhookRetryBaseMs,
    production: runtime.config.nodeEnv === 'production',
  });
  const webhooks = Promise.all([
    supervise('webhook-dispatcher', runtime, signal, () => webhookDelivery.dispatch(signal)),
    supervise('webhook-sender', runtime, signal, () => webhookDelivery.send(signal)),
  ]);
  // Every event is sealed into the hash chain moments after it is written (docs/adr/0015-tamper-evident-log.md).
  const sealing = supervise('event-seals', runtime, signal, () =>
    runSealer({ knex: runtime.knex, store: runtime.store }, signal),
  );
  return {
    running: Promise.all([
      heartbeat('worker', runtime, signal),
      running,
      rederiving,
      reconciling,
      settling,
      purging,
      sealing,
      webhooks,
    ]),
  };
}

/**
 * Seeds the catalogue, then serves. With `waitForReadModels` (the projectors run in this process)
 * it first waits until they have read the whole log, seeds included, so the first visitor does not
 * find an empty shop; deployed apart from them, its `/readyz` says not ready until they have.
 */
export async function startApi(runtime: Runtime, options: { waitForReadModels?: AbortSignal } = {}): Promise<Server> {
  await runtime.metricsEndpoint.serve();
  const written = await seedCatalogue(runtime.commands.plans, runtime.clock());
  if (written > 0) runtime.logger.info({ events: written }, 'catalogue seeded');
  await seedPromotions(runtime.commands.promotions, runtime.clock());
  const carried = await carryOverRevealRows(runtime);
  if (carried > 0) runtime.logger.info({ events: carried }, 'credential readings carried over to the log');
  const admins = await runtime.accounts.applyAdminEmails();
  if (admins.granted > 0) runtime.logger.info({ owners: admins.granted }, 'ADMIN_EMAILS made the first owners');
  if (admins.shopHasOwner) {
    runtime.logger.info('ADMIN_EMAILS grants nothing: the shop has an owner, who gives roles in the back-office');
  }
  if (options.waitForReadModels) await readModelsCaughtUp(runtime, options.waitForReadModels);
  const readiness = readinessChecks({
    knex: runtime.knex,
    store: runtime.store,
    queue: runtime.queue,
    clock: runtime.clock,
    maxLagEvents: runtime.config.readyMaxLagEvents,
    maxSilenceMs: runtime.config.readyMaxSilenceMs,
    logAtStart: await runtime.store.lastWritten(),
  });
  const app = createApp({
    knex: runtime.knex,
    logger: runtime.logger,
    readiness,
    accounts: runtime.accounts,
    limits: runtime.limits,
    twoFactor: runtime.twoFactor,
    config: runtime.config,
    keys: runtime.keys,
    clock: runtime.clock,
    payments: runtime.payments,
    orders: runtime.orders,
    sandbox: runtime.sandbox,
    store: runtime.store,
    commands: runtime.commands,
    operatorSubscriptions: runtime.operatorSubscriptions,
    operatorRefunds: runtime.operatorRefunds,
    apiKeys: runtime.apiKeys,
    vault: runtime.vault,
    operatorCatalogue: runtime.operatorCatalogue,
    inquiries: runtime.inquiries,
    credentials: runtime.credentials,
    freeOffer: runtime.freeOffer,
    history: runtime.history,
    stripeSync: runtime.stripeSync,
    metrics: runtime.metrics,
  });
  return new Promise((resolve, reject) => {
    // Express 5 calls back with the error too (a port taken): then the start fails with it.
    const server = app.listen(runtime.config.port, runtime.config.host, (error?: Error) =>
      error ? reject(error) : resolve(server),
    );
    configureHttpServer(server, runtime.config);
    answerUnparsableRequests(server);
  });
}

/** Waits until every projection has read the whole log, for at most half a minute. */
async function readModelsCaughtUp(runtime: Runtime, signal: AbortSignal): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!signal.aborted && Date.now() < deadline) {
    const statuses = await projectionStatuses(runtime.knex, runtime.store, ALL_PROJECTIONS).catch(() => []);
    if (statuses.length === ALL_PROJECTIONS.length && statuses.every((status) => status.lagEvents === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  runtime.logger.warn('read models still catching up with the log; serving meanwhile');
}
