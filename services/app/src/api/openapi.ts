import { z } from 'zod';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteDoc {
  method: Method;
  path: string;
  summary: string;
  tags: string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  responses: Record<number, { description: string; schema?: z.ZodType; problem?: boolean }>;
}

/**
 * The API description, built from the same zod schemas that validate requests and shape
 * responses, so the document cannot drift from the code.
 */
export class ApiDocument {
  private readonly routes: RouteDoc[] = [];

  add(route: RouteDoc): void {
    this.routes.push(route);
  }

  /** Whether the documented operation at this method and path reads a body; undefined when none is documented. */
  takesBody(method: string, path: string): boolean | undefined {
    const route = this.routes.find(
      (candidate) => candidate.method === method.toLowerCase() && pathPattern(candidate.path).test(path),
    );
    return route ? route.body !== undefined : undefined;
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
            ...(response.schema
              ? {
                  content: {
                    [response.problem ? 'application/problem+json' : 'application/json']: {
                      schema: toSchema(response.schema),
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
