import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { startRequestSpan } from '../operations/tracing.js';
import { routePattern } from './route-pattern.js';

/**
 * Each request in a span of its own, named by its route pattern once answered; the command, the
 * append and what follows from the events are its children or linked to it. Mounted only when
 * tracing is on, after the request log (which gives the request its id).
 */
export function traceRequests(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const span = startRequestSpan(req.method, String(req.id));
    if (!span) return next();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      span.end({ method: req.method, route: routePattern(req), status: res.statusCode });
    };
    res.once('finish', end);
    res.once('close', end);
    span.within(next);
  };
}
