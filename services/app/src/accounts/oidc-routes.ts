import { externalSignInCallbackQuery, externalSignInStartQuery, identifier } from '@shop/contracts';
import { Router, type Request, type Response } from 'express';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { HELD_SIGN_IN_TTL_SECONDS, type AccountService } from './account-service.js';
import type { OidcProviderConfig, ShopConfig } from '../config.js';
import {
  clientContext,
  SECOND_FACTOR_PATH,
  setHeldSignInCookie,
  setSessionCookies,
  type CookiePolicy,
} from '../api/auth/authentication.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { HttpProblem } from '../api/problem.js';
import {
  claimText,
  emailClaim,
  FAILURE_TEXT,
  failureCodeOf,
  OIDC_PATH,
  safeReturnTo,
  SignInRefused,
  signInStateCookie,
} from './oidc-sign-in.js';

export { OIDC_STATE_COOKIE, safeReturnTo } from './oidc-sign-in.js';

const SCOPE = 'openid email profile';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const providerParams = z.object({ provider: identifier(64).describe('A configured provider, e.g. google') });
/** What a route answers for a `:provider` that is not one. */
const providerRefusals = {
  400: problem('validation.failed (not a provider name)'),
  404: problem('auth.unknown_provider'),
};

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
  const providerOf = (req: Request) => providerNamed(providerParams.parse(req.params).provider);

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
    `${config.publicUrl}${OIDC_PATH}/${encodeURIComponent(provider.name)}/callback`;

  const stateCookie = signInStateCookie(deps);

  const sendToAuthPage = (res: Response, error: string, description: string) => {
    stateCookie.clear(res);
    const query = new URLSearchParams({ error, error_description: description });
    res.redirect(302, `${config.publicUrl}/auth?${query}`);
  };

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/auth/oidc/:provider',
      operationId: 'startExternalSignIn',
      summary: 'Start signing in with an external provider',
      description: 'A browser navigation, not a fetch.',
      tags: ['auth'],
      params: providerParams,
      query: externalSignInStartQuery,
      responses: {
        302: {
          description:
            "To the provider's sign-in page; sets a short-lived sealed state cookie. " +
            'When the provider cannot be reached: to /auth?error=provider_unavailable',
        },
        ...providerRefusals,
      },
    },
    async (req, res) => {
      const provider = providerOf(req);
      const { returnTo } = externalSignInStartQuery.catch({}).parse(req.query);
      let configuration: oidc.Configuration;
      try {
        configuration = await configurationOf(provider);
      } catch (error) {
        req.log.warn({ err: error, provider: provider.name }, 'oidc discovery failed');
        return sendToAuthPage(res, 'provider_unavailable', FAILURE_TEXT.provider_unavailable);
      }
      const pending = {
        provider: provider.name,
        codeVerifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        returnTo: safeReturnTo(returnTo),
      };
      const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUriOf(provider),
        scope: SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      stateCookie.write(res, pending);
      res.redirect(302, authorizationUrl.href);
    },
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/auth/oidc/:provider/callback',
      operationId: 'finishExternalSignIn',
      summary: 'Return from an external provider',
      description: 'Signs in, links or creates the account.',
      tags: ['auth'],
      params: providerParams,
      query: externalSignInCallbackQuery,
      responses: {
        302: {
          description:
            'Signed in (session cookies set): to the requested page, else /. ' +
            'The account asks for a second factor: no session yet, to /auth?second_factor=oidc[&redirect=<page>] ' +
            `with the sign-in held for 5 minutes in an HttpOnly cookie, completed by ${SECOND_FACTOR_PATH}. ` +
            'Refused: to /auth?error=<code>&error_description=<text>, ' +
            "code one of the provider's own (e.g. access_denied), invalid_state, email_not_verified, oidc_failed",
        },
        ...providerRefusals,
      },
    },
    async (req, res) => {
      const provider = providerOf(req);
      const query = externalSignInCallbackQuery.catch({}).parse(req.query);
      // A refusal signs no one in, so it is passed on even when the state cookie has expired meanwhile.
      if (query.error !== undefined || query.error_description !== undefined) {
        const code = query.error && /^[\w.-]{1,64}$/.test(query.error) ? query.error : 'oidc_failed';
        const description = claimText(query.error_description?.replace(/[\p{Cc}]/gu, ' '), 300);
        return sendToAuthPage(res, code, description ?? 'The provider refused the sign-in.');
      }
      try {
        const pending = stateCookie.read(req, provider.name);
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
        stateCookie.clear(res);
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
    },
  );

  return router;
}
