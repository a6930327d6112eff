import { isUtf8 } from 'node:buffer';
import { isStaffRole, UNSAFE_TEXT_MESSAGES, unsafeTextReason } from '@shop/domain';
import type { RequestHandler } from 'express';
import type { ApiDocument } from './openapi.js';
import { HttpProblem } from './problem.js';

/**
 * The JSON body parser's `verify`: a body said to be UTF-8 (JSON's only charset without a label)
 * that is not is refused, as a path or query that is not; decoded as it is, its bad bytes would
 * become U+FFFD and be stored as a name or a message.
 */
export function refuseBodyNotUtf8(_req: unknown, _res: unknown, body: Buffer, charset: string): void {
  if (charset.toLowerCase().replace('-', '') === 'utf8' && !isUtf8(body)) {
    throw Object.assign(new Error('The body is not UTF-8'), { status: 400, expose: true, type: 'body.not_utf8' });
  }
}

/** Decodes one percent-encoded component, or null when it is not valid UTF-8 percent-encoding. */
function decodeComponent(component: string): string | null {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * Every string a request carries (path, query, JSON body, keys included), walked without
 * recursion so no nesting depth can overflow the stack: where field schemas know better they
 * refuse more (a line break in a one-line field), but nothing that is not storable text ever
 * reaches a handler.
 */
function firstUnsafeString(root: unknown): { path: string; message: string } | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value: root, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      const reason = unsafeTextReason(value, { multiline: true });
      if (reason) return { path, message: UNSAFE_TEXT_MESSAGES[reason] };
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: path ? `${path}.${index}` : String(index) }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const itemPath = path ? `${path}.${key}` : key;
        const keyReason = unsafeTextReason(key);
        if (keyReason) return { path: itemPath, message: UNSAFE_TEXT_MESSAGES[keyReason] };
        pending.push({ value: item, path: itemPath });
      }
    }
  }
  return null;
}

const badEncoding = (where: string) =>
  new HttpProblem({
    status: 400,
    code: 'request.bad_encoding',
    detail: `The ${where} is not valid percent-encoded UTF-8`,
  });

const hasContent = (body: unknown) =>
  body !== undefined &&
  !Buffer.isBuffer(body) &&
  !(typeof body === 'object' && body !== null && Object.keys(body).length === 0);

/** Refuses, before any route sees it, a request whose path, query or body holds text the shop cannot store. */
export const requestGuard: RequestHandler = (req, _res, next) => {
  const [rawPath = '', rawQuery = ''] = req.originalUrl.split('?', 2);
  const path = decodeComponent(rawPath);
  if (path === null) throw badEncoding('path');
  if (unsafeTextReason(path)) {
    throw new HttpProblem({ status: 400, code: 'request.bad_path', detail: 'The path holds a character it may not' });
  }
  for (const pair of rawQuery.split('&')) {
    for (const component of pair.split('=')) {
      if (decodeComponent(component) === null) throw badEncoding('query string');
    }
  }
  const unsafe = firstUnsafeString(req.query) ?? firstUnsafeString(Buffer.isBuffer(req.body) ? undefined : req.body);
  if (unsafe) {
    throw new HttpProblem({
      status: 400,
      code: 'validation.failed',
      detail: 'Some fields are not valid',
      extra: { errors: [unsafe] },
    });
  }
  next();
};

/**
 * Refuses a body sent to an operation the API document says takes none: its members are unknown
 * fields like any other (an empty `{}` is fine). Who may call it is answered first: under
 * `/api/me` and `/api/admin` the check waits for a signed-in user (staff for `/api/admin`), so
 * a visitor still hears 401 and a customer 403.
 */
export const refuseUnexpectedBody =
  (doc: ApiDocument): RequestHandler =>
  (req, _res, next) => {
    if (!hasContent(req.body) || doc.takesBody(req.method, req.path) !== false) return next();
    const area = /^\/api\/(me|admin)(?:\/|$)/i.exec(req.path)?.[1]?.toLowerCase();
    if (area && (!req.auth || (area === 'admin' && !req.auth.roles.some(isStaffRole)))) return next();
    const members = typeof req.body === 'object' && req.body !== null ? Object.keys(req.body as object) : [''];
    throw new HttpProblem({
      status: 400,
      code: 'validation.failed',
      detail: 'This operation takes no body',
      extra: { errors: members.map((path) => ({ path, message: 'Unknown field' })) },
    });
  };

/**
 * Refuses a body that an operation reads as JSON but that came as another type (as `fetch` sends a
 * string without a Content-Type: text/plain): the JSON parser leaves it unread, and an operation
 * whose fields are all optional would act without them (signing out of this device only when the
 * body asked for every device). 415, before any route acts.
 */
export const refuseBodyNotJson =
  (doc: ApiDocument): RequestHandler =>
  (req, _res, next) => {
    const sent = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (!sent || req.body !== undefined || doc.takesBody(req.method, req.path) !== true) return next();
    throw new HttpProblem({
      status: 415,
      code: 'request.unsupported_media_type',
      detail: 'This operation reads its body as JSON: send it with Content-Type: application/json',
    });
  };
