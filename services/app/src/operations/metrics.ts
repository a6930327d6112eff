import type { EventStore } from '@shop/event-store';
import type { Knex } from 'knex';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from '../infrastructure/logger.js';
import { readLogGauges, type LogGauges } from './log-gauges.js';

/** Longest a scrape waits for the database's figures; then the gauges keep their last values. */
export const METRICS_COLLECT_TIMEOUT_MS = 1000;
/** A scrape's database figures serve every gauge of that scrape, and scrapes closer than this. */
const LOG_GAUGES_FRESH_MS = 1000;

/** What the payment modules report: what providers said, and what became of their notifications. */
export interface PaymentMetrics {
  /** An outcome that changed an order (paid, failed, refunded…) or was recorded as unmatched. */
  paymentRecorded(provider: string, outcome: string): void;
  /** A provider's notification at `/webhooks/:provider`: accepted, duplicate, invalid_signature, unknown_provider, error. */
  webhookReceived(provider: string, outcome: string): void;
}

/** What an append reports (the event store's observer, `observeAppends`). */
export interface AppendMetrics {
  appended(info: { durationMs: number; batchSize: number }): void;
}

export interface ShopMetrics extends PaymentMetrics, AppendMetrics {
  readonly registry: Registry;
  /** Whether this process serves `/metrics` (METRICS_PORT or METRICS_TOKEN set). */
  readonly served: boolean;
  /** One answered request, with the route pattern that answered it and how long it took. */
  requestAnswered(request: { method: string; route: string; status: number }, seconds: number): void;
}

/** Providers' names as labels: only the shop's own, so a made-up `/webhooks/<anything>` adds no series. */
const KNOWN_PROVIDERS = new Set(['stripe', 'mollie', 'paypal', 'payssion', 'sandbox']);
const providerLabel = (provider: string) => (KNOWN_PROVIDERS.has(provider) ? provider : 'unknown');

/**
 * The process's metrics in one registry of its own: counters and histograms written where things
 * happen, gauges read from the database when Prometheus scrapes (cheaply, within a timeout).
 */
export function createShopMetrics(deps: {
  served: boolean;
  knex: Knex;
  store: EventStore;
  clock: () => Date;
  logger: Logger;
  projections: readonly string[];
  reactors: readonly string[];
}): ShopMetrics {
  const registry = new Registry();
  // The process's own figures (CPU, memory, event loop, garbage collection) only where someone reads them.
  if (deps.served) collectDefaultMetrics({ register: registry });

  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern (`unmatched` when no route answered) and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const appendDuration = new Histogram({
    name: 'eventstore_append_duration_seconds',
    help: 'Time of an append to the event log, its transaction included',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const appendBatch = new Histogram({
    name: 'eventstore_append_batch_size',
    help: 'Events written by one append',
    buckets: [1, 2, 3, 5, 10, 20, 50, 100, 500, 1000],
    registers: [registry],
  });
  const payments = new Counter({
    name: 'payments_total',
    help: "Providers' payment outcomes recorded on an order (paid, failed, expired, canceled, refunded, disputed) or as unmatched",
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'webhooks_received_total',
    help: "Providers' notifications received, by provider and outcome",
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  const collectFailures = new Counter({
    name: 'metrics_collect_failures_total',
    help: 'Scrapes whose database figures did not come within the timeout or failed (the gauges kept their last values)',
    registers: [registry],
    // Told after this scrape's reading, so that the scrape that failed says so.
    async collect() {
      await logGauges();
    },
  });

  let latest: { at: number; reading: Promise<LogGauges | null> } | null = null;
  /** The database's figures for this scrape: one reading shared by every gauge. */
  const logGauges = (): Promise<LogGauges | null> => {
    const now = Date.now();
    if (latest && now - latest.at < LOG_GAUGES_FRESH_MS) return latest.reading;
    const reading = withinTimeout(
      readLogGauges({ ...deps, projections: deps.projections, reactors: deps.reactors }),
      METRICS_COLLECT_TIMEOUT_MS,
    ).catch((error: unknown) => {
      collectFailures.inc();
      deps.logger.warn({ err: error }, 'metrics: the database figures could not be read');
      return null;
    });
    latest = { at: now, reading };
    return reading;
  };
  const gauge = (
    name: string,
    help: string,
    labelNames: readonly string[],
    set: (gauge: Gauge<string>, figures: LogGauges) => void,
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const figures = await logGauges();
        if (figures) set(this, figures);
      },
    });
  gauge(
    'projection_lag_events',
    'Events in the log a projection has not applied yet (head position minus its checkpoint)',
    ['projection'],
    (g, f) => f.projections.forEach((p) => g.set({ projection: p.name }, p.lagEvents)),
  );
  gauge(
    'projection_lag_seconds',
    'Age of the oldest event a projection has not applied yet (0 when caught up)',
    ['projection'],
    (g, f) => f.projections.forEach((p) => g.set({ projection: p.name }, p.lagSeconds)),
  );
  gauge(
    'projection_parked_events',
    "Events a projection's active read model could not apply and went past, not yet retried or skipped",
    ['projection'],
    (g, f) => f.projections.forEach((p) => g.set({ projection: p.name }, p.parked)),
  );
  gauge('reactor_lag_events', 'Events in the log a reactor has not turned into jobs yet', ['reactor'], (g, f) =>
    f.reactors.forEach((r) => g.set({ reactor: r.name }, r.lagEvents)),
  );
  gauge('jobs_waiting', 'Jobs due now and not run yet (job ledger)', [], (g, f) => g.set(f.jobs.waiting));
  gauge('jobs_delayed', 'Jobs planned for later (timers, retries after a failure)', [], (g, f) =>
    g.set(f.jobs.delayed),
  );
  gauge('jobs_failed', 'Jobs that failed every attempt, until an operator retries them', [], (g, f) =>
    g.set(f.jobs.failed),
  );

  return {
    registry,
    served: deps.served,
    requestAnswered({ method, route, status }, seconds) {
      http.observe({ method, route, status }, seconds);
    },
    appended({ durationMs, batchSize }) {
      appendDuration.observe(durationMs / 1000);
      appendBatch.observe(batchSize);
    },
    paymentRecorded(provider, outcome) {
      payments.inc({ provider: providerLabel(provider), outcome });
    },
    webhookReceived(provider, outcome) {
      webhooks.inc({ provider: providerLabel(provider), outcome });
    },
  };
}

function withinTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
