import type { Request } from 'express';

/** The label of requests no route answered (static files, unknown paths, refusals before any route). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route that answered, as written in the routes table (`/api/admin/subscriptions/:id`), never
 * the path itself: one series per route however many ids are asked for.
 */
export function routePattern(req: Request): string {
  const route = req.route as { path?: unknown } | undefined;
  if (!route) return UNMATCHED_ROUTE;
  return typeof route.path === 'string' ? `${req.baseUrl}${route.path}` : `${req.baseUrl}/*`;
}
