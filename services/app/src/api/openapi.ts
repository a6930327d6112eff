import { problemSchema } from '@shop/contracts';
import type { Express, RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import { HttpProblem } from './problem.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** An answer of an operation: a JSON body of `schema`, a problem (`problem: true`), or no body. */
export interface ResponseDoc {
  description: string;
  schema?: z.ZodType;
  problem?: boolean;
}

export interface RouteDoc {
  method: Method;
  path: string;
  summary: string;
  tags: string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  responses: Record<number, ResponseDoc>;
}

/** What every back-office operation may answer before its handler runs: not signed in, not an operator. */
export const ADMIN_REFUSALS: Record<number, ResponseDoc> = {
  401: { description: 'auth.required', problem: true },
  403: { description: 'auth.forbidden', problem: true },
};

/**
 * The routes table: every operation is declared here with its schemas and handlers at once
 * (`route`), so a route cannot exist undocumented, and `/api/openapi.json` is built from the
 * same zod schemas (from `@shop/contracts`) that validate requests and type the clients.
 *
 * With `checkResponses` (the test suites), each JSON answer is checked against the schema
 * documented for its status: an answer the document does not describe is a 500 naming the
 * difference, so every integration test is also a test of the document.
 */
export class ApiDocument {
  private readonly routes: RouteDoc[] = [];

  constructor(private readonly options: { checkResponses?: boolean } = {}) {}

  /** Declares an operation and mounts its handlers on `router`. */
  route(router: Router, route: RouteDoc, handler: RequestHandler, ...more: RequestHandler[]): void {
    this.routes.push(route);
    const handlers = [handler, ...more];
    const chain = this.options.checkResponses ? [answersAsDocumented(route), ...handlers] : handlers;
    router[route.method](route.path, ...chain);
  }

  /** Every documented operation, for the test that compares the document with the mounted routes. */
  operations(): ReadonlyArray<{ method: Method; path: string }> {
    return this.routes.map(({ method, path }) => ({ method, path }));
  }

  /** Whether the documented operation at this method and path reads a body; undefined when none is documented. */
  takesBody(method: string, path: string): boolean | undefined {
    const route = this.routes.find(
      (candidate) => candidate.method === method.toLowerCase() && pathPattern(candidate.path).test(path),
    );
    return route ? route.body !== undefined : undefined;
  }

  /**
   * Throws unless the routes mounted on `app` and the document name the same operations: a route
   * added with `router.get(...)` instead of `route` would be undocumented, and start-up says so.
   */
  assertDescribes(app: Express): void {
    const documented = new Set(this.routes.map((route) => `${route.method.toUpperCase()} ${route.path}`));
    const mounted = new Set(mountedOperations(app));
    const undocumented = [...mounted].filter((operation) => !documented.has(operation));
    const unmounted = [...documented].filter((operation) => !mounted.has(operation));
    if (undocumented.length > 0 || unmounted.length > 0)
      throw new Error(
        `The API document and the routes disagree: undocumented ${JSON.stringify(undocumented)}, documented but not mounted ${JSON.stringify(unmounted)}`,
      );
  }

  build(info: { title: string; version: string }): unknown {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const route of this.routes) {
      const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
      const parameters = [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')];
      const responses = Object.fromEntries(
        Object.entries(route.responses).map(([status, response]) => [
          status,
          {
            description: response.description,
            ...(schemaOf(response)
              ? {
                  content: {
                    [response.problem ? 'application/problem+json' : 'application/json']: {
                      schema: toSchema(schemaOf(response)!),
                    },
                  },
                }
              : {}),
          },
        ]),
      );
      paths[openApiPath] ??= {};
      paths[openApiPath][route.method] = {
        summary: route.summary,
        tags: route.tags,
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(route.body
          ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(route.body) } } } }
          : {}),
        responses,
      };
    }
    return { openapi: '3.1.0', info, paths };
  }
}

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** `GET /api/plans`, ... for every route mounted with a string path, in routers at any depth. */
export function mountedOperations(app: Express): string[] {
  const operations: string[] = [];
  const pending: Layer[] = [...((app as unknown as { router: { stack: Layer[] } }).router.stack ?? [])];
  while (pending.length > 0) {
    const layer = pending.pop()!;
    if (layer.route && typeof layer.route.path === 'string') {
      for (const [method, on] of Object.entries(layer.route.methods))
        if (on && method !== '_all') operations.push(`${method.toUpperCase()} ${layer.route.path}`);
    } else if (layer.handle?.stack) pending.push(...layer.handle.stack);
  }
  return operations;
}

function schemaOf(response: ResponseDoc): z.ZodType | undefined {
  return response.schema ?? (response.problem ? problemSchema : undefined);
}

/** Statuses any operation may answer without documenting them: the server's own failures. */
const UNDOCUMENTED_STATUSES = new Set([500, 503]);

/** Checks each JSON answer of `route` against the document; see `ApiDocument`. */
function answersAsDocumented(route: RouteDoc): RequestHandler {
  return (_req, res, next) => {
    const json = res.json.bind(res);
    res.json = (body: unknown): Response => {
      const mismatch = mismatchOf(route, res.statusCode, body);
      if (mismatch) {
        res.json = json;
        const detail = `${route.method.toUpperCase()} ${route.path} answered ${res.statusCode}: ${mismatch}`;
        // Only the test suites check answers: the failing test's output shows why.
        console.error(detail);
        throw new HttpProblem({ status: 500, code: 'api.answer_not_as_documented', detail });
      }
      return json(body);
    };
    next();
  };
}

function mismatchOf(route: RouteDoc, status: number, body: unknown): string | null {
  if (UNDOCUMENTED_STATUSES.has(status)) return null;
  const response = route.responses[status];
  if (!response) return 'this status is not documented';
  const schema = schemaOf(response);
  if (!schema) return 'a body where the document says there is none';
  // As the client will read it: dates become strings, undefined properties disappear.
  const result = schema.safeParse(body === undefined ? undefined : JSON.parse(JSON.stringify(body)));
  return result.success ? null : `the body does not match the document: ${z.prettifyError(result.error)}`;
}

function toSchema(schema: z.ZodType): unknown {
  return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
}

function parametersOf(schema: z.ZodObject | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    in: location,
    required: location === 'path' || !(field as z.ZodType).safeParse(undefined).success,
    ...((field as z.ZodType).description ? { description: (field as z.ZodType).description } : {}),
    schema: z.toJSONSchema(field as z.ZodType, { io: 'input', unrepresentable: 'any' }),
  }));
}

const patterns = new Map<string, RegExp>();
/** `/api/orders/:id/checkout` as a regular expression matching one concrete path. */
function pathPattern(path: string): RegExp {
  let pattern = patterns.get(path);
  if (!pattern) {
    const escaped = path
      .split(/(:\w+)/)
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    pattern = new RegExp(`^${escaped.join('')}/?$`);
    patterns.set(path, pattern);
  }
  return pattern;
}
