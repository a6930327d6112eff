import { API_KEY_PREFIX } from '@shop/contracts';
import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ApiKeyHolder, ApiKeys } from '../../integrations/api-keys.js';
import { consumeOrReject, tooMany, type RateLimits } from '../../security/rate-limits.js';
import type { ApiDocument } from '../openapi.js';
import { HttpProblem } from '../problem.js';
import { apiKeyScopesFor } from './api-key-scopes.js';
import { bearerToken } from './authentication.js';
import { isPersonalField, personalDataIn, withholdPersonalData } from './personal-data.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** The API key the request came with, recognised and allowed on this operation. */
    apiKey?: ApiKeyHolder;
  }
}

const invalidKey = () =>
  new HttpProblem({ status: 401, code: 'api_key.invalid', detail: 'This API key is unknown or was revoked' });

/** Past the limit of failed keys from one address, every key from it waits, the right one too. */
async function refuseWhileLimited(limiter: RateLimiterAbstract, ip: string): Promise<void> {
  const counted = await limiter.get(ip);
  if (counted instanceof RateLimiterRes && counted.remainingPoints <= 0) {
    throw tooMany(counted.msBeforeNext, 'api_key.rate_limited', 'Too many wrong API keys; try again later');
  }
}

const scopeMissing = (scope: string | null) =>
  new HttpProblem({
    status: 403,
    code: 'api_key.scope_missing',
    detail: scope ? `This API key lacks the ${scope} scope` : 'No API key may call this operation',
    extra: scope ? { scope } : {},
  });

const readsPersonalData = (req: Request) => !req.apiKey || req.apiKey.scopes.includes('read:personal-data');

/** Answers as documented for their status, with the personal data withheld (`withholdPersonalData`). */
function withholdingAnswers(res: Response, responses: Record<number, { schema?: z.ZodType }>): void {
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    const schema = res.statusCode < 300 ? responses[res.statusCode]?.schema : undefined;
    return json(schema ? withholdPersonalData(schema, body) : body);
  };
}

/**
 * In front of every route: a request with `Authorization: Bearer sk_…` is an API key's, and only
 * that — its cookies are never read (the session guard sees no session). Refused: a key unknown
 * or revoked (401 `api_key.invalid`, counted against the client's address like a failed sign-in,
 * 429 `api_key.rate_limited` past the limit); a key on an operation its scopes do not all open
 * (403 `api_key.scope_missing`). Otherwise the request goes on as the key (`req.apiKey`), and
 * without `read:personal-data` its answers have the customers' personal data withheld.
 */
export function authenticateApiKey(deps: { apiKeys: ApiKeys; limits: RateLimits; doc: ApiDocument }): RequestHandler {
  const limiter = deps.limits.apiKeyFailuresByIp;
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (!token?.startsWith(API_KEY_PREFIX)) return next();
    const ip = req.ip ?? 'unknown';
    await refuseWhileLimited(limiter, ip);
    const holder = await deps.apiKeys.recognise(token);
    if (!holder) {
      await consumeOrReject(limiter, ip, 'api_key.rate_limited');
      throw invalidKey();
    }
    const operation = deps.doc.operationAt(req.method === 'HEAD' ? 'GET' : req.method, req.path);
    const scopes = operation ? apiKeyScopesFor(operation.method, operation.path) : [];
    if (scopes.length === 0) throw scopeMissing(null);
    const missing = scopes.find((scope) => !holder.scopes.includes(scope));
    if (missing) throw scopeMissing(missing);
    req.apiKey = holder;
    if (!readsPersonalData(req)) withholdingAnswers(res, operation!.responses);
    next();
  };
}

/**
 * Refuses a key without `read:personal-data` a list query that searches or sorts by personal
 * data (a filter the contracts mark, such as the words matched against names and e-mails; a
 * marked field of the rows): its answers withhold the data, but which rows come back, or in what
 * order, would still tell it.
 */
export function refuseSearchByPersonalData(
  req: Request,
  search: { schema: z.ZodType; query: unknown; rows: z.ZodType; sortedBy: string },
): void {
  if (readsPersonalData(req)) return;
  if (personalDataIn(search.schema, search.query).length > 0 || isPersonalField(search.rows, search.sortedBy))
    throw scopeMissing('read:personal-data');
}
