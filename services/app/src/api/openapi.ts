import { problemSchema } from '@shop/contracts';
import type { Express, IRouter, RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import { rolesWith } from '@shop/domain';
import { actedOnBy, permissionFor } from './auth/admin-permissions.js';
import { apiKeyScopesFor } from './auth/api-key-scopes.js';
import { requireUser } from './auth/authentication.js';
import { HttpProblem } from './problem.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call an operation: anyone, a signed-in person, or staff (the back-office), each
 * operation there needing one permission (`admin-permissions.ts`) that some staff roles hold.
 */
export type Access = 'anyone' | 'signed-in' | 'staff';

/** An answer of an operation: a JSON body of `schema`, a problem (`problem: true`: see `problem`), or no body. */
export interface ResponseDoc {
  description: string;
  schema?: z.ZodType;
  problem?: boolean;
}

export interface RouteDoc {
  method: Method;
  path: string;
  /**
   * The operation's name in generated clients (`listPlans`), unique in the document. Without one it
   * is derived from the method and the path (`getApiAdminUsersById`), which a new path would change:
   * once clients use it, it stays.
   */
  operationId?: string;
  /** A title for the reference's list of operations: a few words, no full stop. */
  summary: string;
  /** What a client should know beyond the title: the rules, the events recorded, the headers read. */
  description?: string;
  tags: string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  responses: Record<number, ResponseDoc>;
}

/** An answer that is a problem document, described by the codes it may carry: `404: problem('plan.not_found')`. */
export function problem(description: string): ResponseDoc {
  return { description, problem: true };
}

/**
 * What every back-office operation may answer before its handler runs: not signed in, not staff
 * or without the permission, or staff without two-factor sign-in.
 */
export const ADMIN_REFUSALS: Record<number, ResponseDoc> = {
  401: problem('auth.required'),
  403: problem('auth.forbidden, auth.two_factor_required'),
};

const VALIDATION_REFUSAL: Record<number, ResponseDoc> = { 400: problem('validation.failed') };

/**
 * What an operation may answer whatever it does, so its declaration names only its own answers:
 * 400 `validation.failed` when it reads a query or a body; 401 when it needs a
 * signed-in person; 401 and 403 when it is the back-office's. A declared answer with the same
 * status (a more precise description) is kept instead.
 */
function standardRefusals(route: RouteDoc, access: Access): Record<number, ResponseDoc> {
  return {
    ...(route.params || route.query || route.body ? VALIDATION_REFUSAL : {}),
    ...(access === 'staff' ? ADMIN_REFUSALS : access === 'signed-in' ? { 401: ADMIN_REFUSALS[401]! } : {}),
  };
}

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
  private readonly routes: DocumentedRoute[] = [];
  private readonly guards: Array<{ prefix: string; access: Access }> = [];

  constructor(private readonly options: { checkResponses?: boolean } = {}) {}

  /**
   * Declares an operation and mounts its handlers on `router`. An operation whose handlers include
   * `requireUser` is documented as needing a signed-in person.
   */
  route(router: Router, route: RouteDoc, handler: RequestHandler, ...more: RequestHandler[]): void {
    const operationId = route.operationId ?? derivedOperationId(route.method, route.path);
    const taken = this.routes.find((other) => other.operationId === operationId);
    if (taken)
      throw new Error(
        `Two operations are named ${operationId}: ${taken.method.toUpperCase()} ${taken.path} and ${route.method.toUpperCase()} ${route.path}`,
      );
    const handlers = [handler, ...more];
    const access = handlers.includes(requireUser) ? 'signed-in' : 'anyone';
    const documented = { ...route, responses: { ...standardRefusals(route, access), ...route.responses } };
    this.routes.push({ ...documented, operationId, access });
    // The path's parameters are held to their schema (an id's length) after the access checks,
    // just before the operation itself: a handler reads them as they were checked.
    const checked = route.params
      ? [...handlers.slice(0, -1), paramsAsDocumented(route.params), handlers.at(-1)!]
      : handlers;
    const chain = this.options.checkResponses ? [answersAsDocumented(documented), ...checked] : checked;
    router[route.method](route.path, ...chain);
  }

  /**
   * Mounts `handler` in front of every path under `prefix` and documents the operations there as
   * needing `access`, so the document says what the server enforces.
   */
  guard(router: IRouter, prefix: string, access: Exclude<Access, 'anyone'>, handler: RequestHandler): void {
    this.guards.push({ prefix, access });
    router.use(prefix, handler);
  }

  /** Every documented operation, for the test that compares the document with the mounted routes. */
  operations(): ReadonlyArray<{ method: Method; path: string }> {
    return this.routes.map(({ method, path }) => ({ method, path }));
  }

  /** Whether the documented operation at this method and path reads a body; undefined when none is documented. */
  takesBody(method: string, path: string): boolean | undefined {
    const route = this.operationAt(method, path);
    return route ? route.body !== undefined : undefined;
  }

  /** The methods the documented operations at a concrete path take (HEAD wherever GET), for `Allow`. */
  methodsAt(path: string): string[] {
    const taken = new Set(
      this.routes.filter((route) => pathPattern(route.path).test(path)).map((route) => route.method.toUpperCase()),
    );
    if (taken.has('GET')) taken.add('HEAD');
    return ALLOW_ORDER.filter((method) => taken.has(method));
  }

  /** The documented operation a request (method, concrete path) calls, if any. */
  operationAt(method: string, path: string): Pick<RouteDoc, 'method' | 'path' | 'body' | 'responses'> | undefined {
    return this.routes.find(
      (candidate) => candidate.method === method.toLowerCase() && pathPattern(candidate.path).test(path),
    );
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

  /**
   * The OpenAPI 3.1 document. Every schema is converted in one pass per direction (requests as the
   * client sends them, answers as it receives them), so a named schema (`.meta({ id })`) is written
   * once under `components/schemas` and every use of it is a `$ref` there.
   */
  build(info: { title: string; version: string; description?: string }, tags: TagDoc[] = []): OpenApiDocument {
    const requests = new SchemaConversion('input');
    const answers = new SchemaConversion('output');
    for (const route of this.routes) {
      for (const field of [...fieldsOf(route.params), ...fieldsOf(route.query)]) requests.add(field);
      if (route.body) requests.add(route.body);
      for (const response of Object.values(route.responses)) {
        const schema = schemaOf(response);
        if (schema) answers.add(schema);
      }
    }
    requests.convert();
    answers.convert();

    const paths: Record<string, Record<string, unknown>> = {};
    for (const route of this.routes) {
      const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
      const parameters = [
        ...parametersOf(route.params, 'path', requests),
        ...parametersOf(route.query, 'query', requests),
      ];
      const access = this.accessOf(route);
      const responses = Object.fromEntries(
        Object.entries({ ...standardRefusals(route, access), ...route.responses }).map(([status, response]) => {
          const schema = schemaOf(response);
          const mediaType = response.problem ? 'application/problem+json' : 'application/json';
          return [
            status,
            {
              description: response.description,
              ...(schema ? { content: { [mediaType]: { schema: answers.of(schema) } } } : {}),
            },
          ];
        }),
      );
      paths[openApiPath] ??= {};
      paths[openApiPath][route.method] = {
        operationId: route.operationId,
        summary: route.summary,
        ...(route.description || access !== 'anyone'
          ? { description: [route.description, accessNote(access, route)].filter(Boolean).join('\n\n') }
          : {}),
        tags: route.tags,
        ...(access !== 'anyone' || apiKeyScopesFor(route.method, route.path).length > 0
          ? { security: securityOf(access, route) }
          : {}),
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(route.body
          ? { requestBody: { required: true, content: { 'application/json': { schema: requests.of(route.body) } } } }
          : {}),
        responses,
      };
    }
    return {
      openapi: '3.1.0',
      info,
      ...(tags.length > 0 ? { tags } : {}),
      paths,
      components: {
        schemas: mergedComponents(requests, answers),
        securitySchemes: SECURITY_SCHEMES,
      },
    };
  }

  private accessOf(route: DocumentedRoute): Access {
    const guarded = this.guards.filter(
      ({ prefix }) => route.path === prefix || route.path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
    );
    const levels: Access[] = [route.access, ...guarded.map((guard) => guard.access)];
    return levels.includes('staff') ? 'staff' : levels.includes('signed-in') ? 'signed-in' : 'anyone';
  }
}

type DocumentedRoute = RouteDoc & { operationId: string; access: Access };

export interface TagDoc {
  name: string;
  description: string;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  tags?: TagDoc[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
}

type JsonSchema = Record<string, unknown>;

const SECURITY_SCHEMES = {
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The `accessToken` answered by `POST /api/auth/sign-in`, valid for `expiresIn` seconds; `POST /api/auth/refresh` gives a new one. A request with this header needs no CSRF token.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'sk_…',
    description:
      'An API key an owner created in the back-office, `Authorization: Bearer sk_…`; the scopes each operation needs are listed with it. 401 `api_key.invalid` for a key unknown or revoked, 403 `api_key.scope_missing` on an operation its scopes do not open. Without `read:personal-data` a key reads `[withheld]` in place of each field marked `x-personal-data` (names, e-mails, a billed company and VAT number, words a customer wrote) and is refused (403 `api_key.scope_missing`) a search or a sort by such a field.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'access_token',
    description:
      "The shop's own pages: the HttpOnly cookie set at sign-in. A write with it must come from the shop's origin and echo the `csrf_token` cookie in the `X-CSRF-Token` header.",
  },
};

/**
 * OpenAPI 3.1 lets a requirement of a non-OAuth scheme list the roles it needs: here the one
 * permission a back-office operation needs (staff sign in like anyone else, and the server then
 * reads the account's roles). An operation no rule names is for owners (`staff.manage`).
 */
function securityOf(access: Access, route: { method: string; path: string }) {
  const roles = access === 'staff' ? [permissionFor(route.method, route.path) ?? 'staff.manage'] : [];
  // An API key whose scopes open the operation is another way in (docs/adr/0034-api-keys.md).
  const scopes = apiKeyScopesFor(route.method, route.path);
  return [
    ...(access !== 'anyone' ? [{ bearerToken: roles }, { sessionCookie: roles }] : []),
    ...(scopes.length > 0 ? [{ apiKey: scopes }] : []),
  ];
}

function accessNote(access: Access, route: { method: string; path: string }): string | undefined {
  if (access === 'anyone') return undefined;
  if (access === 'signed-in') return 'Needs a signed-in person (401 `auth.required` otherwise).';
  const permission = permissionFor(route.method, route.path);
  const roles = permission ? rolesWith(permission) : ['owner'];
  const own =
    actedOnBy(route.method, route.path) && permission !== 'staff.manage'
      ? ' Staff without `staff.manage` acting on their own account or its subscriptions: 403 `staff.own_account`.'
      : '';
  return `Staff with the \`${permission ?? 'staff.manage'}\` permission (roles: ${roles.join(', ')}) and two-factor sign-in on: 401 \`auth.required\` without a session, 403 \`auth.forbidden\` for an account without the permission, 403 \`auth.two_factor_required\` while two-factor sign-in is off.${own}`;
}

/** `get /api/admin/users/:id/history` as `getApiAdminUsersByIdHistory`. */
function derivedOperationId(method: Method, path: string): string {
  const words = path
    .split('/')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

const COMPONENT_REF = '#/components/schemas/';

/**
 * The schemas of one direction, converted together. zod's registry conversion writes a schema
 * it finds in the registry as a `$ref` to `uri(id)`: every named schema is registered under its id,
 * and each schema an operation uses under a key of its own, whose references are put back inline
 * (an unnamed schema has no place in `components`).
 */
class SchemaConversion {
  private readonly registry = z.registry<{ id: string }>();
  private readonly keys = new Map<z.ZodType, string>();
  private converted: Record<string, JsonSchema> | undefined;

  constructor(readonly io: 'input' | 'output') {
    // zod keeps the schemas named with `.meta({ id })` in its global registry, by id.
    for (const [id, schema] of z.globalRegistry._idmap) this.registry.add(schema, { id });
  }

  add(schema: z.ZodType): void {
    if (this.keys.has(schema)) return;
    const named = this.nameOf(schema);
    if (named) {
      this.keys.set(schema, named);
      return;
    }
    const key = `${UNNAMED}${this.keys.size}`;
    this.registry.add(schema, { id: key });
    this.keys.set(schema, key);
  }

  convert(): void {
    const { schemas } = z.toJSONSchema(this.registry, {
      io: this.io,
      unrepresentable: 'any',
      uri: (id) => `${COMPONENT_REF}${id}`,
    }) as { schemas: Record<string, JsonSchema> };
    if (schemas.__shared)
      throw new Error(
        `A schema refers to itself without a name: give it one with .meta({ id }) (${JSON.stringify(schemas.__shared).slice(0, 200)})`,
      );
    for (const schema of Object.values(schemas)) {
      // Each entry is written as a document of its own; in components they are not.
      delete schema.$schema;
      delete schema.$id;
    }
    this.converted = schemas;
  }

  /** The schema as an operation writes it: a `$ref` to its component when it is named, inline otherwise. */
  of(schema: z.ZodType): JsonSchema {
    const key = this.keys.get(schema);
    if (!key || !this.converted) throw new Error('A schema was used without being added and converted first');
    return key.startsWith(UNNAMED) ? this.inlined(this.converted[key]!) : { $ref: `${COMPONENT_REF}${key}` };
  }

  /** The named schemas, each with the unnamed schemas it uses put inline. */
  named(): Map<string, JsonSchema> {
    if (!this.converted) throw new Error('Convert the schemas first');
    return new Map(
      Object.entries(this.converted)
        .filter(([id]) => !id.startsWith(UNNAMED))
        .map(([id, schema]) => [id, this.inlined(schema)]),
    );
  }

  /** The names the operations of this direction use themselves; the named schemas may use more. */
  referencedIds(): Set<string> {
    const ids = new Set<string>();
    for (const key of this.keys.values()) {
      if (!key.startsWith(UNNAMED)) ids.add(key);
      else for (const id of referencesIn(this.inlined(this.converted![key]!))) ids.add(id);
    }
    return ids;
  }

  private nameOf(schema: z.ZodType): string | undefined {
    const id = z.globalRegistry.get(schema)?.id;
    return id !== undefined && z.globalRegistry._idmap.get(id) === schema ? id : undefined;
  }

  private inlined(schema: JsonSchema): JsonSchema {
    const visit = (value: unknown, expanding: ReadonlySet<string>): unknown => {
      if (Array.isArray(value)) return value.map((member) => visit(member, expanding));
      if (value === null || typeof value !== 'object') return value;
      const { $ref, ...rest } = value as JsonSchema;
      const own = Object.fromEntries(Object.entries(rest).map(([key, member]) => [key, visit(member, expanding)]));
      if (typeof $ref === 'string' && $ref.startsWith(`${COMPONENT_REF}${UNNAMED}`)) {
        const key = $ref.slice(COMPONENT_REF.length);
        if (expanding.has(key))
          throw new Error('A schema without a name contains itself: give it one with .meta({ id })');
        return { ...(visit(this.converted![key], new Set([...expanding, key])) as JsonSchema), ...own };
      }
      return $ref === undefined ? own : { $ref, ...own };
    };
    return visit(schema, new Set()) as JsonSchema;
  }
}

/** The prefix of the registry keys of unnamed schemas; no schema is named so. */
const UNNAMED = '~operation-schema-';

/**
 * `components/schemas`: the named schemas the operations refer to, directly or through each other.
 * A name means one shape: a schema read the same way in a request and in an answer is written
 * once, and one that would differ (a default, a transform) must be given a name for each side.
 */
function mergedComponents(requests: SchemaConversion, answers: SchemaConversion): Record<string, JsonSchema> {
  const used = new Map<string, JsonSchema>();
  for (const conversion of [requests, answers]) {
    const named = conversion.named();
    const pending = [...conversion.referencedIds()];
    while (pending.length > 0) {
      const id = pending.pop()!;
      const schema = named.get(id)!;
      const earlier = used.get(id);
      if (earlier && JSON.stringify(earlier) !== JSON.stringify(schema))
        throw new Error(
          `The schema named ${id} is read differently in a request and in an answer: give each side its own name`,
        );
      if (earlier) continue;
      used.set(id, schema);
      pending.push(...referencesIn(schema));
    }
  }
  return Object.fromEntries([...used].sort(([a], [b]) => a.localeCompare(b)));
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

/** The names of the components `schema` refers to. */
function referencesIn(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(referencesIn);
  if (schema === null || typeof schema !== 'object') return [];
  return Object.entries(schema).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_REF)
      ? [value.slice(COMPONENT_REF.length)]
      : referencesIn(value),
  );
}

function fieldsOf(schema: z.ZodObject | undefined): z.ZodType[] {
  return schema ? (Object.values(schema.shape) as z.ZodType[]) : [];
}

function parametersOf(schema: z.ZodObject | undefined, location: 'path' | 'query', requests: SchemaConversion) {
  if (!schema) return [];
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    in: location,
    required: location === 'path' || !(field as z.ZodType).safeParse(undefined).success,
    ...((field as z.ZodType).description ? { description: (field as z.ZodType).description } : {}),
    schema: requests.of(field as z.ZodType),
  }));
}

/** Refuses (400 `validation.failed`, naming them) path parameters their documented schema does not take. */
function paramsAsDocumented(schema: z.ZodObject): RequestHandler {
  return (req, _res, next) => {
    const parsed = schema.safeParse(req.params);
    next(parsed.success ? undefined : parsed.error);
  };
}

const ALLOW_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

const patterns = new Map<string, RegExp>();
/** `/api/orders/:id/checkout` as a regular expression matching one concrete path. */
function pathPattern(path: string): RegExp {
  let pattern = patterns.get(path);
  if (!pattern) {
    const escaped = path
      .split(/(:\w+)/)
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    // As Express matches: letters in any case, one trailing slash allowed.
    pattern = new RegExp(`^${escaped.join('')}/?$`, 'i');
    patterns.set(path, pattern);
  }
  return pattern;
}
