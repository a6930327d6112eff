import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { bearerOf } from '../api/auth/authentication.js';
import { bareProblem } from '../api/problem.js';
import type { ShopConfig } from '../config.js';
import type { Logger } from '../infrastructure/logger.js';
import type { ShopMetrics } from './metrics.js';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(req: IncomingMessage, token: string): boolean {
  const presented = bearerOf(req.headers.authorization);
  if (presented === undefined) return false;
  // Digests of equal length: neither the comparison's time nor an early exit tells the token's length.
  return timingSafeEqual(digest(presented), digest(token));
}

function answerProblem(res: ServerResponse, status: number, code: string, detail: string, headers = {}): void {
  const body = bareProblem(status, code, detail);
  res.writeHead(status, {
    'Content-Type': 'application/problem+json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
}

const isRead = (req: IncomingMessage) => req.method === 'GET' || req.method === 'HEAD';

/** `GET /metrics`: the registry in Prometheus's text format, to a holder of the token when there is one. */
async function answerMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  metrics: ShopMetrics,
  token: string | undefined,
): Promise<void> {
  if (token !== undefined && !bearerMatches(req, token)) {
    answerProblem(res, 401, 'auth.required', 'The metrics need their Bearer token (METRICS_TOKEN)', {
      'WWW-Authenticate': 'Bearer realm="metrics"',
    });
    return;
  }
  const body = await metrics.registry.metrics();
  res.writeHead(200, {
    'Content-Type': metrics.registry.contentType,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Labels the scrape's own request in `http_request_duration_seconds` (it is no route of the API's table). */
const METRICS_ROUTE = { path: METRICS_PATH };

/**
 * `/metrics` on the API's port, behind METRICS_TOKEN: mounted only when the token is set and no
 * METRICS_PORT takes the metrics elsewhere (elsewhere the path is unknown, 404 as any other).
 */
export function metricsOnPublicPort(metrics: ShopMetrics, token: string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== METRICS_PATH || !isRead(req)) return next();
    (req as { route: unknown }).route = METRICS_ROUTE;
    answerMetrics(req, res, metrics, token).catch(next);
  };
}

/**
 * The small server of METRICS_PORT, bound like the API (HOST): `/metrics` and nothing else. With
 * METRICS_TOKEN set as well, it asks for the token too.
 */
export async function startMetricsServer(options: {
  metrics: ShopMetrics;
  config: Pick<ShopConfig, 'host' | 'metricsToken'> & { metricsPort: number };
  logger: Logger;
}): Promise<Server> {
  const { metrics, config, logger } = options;
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || !isRead(req)) {
      answerProblem(res, 404, 'route.not_found', 'Only GET /metrics is served on this port');
      return;
    }
    answerMetrics(req, res, metrics, config.metricsToken).catch((error: unknown) => {
      logger.error({ err: error }, 'metrics could not be answered');
      if (!res.headersSent) answerProblem(res, 500, 'internal', 'The metrics could not be read');
      else res.destroy();
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.metricsPort, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  logger.info({ port, host: config.host }, 'metrics served');
  return server;
}

/** The METRICS_PORT server of a process, started by whichever role comes first, closed with the runtime. */
export interface MetricsEndpoint {
  /** Starts the server if METRICS_PORT is set and it is not started yet; a port taken fails here. */
  serve(): Promise<void>;
  /** The port it listens on, once started (METRICS_PORT=0 takes a free one). */
  port(): number | null;
  close(): Promise<void>;
}

export function metricsEndpoint(options: {
  metrics: ShopMetrics;
  config: Pick<ShopConfig, 'host' | 'metricsPort' | 'metricsToken'>;
  logger: Logger;
}): MetricsEndpoint {
  const { metricsPort } = options.config;
  let started: Promise<Server> | null = null;
  let server: Server | null = null;
  return {
    serve: async () => {
      if (metricsPort === null) return;
      started ??= startMetricsServer({ ...options, config: { ...options.config, metricsPort } }).then((s) => {
        server = s;
        return s;
      });
      await started;
    },
    port: () => (server ? (server.address() as AddressInfo).port : null),
    close: async () => {
      const open = await started?.catch(() => null);
      if (!open) return;
      open.closeAllConnections();
      await new Promise<void>((resolve) => open.close(() => resolve()));
    },
  };
}
