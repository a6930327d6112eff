import { randomUUID } from 'node:crypto';
import type { Express, NextFunction, Request, Response } from 'express';
import type { Logger } from '../infrastructure/logger.js';

declare module 'http' {
  interface IncomingMessage {
    /** The request id: `X-Request-Id` when well formed, a new UUID otherwise. */
    id: string;
    /** The shop's logger bound to this request's id. */
    log: Logger;
  }
  interface ServerResponse {
    /** The error behind a 5xx answer, for its log line. */
    err?: Error;
  }
}

const REQUEST_ID = /^[\w.-]{1,128}$/;

/** Where a request keeps, once a route logs, the shop's logger bound to its request id. */
const CHILD = Symbol('shop.requestLogger');

/** Probed every few seconds by the orchestrator (and scraped by Prometheus): worth a line only when debugging. */
const HEALTH_PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/** The path alone: a query string may hold a token (a reset link's, a provider's code). */
const pathOf = (req: Request) => (req.originalUrl ?? req.url ?? '').split('?')[0]!;

/**
 * One line per request, written when it is answered: method, path, status, duration, the
 * problem's code if any, the request id (from `X-Request-Id` when well formed, echoed back), and
 * for a request with an API key, the key's id.
 * No headers, no query, no body. `req.log` carries the request id only.
 *
 * Written here rather than with pino-http, which builds two child loggers for every request: on
 * the catalogue, answered from memory, that was a tenth of the process's time. The child logger
 * of `req.log` is made only when a route logs something of its own.
 */
export function useRequestLog(
  app: Express,
  logger: Logger,
  /** Told of each answered request with its duration (the metrics' histogram). */
  onAnswered?: (req: Request, res: Response, seconds: number) => void,
): void {
  // A getter on this app's request prototype, defined once: a property defined on each request
  // would turn every request into a slower dictionary-mode object for the rest of its handling.
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request & { [CHILD]?: Logger }) {
      return (this[CHILD] ??= logger.child({ reqId: this.id }));
    },
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      res.removeListener('finish', done);
      res.removeListener('close', done);
      const elapsedMs = performance.now() - started;
      onAnswered?.(req, res, elapsedMs / 1000);
      const code = res.locals?.problemCode as string | undefined;
      const line = {
        reqId: id,
        method: req.method,
        path: pathOf(req),
        status: res.statusCode,
        durationMs: Math.round(elapsedMs),
        ...(code ? { code } : {}),
        // Which integration called: the key's id (never the key), as its writes record it.
        ...(req.apiKey ? { apiKeyId: req.apiKey.id } : {}),
      };
      const failed = Boolean(res.err) || res.statusCode >= 500;
      const level = HEALTH_PROBES.has(line.path) ? 'debug' : failed ? 'error' : 'info';
      if (failed) {
        logger[level](
          { ...line, err: res.err ?? new Error(`failed with status code ${res.statusCode}`) },
          'request errored',
        );
      } else {
        logger[level](line, 'request completed');
      }
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  });
}
