import { decrypt, encrypt } from '@shop/projections';
import { Router, type Request, type Response } from 'express';
import * as oidc from 'openid-client';
import { z } from 'zod';
import {
  EXTERNAL_EMAIL_NOT_VERIFIED,
  HELD_SIGN_IN_TTL_SECONDS,
  type AccountService,
} from '../../accounts/account-service.js';
import { AuthenticationError } from '../../errors.js';
import type { OidcProviderConfig, ShopConfig } from '../../config.js';
import {
  clientContext,
  SECOND_FACTOR_PATH,
  setHeldSignInCookie,
  setSessionCookies,
  type CookiePolicy,
} from '../auth/authentication.js';
import type { ApiDocument } from '../openapi.js';
import { HttpProblem, problemSchema } from '../problem.js';
import { text, identifier } from '../text.js';

export const OIDC_STATE_COOKIE = 'oidc_state';
const OIDC_STATE_PATH = '/api/auth/oidc';
const OIDC_STATE_TTL_MS = 10 * 60_000;
const SCOPE = 'openid email profile';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What the browser carries between the redirect to the provider and its return, sealed. */
const pendingSignIn = z.object({
  provider: z.string(),
  codeVerifier: z.string(),
  state: z.string(),
  nonce: z.string(),
  returnTo: z.string().nullable(),
  expiresAt: z.number(),
});
type PendingSignIn = z.infer<typeof pendingSignIn>;

const providerList = z
  .object({
    data: z.array(
      z.object({
        name: z.string().describe('e.g. google'),
        startUrl: z
          .string()
          .describe('Where to send the browser (a navigation); add ?returnTo=/path to come back there'),
      }),
    ),
  })
  .meta({ id: 'SignInProviders' });
const providerParams = z.object({ provider: identifier(64).describe('A configured provider, e.g. google') });
const startQuery = z.object({
  returnTo: text({ max: 512 }).optional().describe('A path of this site to land on afterwards, e.g. /profile'),
});
const callbackQuery = z.object({
  code: text({ max: 2048 }).optional(),
  state: text({ max: 512 }).optional(),
  iss: text({ max: 2048 }).optional(),
  error: text({ max: 200 }).optional(),
  error_description: text({ max: 2048 }).optional(),
});

/** Why a sign-in went back to /auth; the codes are stable, the shop translates them. */
type FailureCode = 'invalid_state' | 'oidc_failed' | 'email_not_verified' | 'provider_unavailable';
const FAILURE_TEXT: Record<FailureCode, string> = {
  invalid_state: 'The sign-in expired or was started in another window; please try again.',
  oidc_failed: 'The sign-in with the provider could not be completed.',
  email_not_verified: 'The provider did not confirm your e-mail address.',
  provider_unavailable: 'The sign-in provider cannot be reached right now; please try again later.',
};

class SignInRefused extends Error {
  constructor(readonly code: FailureCode) {
    super(FAILURE_TEXT[code]);
  }
}

const failureCodeOf = (error: unknown): FailureCode => {
  if (error instanceof SignInRefused) return error.code;
  if (error instanceof AuthenticationError && error.code === EXTERNAL_EMAIL_NOT_VERIFIED) return 'email_not_verified';
  return 'oidc_failed';
};

/** Only a path of this site: one leading slash, so `//evil.example` and `/\evil.example` are refused. */
export function safeReturnTo(value: string | undefined): string | null {
  if (!value || value.length > 512 || !/^\/(?![/\\])[^\\\s]*$/.test(value)) return null;
  const base = new URL('http://shop.invalid');
  const resolved = new URL(value, base);
  return resolved.origin === base.origin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : null;
}

const claimText = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;
const emailClaim = (value: unknown) => (z.email().max(254).safeParse(value).success ? (value as string) : undefined);

export interface OidcRoutesDependencies {
  accounts: AccountService;
  config: Pick<ShopConfig, 'publicUrl' | 'oidcProviders' | 'refreshTokenTtlDays'>;
  /** Seals the state cookie (keys.oidcState). */
  stateKey: Buffer;
  cookies: CookiePolicy;
  clock: () => Date;
}

/** Sign-in with an external OpenID Connect provider: authorization code flow with PKCE, state and nonce. */
export function oidcRoutes(deps: OidcRoutesDependencies, doc: ApiDocument): Router {
  const router = Router();
  const { config, cookies } = deps;
  const discovered = new Map<string, Promise<oidc.Configuration>>();

  const providerNamed = (name: string): OidcProviderConfig => {
    const provider = config.oidcProviders.find((p) => p.name === name);
    if (!provider) {
      throw new HttpProblem({
        status: 404,
        code: 'auth.unknown_provider',
        detail: `No sign-in provider ${name}`,
        extra: { provider: name },
      });
    }
    return provider;
  };

  const configurationOf = (provider: OidcProviderConfig): Promise<oidc.Configuration> => {
    let pending = discovered.get(provider.name);
    if (!pending) {
      const issuer = new URL(provider.issuer);
      // Plain http only for an issuer on this machine (a local stand-in); a real provider is https.
      const local = issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
      pending = oidc.discovery(issuer, provider.clientId, undefined, oidc.ClientSecretPost(provider.clientSecret), {
        timeout: 10,
        ...(local ? { execute: [oidc.allowInsecureRequests] } : {}),
      });
      // A failed discovery is not cached: the next sign-in tries again.
      pending.catch(() => discovered.delete(provider.name));
      discovered.set(provider.name, pending);
    }
    return pending;
  };

  const redirectUriOf = (provider: OidcProviderConfig) =>
    `${config.publicUrl}/api/auth/oidc/${encodeURIComponent(provider.name)}/callback`;

  const stateCookieOptions = {
    path: OIDC_STATE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: cookies.secure,
  };

  const sendToAuthPage = (res: Response, error: string, description: string) => {
    res.clearCookie(OIDC_STATE_COOKIE, stateCookieOptions);
    const query = new URLSearchParams({ error, error_description: description });
    res.redirect(302, `${config.publicUrl}/auth?${query}`);
  };

  const readPending = (req: Request, providerName: string): PendingSignIn => {
    const sealed = req.cookies?.[OIDC_STATE_COOKIE] as string | undefined;
    if (!sealed) throw new SignInRefused('invalid_state');
    let pending: PendingSignIn;
    try {
      pending = pendingSignIn.parse(JSON.parse(decrypt(deps.stateKey, sealed).toString('utf8')));
    } catch {
      throw new SignInRefused('invalid_state');
    }
    // The cookie's max-age is only advice to the browser; the sealed expiry is what counts.
    if (pending.provider !== providerName || pending.expiresAt <= deps.clock().getTime()) {
      throw new SignInRefused('invalid_state');
    }
    return pending;
  };

  const problems = { schema: problemSchema, problem: true } as const;

  doc.add({
    method: 'get',
    path: '/api/auth/providers',
    summary: 'The external sign-in providers configured, each with the address that starts a sign-in',
    tags: ['auth'],
    responses: { 200: { description: 'Providers (empty when none is configured)', schema: providerList } },
  });
  router.get('/api/auth/providers', (_req, res) => {
    res.json({
      data: config.oidcProviders.map((provider) => ({
        name: provider.name,
        startUrl: `${OIDC_STATE_PATH}/${encodeURIComponent(provider.name)}`,
      })),
    });
  });

  doc.add({
    method: 'get',
    path: '/api/auth/oidc/:provider',
    summary: 'Start signing in with an external provider (a browser navigation, not a fetch)',
    tags: ['auth'],
    params: providerParams,
    query: startQuery,
    responses: {
      302: {
        description:
          "To the provider's sign-in page; sets a short-lived sealed state cookie. " +
          'When the provider cannot be reached: to /auth?error=provider_unavailable',
      },
      404: { description: 'auth.unknown_provider', ...problems },
    },
  });
  router.get('/api/auth/oidc/:provider', async (req, res) => {
    const provider = providerNamed(providerParams.parse(req.params).provider);
    const { returnTo } = startQuery.catch({}).parse(req.query);
    let configuration: oidc.Configuration;
    try {
      configuration = await configurationOf(provider);
    } catch (error) {
      req.log.warn({ err: error, provider: provider.name }, 'oidc discovery failed');
      return sendToAuthPage(res, 'provider_unavailable', FAILURE_TEXT.provider_unavailable);
    }
    const pending: PendingSignIn = {
      provider: provider.name,
      codeVerifier: oidc.randomPKCECodeVerifier(),
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      returnTo: safeReturnTo(returnTo),
      expiresAt: deps.clock().getTime() + OIDC_STATE_TTL_MS,
    };
    const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUriOf(provider),
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    res.cookie(OIDC_STATE_COOKIE, encrypt(deps.stateKey, Buffer.from(JSON.stringify(pending))), {
      ...stateCookieOptions,
      maxAge: OIDC_STATE_TTL_MS,
    });
    res.redirect(302, authorizationUrl.href);
  });

  doc.add({
    method: 'get',
    path: '/api/auth/oidc/:provider/callback',
    summary: "The provider's return: signs in, links or creates the account",
    tags: ['auth'],
    params: providerParams,
    query: callbackQuery,
    responses: {
      302: {
        description:
          'Signed in (session cookies set): to the requested page, else /. ' +
          'The account asks for a second factor: no session yet, to /auth?second_factor=oidc[&redirect=<page>] ' +
          `with the sign-in held for 5 minutes in an HttpOnly cookie, completed by ${SECOND_FACTOR_PATH}. ` +
          'Refused: to /auth?error=<code>&error_description=<text>, ' +
          "code one of the provider's own (e.g. access_denied), invalid_state, email_not_verified, oidc_failed",
      },
      404: { description: 'auth.unknown_provider', ...problems },
    },
  });
  router.get('/api/auth/oidc/:provider/callback', async (req, res) => {
    const provider = providerNamed(providerParams.parse(req.params).provider);
    const query = callbackQuery.catch({}).parse(req.query);
    // A refusal signs no one in, so it is passed on even when the state cookie has expired meanwhile.
    if (query.error !== undefined || query.error_description !== undefined) {
      const code = query.error && /^[\w.-]{1,64}$/.test(query.error) ? query.error : 'oidc_failed';
      const description = claimText(query.error_description?.replace(/[\p{Cc}]/gu, ' '), 300);
      return sendToAuthPage(res, code, description ?? 'The provider refused the sign-in.');
    }
    try {
      const pending = readPending(req, provider.name);
      if (query.state !== pending.state) throw new SignInRefused('invalid_state');
      const configuration = await configurationOf(provider);
      // The URL the provider was told to return to; behind a proxy req's own host differs.
      const currentUrl = new URL(redirectUriOf(provider));
      currentUrl.search = new URL(req.originalUrl, 'http://callback.invalid').search;
      const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      let claims: Record<string, unknown> = idToken;
      // Some providers put e-mail and name only in userinfo (and oidc-provider does by default).
      if (claims.email === undefined && configuration.serverMetadata().userinfo_endpoint) {
        claims = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)), ...idToken };
      }
      const userId = await deps.accounts.accountOfExternalIdentity(
        provider.name,
        {
          sub: idToken.sub,
          email: emailClaim(claims.email),
          emailVerified: claims.email_verified === true || claims.email_verified === 'true',
          name: claimText(claims.name, 100),
        },
        String(req.id),
      );
      res.clearCookie(OIDC_STATE_COOKIE, stateCookieOptions);
      // The provider proves who this is, not the account's own second factor: that is still asked for.
      const held = await deps.accounts.holdForSecondFactor(userId, 'oidc');
      if (held) {
        setHeldSignInCookie(res, cookies, held, HELD_SIGN_IN_TTL_SECONDS);
        const query = new URLSearchParams({ second_factor: 'oidc' });
        if (pending.returnTo) query.set('redirect', pending.returnTo);
        return res.redirect(302, `${config.publicUrl}/auth?${query}`);
      }
      const session = await deps.accounts.openSession(userId, 'oidc', clientContext(req));
      setSessionCookies(res, cookies, session, config.refreshTokenTtlDays);
      res.redirect(302, `${config.publicUrl}${pending.returnTo ?? '/'}`);
    } catch (error) {
      const code = failureCodeOf(error);
      req.log.warn({ err: error, provider: provider.name, code }, 'oidc sign-in refused');
      sendToAuthPage(res, code, FAILURE_TEXT[code]);
    }
  });

  return router;
}
