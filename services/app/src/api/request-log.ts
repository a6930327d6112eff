import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { pinoHttp, type HttpLogger } from 'pino-http';
import type { Logger } from '../infrastructure/logger.js';

const REQUEST_ID = /^[\w.-]{1,128}$/;
/** Probed every few seconds by the orchestrator: worth a line only when debugging. */
const HEALTH_PROBES = new Set(['/healthz', '/readyz']);

/** The path alone: a query string may hold a token (a reset link's, a provider's code). */
const pathOf = (req: IncomingMessage) => ((req as Request).originalUrl ?? req.url ?? '').split('?')[0]!;

function lineOf(req: IncomingMessage, res: ServerResponse, durationMs: number) {
  const code = (res as Response).locals?.problemCode as string | undefined;
  return {
    method: req.method,
    path: pathOf(req),
    status: res.statusCode,
    durationMs,
    ...(code ? { code } : {}),
  };
}

/**
 * One line per request, written when it is answered: method, path, status, duration, the
 * problem's code if any, and the request id (from `X-Request-Id` when well formed, echoed back).
 * No headers, no query, no body. `req.log` carries the request id only.
 */
export function requestLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    quietResLogger: true,
    genReqId: (req, res) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (req, res, error) => {
      if (HEALTH_PROBES.has(pathOf(req))) return 'debug';
      return error || res.statusCode >= 500 ? 'error' : 'info';
    },
    customSuccessObject: (req, res, logged: { responseTime: number }) => lineOf(req, res, logged.responseTime),
    customErrorObject: (req, res, error, logged: { responseTime: number }) => ({
      ...lineOf(req, res, logged.responseTime),
      err: error,
    }),
  });
}
