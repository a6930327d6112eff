import type { Attributes, Context, Link, Span, SpanContext, Tracer } from '@opentelemetry/api';
import type { ShopConfig } from '../config.js';
import type { Logger } from '../infrastructure/logger.js';

/*
 * Traces (OpenTelemetry, sent by OTLP over HTTP) when OTEL_EXPORTER_OTLP_ENDPOINT is set. Unset,
 * none of OpenTelemetry's packages is loaded (the imports above are types only, erased) and every
 * function here is one test of a variable: "off and costless" (docs/adr/0031-metrics-and-traces.md).
 */

type OtelApi = typeof import('@opentelemetry/api');

interface ActiveTracing {
  api: OtelApi;
  tracer: Tracer;
  provider: { forceFlush(): Promise<void>; shutdown(): Promise<void> };
  /** Runtimes of this process using it (tests open several); the last to close shuts it down. */
  users: number;
}

let active: ActiveTracing | null = null;
let starting: Promise<ActiveTracing> | null = null;

/** The W3C `traceparent` an event carries in its metadata when its append was traced. */
export const TRACEPARENT = 'traceparent';
const TRACEPARENT_FORMAT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** Whether this process traces. */
export const tracingOn = (): boolean => active !== null;

/**
 * Starts tracing for a runtime when the endpoint is set; answers how to stop (and flush) it, or
 * null when tracing is off. One provider per process, shared by the runtimes it opens.
 */
export async function startTracing(
  config: Pick<ShopConfig, 'otlpEndpoint' | 'otelServiceName'>,
  logger: Logger,
): Promise<(() => Promise<void>) | null> {
  const endpoint = config.otlpEndpoint;
  if (!endpoint) return null;
  starting ??= loadTracing(endpoint, config.otelServiceName);
  const tracing = await starting;
  tracing.users += 1;
  // The origin only: a collector's address may carry credentials.
  logger.info({ collector: new URL(endpoint).origin, serviceName: config.otelServiceName }, 'traces sent by OTLP');
  return async () => {
    tracing.users -= 1;
    if (tracing.users > 0) return tracing.provider.forceFlush();
    active = null;
    starting = null;
    await tracing.provider.shutdown();
    tracing.api.trace.disable();
    tracing.api.context.disable();
  };
}

async function loadTracing(endpoint: string, serviceName: string): Promise<ActiveTracing> {
  // Loaded here only: a bundle leaves these packages external, and a shop without tracing never reads them.
  const [api, sdk, exporter, contextManager, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [
      new sdk.BatchSpanProcessor({ exporter: new exporter.OTLPTraceExporter({ url: `${endpoint}/v1/traces` }) }),
    ],
  });
  api.context.setGlobalContextManager(new contextManager.AsyncLocalStorageContextManager().enable());
  api.trace.setGlobalTracerProvider(provider);
  active = { api, tracer: provider.getTracer('shop'), provider, users: 0 };
  return active;
}

/** Sends the spans ended so far (tests, and before a process stops). */
export async function flushTraces(): Promise<void> {
  await active?.provider.forceFlush();
}

export interface SpanStart {
  attributes?: Attributes;
  /** A `traceparent` to continue (the span becomes its child), instead of the active span. */
  parent?: string;
  /** `traceparent`s of other traces this span follows from (a batch of several requests' events). */
  links?: readonly string[];
}

/** Runs `work` inside a span named `name` (when tracing is on; otherwise just runs it). */
export function inSpan<T>(name: string, start: SpanStart, work: () => Promise<T>): Promise<T> {
  if (!active) return work();
  const { api, tracer } = active;
  const parent = start.parent ? remoteContext(api, start.parent) : undefined;
  const links = (start.links ?? []).flatMap((traceparent): Link[] => {
    const context = spanContextOf(traceparent);
    return context ? [{ context }] : [];
  });
  const run = (span: Span) =>
    work().then(
      (result) => {
        span.end();
        return result;
      },
      (error: unknown) => {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: api.SpanStatusCode.ERROR });
        span.end();
        throw error;
      },
    );
  const options = { attributes: start.attributes, links };
  return parent ? tracer.startActiveSpan(name, options, parent, run) : tracer.startActiveSpan(name, options, run);
}

/** The active span's `traceparent`, to carry in the metadata of the events it appends. */
export function activeTraceparent(): string | undefined {
  if (!active) return undefined;
  const span = active.api.trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  return `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, '0')}`;
}

function spanContextOf(traceparent: string): SpanContext | undefined {
  const match = TRACEPARENT_FORMAT.exec(traceparent);
  if (!match) return undefined;
  return { traceId: match[1]!, spanId: match[2]!, traceFlags: parseInt(match[3]!, 16), isRemote: true };
}

function remoteContext(api: OtelApi, traceparent: string): Context | undefined {
  const context = spanContextOf(traceparent);
  return context ? api.trace.setSpanContext(api.context.active(), context) : undefined;
}

/**
 * What a span over a batch of events follows: when they all belong to one trace (one request, even
 * over several appends), a child of the first append, linked to the others; when they come from
 * several traces, links to each; and the correlation ids they carry (`shop.correlation_id`, or several).
 */
export function batchSpanStart(
  events: ReadonlyArray<{ metadata: Record<string, unknown> }>,
  attributes: Attributes,
): SpanStart {
  const traceparents = new Set<string>();
  const correlations = new Set<string>();
  for (const { metadata } of events) {
    if (typeof metadata[TRACEPARENT] === 'string') traceparents.add(metadata[TRACEPARENT]);
    if (typeof metadata.correlationId === 'string') correlations.add(metadata.correlationId);
  }
  const ids = [...correlations].slice(0, 32);
  const parents = [...traceparents].slice(0, 32);
  return {
    attributes: {
      ...attributes,
      'shop.batch_size': events.length,
      ...(ids.length === 1 ? { 'shop.correlation_id': ids[0] } : ids.length > 1 ? { 'shop.correlation_ids': ids } : {}),
    },
    ...(oneTrace(parents) ? { parent: parents[0], links: parents.slice(1) } : { links: parents }),
  };
}

const traceIdOf = (traceparent: string): string | undefined => TRACEPARENT_FORMAT.exec(traceparent)?.[1];
function oneTrace(traceparents: readonly string[]): boolean {
  const first = traceparents[0] === undefined ? undefined : traceIdOf(traceparents[0]);
  return first !== undefined && traceparents.every((traceparent) => traceIdOf(traceparent) === first);
}

/** A request's span, once started: run the request's handling within it, end it once answered. */
export interface RequestSpan {
  within(work: () => void): void;
  end(answered: { method: string; route: string; status: number }): void;
}

/**
 * Starts the span of a request (kind server), with its request id as `shop.correlation_id` (the
 * events it appends carry the same); null when tracing is off. Named by its route once answered.
 */
export function startRequestSpan(method: string, correlationId: string): RequestSpan | null {
  if (!active) return null;
  const { api, tracer } = active;
  const span = tracer.startSpan(method, {
    kind: api.SpanKind.SERVER,
    attributes: { 'http.request.method': method, 'shop.correlation_id': correlationId },
  });
  return {
    within: (work) => api.context.with(api.trace.setSpan(api.context.active(), span), work),
    end: ({ method: answeredMethod, route, status }) => {
      span.updateName(`${answeredMethod} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
      if (status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end();
    },
  };
}

/**
 * The projector's `aroundBatch` when tracing is on: a span per batch holding events the projection
 * handles (`project <name>`), child of the request that appended them (or linked to each).
 */
export function projectionSpans(handled: ReadonlySet<string>) {
  if (!active) return undefined;
  return <T>(
    batch: { projection: string; events: ReadonlyArray<{ type: string; metadata: Record<string, unknown> }> },
    apply: () => Promise<T>,
  ): Promise<T> => {
    const events = batch.events.filter((event) => handled.has(event.type));
    if (events.length === 0) return apply();
    return inSpan(
      `project ${batch.projection}`,
      batchSpanStart(events, { 'shop.projection': batch.projection }),
      apply,
    );
  };
}

/**
 * A job's run in a span of its own (`job <name>`), when tracing is on, the child of the span that
 * queued it when its data carries that span's `traceparent`; `handlers` as they are otherwise.
 */
export function tracedJobHandlers<H extends Record<string, (data: never) => Promise<void>>>(handlers: H): H {
  if (!active) return handlers;
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handle]) => [
      name,
      (data: never) => {
        const { traceparent } = (data ?? {}) as { traceparent?: unknown };
        const parent = typeof traceparent === 'string' ? traceparent : undefined;
        return inSpan(`job ${name}`, { attributes: { 'shop.job': name }, parent }, () => handle(data));
      },
    ]),
  ) as H;
}

/** `streamId`'s type: what comes before its id (`subscription-<uuid>` → `subscription`, `plan-netflix` → `plan`). */
export function streamTypeOf(streamId: string): string {
  const uuid = /-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.exec(streamId);
  return uuid ? streamId.slice(0, uuid.index) : (streamId.split('-')[0] ?? streamId);
}
