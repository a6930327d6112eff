import { ConcurrencyError } from '@shop/event-store';
import { DomainError, NotFoundError } from '@shop/domain';
import { isReadModelNotBuilt } from '@shop/projections';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { AuthenticationError, ForbiddenError, InvalidInputError, RateLimitedError } from '../errors.js';

/** An error meant for the client, with a stable code the shop translates. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;

  constructor(options: {
    status: number;
    code: string;
    detail: string;
    extra?: Record<string, unknown>;
    cause?: unknown;
  }) {
    super(options.detail, { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
    this.extra = options.extra ?? {};
  }
}

export { problemSchema } from '@shop/contracts';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Domain codes that describe bad input rather than a conflict with the current state. */
const UNPROCESSABLE_CODES = new Set([
  'order.invalid_duration',
  'order.unknown_plan',
  'plan.invalid',
  'credentials.unknown_plan',
  'payment.provider_unavailable',
  'payment.renewal_unsupported',
  'refund.unsupported_provider',
  'idempotency.key_reused',
  'free_offer.unknown_plan',
  'free_offer.plan_not_on_sale',
  'free_offer.invalid_months',
  'free_offer.too_few_places',
]);

interface ProblemBody {
  status: number;
  code: string;
  detail: string;
  extra?: Record<string, unknown>;
}

/** Each problem of a zod validation: the field's path (`promotionMethods.1`) and what is wrong. */
export function fieldErrors(error: z.ZodError): Array<{ path: string; message: string }> {
  return error.issues.flatMap((issue) =>
    // An unknown member is reported on the object; name each one as its own field.
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: [...issue.path, key].join('.'), message: 'Unknown field' }))
      : [{ path: issue.path.join('.'), message: issue.message }],
  );
}

/** Parses with `schema`, or fails with 400 `validation.failed` naming each field that is wrong. */
export function parseOrReject<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new HttpProblem({
    status: 400,
    code: 'validation.failed',
    detail: 'Some fields are not valid',
    extra: { errors: fieldErrors(parsed.error) },
  });
}

/** The one place where the services' errors get their HTTP status. */
function statusOf(error: DomainError): number {
  if (error instanceof NotFoundError) return 404;
  if (error instanceof InvalidInputError) return 400;
  if (error instanceof AuthenticationError) return 401;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof RateLimitedError) return 429;
  return UNPROCESSABLE_CODES.has(error.code) ? 422 : 409;
}

/**
 * A refusal the caller can act on (a 4xx problem: a rule, a missing record), or undefined for a
 * failure of the shop itself, which the caller should not read as an answer about the record.
 */
export function refusalOf(error: unknown): { code: string; detail: string } | undefined {
  const problem = describe(error);
  return problem.status >= 400 && problem.status < 500 ? { code: problem.code, detail: problem.detail } : undefined;
}

function describe(error: unknown): ProblemBody {
  if (error instanceof HttpProblem)
    return { status: error.status, code: error.code, detail: error.message, extra: error.extra };
  if (error instanceof z.ZodError) {
    return {
      status: 400,
      code: 'validation.failed',
      detail: 'Some fields are not valid',
      extra: { errors: fieldErrors(error) },
    };
  }
  if (error instanceof DomainError) {
    return { status: statusOf(error), code: error.code, detail: error.message, extra: error.details };
  }
  if (error instanceof ConcurrencyError) {
    return { status: 409, code: error.code, detail: 'The resource changed meanwhile; retry the request' };
  }
  const withType = error as { type?: string; status?: number; code?: string; expose?: boolean };
  if (isReadModelNotBuilt(error)) {
    return { status: 503, code: 'read_model.not_ready', detail: 'The shop is still starting; retry in a moment' };
  }
  // PostgreSQL's data exceptions (class 22: a value it cannot take) come from input no schema should have let through.
  if (typeof withType.code === 'string' && withType.code.startsWith('22') && withType.code.length === 5) {
    return { status: 400, code: 'validation.failed', detail: 'The request holds a value that cannot be stored' };
  }
  // JSON that is no object nor array (`null`, `42`): the body parser refuses it as unparsable; it
  // is a body of the wrong type, refused as an array is.
  if (withType.type === 'entity.parse.failed' && parsesAsJson((error as { body?: unknown }).body)) {
    return {
      status: 400,
      code: 'validation.failed',
      detail: 'The body must be a JSON object',
      extra: { errors: [{ path: '', message: 'Must be a JSON object' }] },
    };
  }
  // The body parser's and router's own client errors (http-errors marks them `expose`).
  if (withType.expose && typeof withType.status === 'number' && withType.status >= 400 && withType.status < 500) {
    return { status: withType.status, ...clientError(withType) };
  }
  return { status: 500, code: 'internal', detail: 'An unexpected error occurred' };
}

function parsesAsJson(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function clientError(error: { type?: string; code?: string; status?: number }): { code: string; detail: string } {
  switch (error.type) {
    case 'entity.parse.failed':
      return { code: 'request.malformed_json', detail: 'The body is not valid JSON' };
    case 'entity.too.large':
      return { code: 'request.too_large', detail: 'The body is too large' };
    case 'encoding.unsupported':
      return { code: 'request.unsupported_encoding', detail: "The body's Content-Encoding is not supported" };
    case 'charset.unsupported':
      return { code: 'request.unsupported_charset', detail: "The body's charset is not supported" };
    case 'body.not_utf8':
      return { code: 'request.bad_encoding', detail: 'The body is not valid UTF-8' };
  }
  // zlib's codes: a body labelled gzip or deflate that is not.
  if (error.code?.startsWith('Z_')) {
    return { code: 'request.bad_encoding', detail: 'The body does not match its Content-Encoding' };
  }
  if (error.status === 400 && error.type === undefined) {
    return { code: 'request.bad_encoding', detail: 'The request could not be decoded' };
  }
  return { code: 'request.malformed', detail: 'The request could not be read' };
}

/** The refusals of a token that was sent: unknown, revoked or expired. */
const INVALID_TOKEN = new Set(['api_key.invalid', 'auth.invalid_refresh_token']);

export function sendProblem(res: Response, body: ProblemBody): void {
  const retryAfter = body.extra?.retryAfterSeconds;
  if (body.status === 429 && typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
  // RFC 9110: a 401 names the way in it wants (a bearer token: an access token or an API key), and
  // RFC 6750 says so of a token that was sent and refused.
  if (body.status === 401) {
    res.setHeader(
      'WWW-Authenticate',
      `Bearer realm="shop"${INVALID_TOKEN.has(body.code) ? ', error="invalid_token"' : ''}`,
    );
  }
  // For the request's log line (api/request-log.ts).
  res.locals.problemCode = body.code;
  res
    .status(body.status)
    .type('application/problem+json')
    .json({
      // Extra members first: a detail named like a standard member never overrides it.
      ...body.extra,
      type: `/problems/${body.code}`,
      title: TITLES[body.status] ?? STATUS_CODES[body.status] ?? 'Error',
      status: body.status,
      detail: body.detail,
      code: body.code,
      requestId: String(res.req.id ?? ''),
    });
}

/**
 * Answers a request no route took: at an address known for other methods, 405
 * `route.method_not_allowed` with `Allow`; anywhere else 404 `route.not_found`. (OPTIONS never
 * gets here: Express answers it with the methods of the address.)
 */
export function unmatchedRequestHandler(methodsAt: (path: string) => readonly string[]): RequestHandler {
  return (req, res) => {
    const allowed = methodsAt(req.path);
    if (allowed.length === 0) {
      sendProblem(res, { status: 404, code: 'route.not_found', detail: `No route for ${req.method} ${req.path}` });
      return;
    }
    res.setHeader('Allow', allowed.join(', '));
    sendProblem(res, {
      status: 405,
      code: 'route.method_not_allowed',
      detail: `${req.path} takes ${allowed.join(', ')}, not ${req.method}`,
    });
  };
}

export const problemHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  const body = describe(error);
  // The request's one log line (api/request-log.ts) carries a server error with its stack.
  if (body.status >= 500) res.err = error instanceof Error ? error : new Error(String(error));
  if (res.headersSent) return;
  sendProblem(res, body);
};

/** The body of a problem answered before Express sees the request (so without a request id). */
export function bareProblem(status: number, code: string, detail: string): string {
  return JSON.stringify({ type: `/problems/${code}`, title: TITLES[status], status, detail, code });
}

/** The whole answer, written on the socket by hand; the connection closes, as the rest of the request is never read. */
function rawProblem(status: number, code: string, detail: string): string {
  const body = bareProblem(status, code, detail);
  return (
    `HTTP/1.1 ${status} ${TITLES[status]}\r\nContent-Type: application/problem+json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/**
 * Requests Node's HTTP parser refuses before Express sees them (headers or URL too large, a
 * malformed request line) get the same problem+json as every other refusal, not a bare status;
 * so does a request whose headers or body did not arrive within the server's timeouts.
 */
export function answerUnparsableRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(
      error.code === 'HPE_HEADER_OVERFLOW'
        ? rawProblem(431, 'request.headers_too_large', 'The URL or the headers are too large')
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? rawProblem(408, 'request.timeout', 'The request did not arrive in time')
          : rawProblem(400, 'request.malformed', 'The request could not be read'),
    );
  });
}
