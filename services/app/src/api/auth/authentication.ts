import { apiKeyActorId, type Role } from '@shop/domain';
import type { CookieOptions, NextFunction, Request, RequestHandler, Response } from 'express';
import type { AccountService, ClientContext, IssuedSession } from '../../accounts/account-service.js';
import { describeDevice, describeLocation } from '../../security/request-context.js';
import { isSessionCsrfToken, verifyAccessToken } from '../../security/tokens.js';
import { HttpProblem } from '../problem.js';

export interface AuthContext {
  userId: string;
  sessionId: string;
  /** As the access token says: for the client's comfort only, access is checked on the server's records. */
  roles: Role[];
  via: 'cookie' | 'bearer';
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthContext;
  }
}

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
/** A sign-in held for its second factor; sent only to the endpoint that completes it. */
export const HELD_SIGN_IN_COOKIE = 'pending_sign_in';
export const SECOND_FACTOR_PATH = '/api/auth/sign-in/second-factor';

export interface CookiePolicy {
  secure: boolean;
}

/** Secure cookies everywhere but plain-http localhost, where browsers would drop them. */
export function cookiePolicy(publicUrl: string): CookiePolicy {
  const url = new URL(publicUrl);
  const local = url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname);
  return { secure: !local };
}

export function setSessionCookies(res: Response, policy: CookiePolicy, session: IssuedSession, refreshDays: number) {
  const base: CookieOptions = { secure: policy.secure, httpOnly: true };
  res.cookie(ACCESS_COOKIE, session.accessToken, {
    ...base,
    sameSite: 'lax',
    path: '/',
    maxAge: session.expiresIn * 1000,
  });
  res.cookie(REFRESH_COOKIE, session.refreshToken, {
    ...base,
    sameSite: 'strict',
    path: '/api/auth',
    maxAge: refreshDays * 86_400_000,
  });
  // Readable by the shop's script, which echoes it in a header: a cross-site page cannot.
  // It lives as long as the refresh token: after a browser restart the shop can still refresh.
  res.cookie(CSRF_COOKIE, session.csrfToken, {
    secure: policy.secure,
    httpOnly: false,
    sameSite: 'strict',
    path: '/',
    maxAge: refreshDays * 86_400_000,
  });
}

export function clearSessionCookies(res: Response, policy: CookiePolicy) {
  res.clearCookie(ACCESS_COOKIE, { path: '/', secure: policy.secure, httpOnly: true, sameSite: 'lax' });
  res.clearCookie(REFRESH_COOKIE, { path: '/api/auth', secure: policy.secure, httpOnly: true, sameSite: 'strict' });
  res.clearCookie(CSRF_COOKIE, { path: '/', secure: policy.secure, sameSite: 'strict' });
}

export function setHeldSignInCookie(res: Response, policy: CookiePolicy, token: string, maxAgeSeconds: number) {
  res.cookie(HELD_SIGN_IN_COOKIE, token, {
    secure: policy.secure,
    httpOnly: true,
    // Set on the provider's cross-site return, but sent only from the shop's own page.
    sameSite: 'strict',
    path: SECOND_FACTOR_PATH,
    maxAge: maxAgeSeconds * 1000,
  });
}

export function clearHeldSignInCookie(res: Response, policy: CookiePolicy) {
  res.clearCookie(HELD_SIGN_IN_COOKIE, {
    secure: policy.secure,
    httpOnly: true,
    sameSite: 'strict',
    path: SECOND_FACTOR_PATH,
  });
}

export function clientContext(req: Request): ClientContext {
  return {
    ip: req.ip ?? 'unknown',
    device: describeDevice(req.get('user-agent')),
    location: describeLocation(req),
    correlationId: String(req.id),
  };
}

/** The token of an `Authorization: Bearer …` header (the scheme's name in any case, RFC 9110). */
export const bearerOf = (header: string | undefined): string | undefined =>
  /^bearer +(\S+) *$/i.exec(header ?? '')?.[1];

export const bearerToken = (req: Request) => bearerOf(req.get('authorization'));

/**
 * Reads the access token (Bearer header first, then cookie); an open session makes `req.auth`.
 * The session's cookie does not act on a request to the API that another site sent the browser to
 * (`Sec-Fetch-Site: cross-site`, a link or a form there: `SameSite=Lax` cookies go along with a
 * link): such a request reads as a visitor's, so a link cannot record a reading of a password
 * with a reason of its own, an export, or anything a read records.
 */
export function authenticate(deps: { key: Uint8Array; accounts: AccountService }): RequestHandler {
  return async (req, _res, next) => {
    const bearer = bearerToken(req);
    const crossSite = req.path.startsWith('/api/') && req.get('sec-fetch-site') === 'cross-site';
    const token = bearer ?? (crossSite ? undefined : (req.cookies?.[ACCESS_COOKIE] as string | undefined));
    if (!token) return next();
    const claims = await verifyAccessToken(deps.key, token);
    if (claims && (await deps.accounts.sessionIsOpen(claims.sessionId, { location: describeLocation(req) }))) {
      req.auth = { ...claims, via: bearer ? 'bearer' : 'cookie' };
    }
    next();
  };
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface CsrfOptions {
  /** Binds each CSRF token to its session (`ShopKeys.csrfTokens`). */
  key: Uint8Array;
  /** The shop's public URL: the one origin whose pages may write with the session's cookies. */
  publicUrl: string;
  /** The session a refresh cookie belongs to, for a refresh whose access token has expired. */
  sessionOfRefreshToken: (refreshToken: string) => Promise<string | undefined>;
  /** Paths that open a session rather than use one: no token is asked there (the origin still is). */
  tokenExempt: readonly string[];
  /** Paths checked neither way: providers' webhooks and the sandbox provider's own pages. */
  exemptPrefixes: readonly string[];
}

const REFRESH_PATH = '/api/auth/refresh';
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The public origin; on this machine (localhost), the same port under any loopback name. */
function ownOrigins(publicUrl: string): ReadonlySet<string> {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return new Set([url.origin]);
  return new Set(LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`));
}

/**
 * Writes carrying the session's cookies (not Bearer clients, which a cross-site page cannot
 * forge) must come from the shop's own pages and echo the session's CSRF token:
 * - `Origin` (or, without it, `Referer`) must be the shop's public origin. A request with neither
 *   is not a browser's (browsers send `Origin` on every write), and is left to the token;
 * - the `X-CSRF-Token` header must equal the CSRF cookie and have been issued to the session the
 *   cookies open, so a token planted in a cookie or taken from another session is refused.
 */
export function csrfProtection(options: CsrfOptions): RequestHandler {
  const origins = ownOrigins(options.publicUrl);
  const fromOwnPages = (req: Request) => {
    const claimed = req.get('origin') ?? req.get('referer');
    if (claimed === undefined) return true;
    try {
      return origins.has(new URL(claimed).origin);
    } catch {
      return false;
    }
  };
  const rejected = () =>
    new HttpProblem({ status: 403, code: 'auth.csrf_rejected', detail: 'Missing or wrong CSRF token' });
  return async (req, _res, next) => {
    if (!UNSAFE.has(req.method) || bearerToken(req)) return next();
    if (options.exemptPrefixes.some((prefix) => req.path.startsWith(prefix))) return next();
    const refreshToken = req.cookies?.[REFRESH_COOKIE] as string | undefined;
    if (!req.cookies?.[ACCESS_COOKIE] && !refreshToken) return next();
    if (!fromOwnPages(req)) {
      return next(
        new HttpProblem({
          status: 403,
          code: 'auth.origin_rejected',
          detail: "Writes with the shop's session are accepted from the shop's own pages only",
        }),
      );
    }
    if (options.tokenExempt.includes(req.path)) return next();
    const cookie = req.cookies?.[CSRF_COOKIE] as string | undefined;
    const header = req.get(CSRF_HEADER);
    if (!cookie || !header || cookie !== header) return next(rejected());
    const sessionId =
      req.path === REFRESH_PATH && refreshToken
        ? await options.sessionOfRefreshToken(refreshToken)
        : req.auth?.via === 'cookie'
          ? req.auth.sessionId
          : undefined;
    // No open session (an expired or revoked cookie): the route answers as it does to a visitor.
    if (sessionId !== undefined && !isSessionCsrfToken(options.key, sessionId, header)) return next(rejected());
    next();
  };
}

export function requireUser(req: Request, _res: Response, next: NextFunction) {
  if (!req.auth) return next(new HttpProblem({ status: 401, code: 'auth.required', detail: 'Please sign in' }));
  next();
}

export function currentUser(req: Request): AuthContext {
  if (!req.auth) throw new HttpProblem({ status: 401, code: 'auth.required', detail: 'Please sign in' });
  return req.auth;
}

/** Who acts in a back-office request, as the commands it issues record it: the operator, with the request's id. */
export function operatorAct(req: Request): { adminId: string; correlationId: string } {
  // An API key acts as itself, never as the person who created it.
  if (req.apiKey) return { adminId: apiKeyActorId(req.apiKey.id), correlationId: String(req.id) };
  return { adminId: currentUser(req).userId, correlationId: String(req.id) };
}
