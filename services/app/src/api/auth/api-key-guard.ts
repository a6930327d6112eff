import { API_KEY_PREFIX } from '@shop/contracts';
import type { RequestHandler } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ApiKeyHolder, ApiKeys } from '../../integrations/api-keys.js';
import { consumeOrReject, tooMany, type RateLimits } from '../../security/rate-limits.js';
import type { ApiDocument } from '../openapi.js';
import { HttpProblem } from '../problem.js';
import { apiKeyScopeFor } from './api-key-scopes.js';
import { bearerToken } from './authentication.js';

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

/**
 * In front of every route: a request with `Authorization: Bearer sk_…` is an API key's, and only
 * that — its cookies are never read (the session guard sees no session). Refused: a key unknown
 * or revoked (401 `api_key.invalid`, counted against the client's address like a failed sign-in,
 * 429 `api_key.rate_limited` past the limit); a key on an operation none of its scopes opens (403
 * `api_key.scope_missing`). Otherwise the request goes on as the key (`req.apiKey`).
 */
export function authenticateApiKey(deps: { apiKeys: ApiKeys; limits: RateLimits; doc: ApiDocument }): RequestHandler {
  const limiter = deps.limits.apiKeyFailuresByIp;
  return async (req, _res, next) => {
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
    const scope = operation ? apiKeyScopeFor(operation.method, operation.path) : null;
    if (!scope || !holder.scopes.includes(scope)) {
      throw new HttpProblem({
        status: 403,
        code: 'api_key.scope_missing',
        detail: scope ? `This API key lacks the ${scope} scope` : 'No API key may call this operation',
        extra: scope ? { scope } : {},
      });
    }
    req.apiKey = holder;
    next();
  };
}
