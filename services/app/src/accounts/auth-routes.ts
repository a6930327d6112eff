import { Router, type Response } from 'express';
import type { AccountService, IssuedSession } from './account-service.js';
import {
  clearHeldSignInCookie,
  clearSessionCookies,
  clientContext,
  currentUser,
  HELD_SIGN_IN_COOKIE,
  REFRESH_COOKIE,
  requireUser,
  SECOND_FACTOR_PATH,
  setSessionCookies,
  type CookiePolicy,
} from '../api/auth/authentication.js';
import { AuthenticationError } from '../errors.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { HttpProblem } from '../api/problem.js';
import {
  createdAccount,
  refreshRequest,
  secondFactorRequest,
  signedInSession,
  signInRequest,
  signOutRequest,
  signUpRequest,
  type CreatedAccount,
  type SignedInSession,
} from '@shop/contracts';

export function authRoutes(
  deps: { accounts: AccountService; cookies: CookiePolicy; refreshDays: number },
  doc: ApiDocument,
): Router {
  const router = Router();
  /** Browsers get the cookies; other clients read the same tokens from the body. */
  const sendSession = (res: Response, session: IssuedSession) => {
    setSessionCookies(res, deps.cookies, session, deps.refreshDays);
    const answer: SignedInSession = {
      accessToken: session.accessToken,
      tokenType: 'Bearer',
      expiresIn: session.expiresIn,
      refreshToken: session.refreshToken,
      user: { id: session.userId, roles: session.roles },
    };
    res.json(answer);
  };

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/auth/sign-up',
      operationId: 'signUp',
      summary: 'Create an account with e-mail and password',
      tags: ['auth'],
      body: signUpRequest,
      responses: {
        201: { description: 'Created; sign in next', schema: createdAccount },
        400: problem('validation.failed, or auth.password_too_common (one of the most used)'),
        409: problem('auth.email_taken'),
        429: problem('Too many sign-ups from this address'),
      },
    },
    async (req, res) => {
      const body = signUpRequest.parse(req.body);
      const account = await deps.accounts.signUp(body, clientContext(req));
      const answer: CreatedAccount = { id: account.userId, email: account.email, fullName: account.fullName };
      res.status(201).json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/auth/sign-in',
      operationId: 'signIn',
      summary: 'Sign in',
      description: 'Sets the session cookies and returns the tokens for non-browser clients.',
      tags: ['auth'],
      body: signInRequest,
      responses: {
        200: { description: 'Signed in', schema: signedInSession },
        401: problem('auth.invalid_credentials, auth.second_factor_required, auth.invalid_second_factor'),
        429: problem('auth.account_locked or too many attempts'),
      },
    },
    async (req, res) => {
      const body = signInRequest.parse(req.body);
      const session = await deps.accounts.signIn(body, clientContext(req));
      sendSession(res, session);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: SECOND_FACTOR_PATH,
      operationId: 'completeSignIn',
      summary: 'Complete a sign-in held for its second factor',
      description:
        'After an external provider (/auth?second_factor=oidc); the held sign-in travels in an HttpOnly cookie.',
      tags: ['auth'],
      body: secondFactorRequest,
      responses: {
        200: { description: 'Signed in', schema: signedInSession },
        401: problem(
          'auth.invalid_second_factor (the sign-in stays held), auth.second_factor_expired (none held, used or expired)',
        ),
        429: problem('auth.account_locked or too many attempts'),
      },
    },
    async (req, res) => {
      const body = secondFactorRequest.parse(req.body);
      const held = req.cookies?.[HELD_SIGN_IN_COOKIE] as string | undefined;
      try {
        const session = await deps.accounts.completeHeldSignIn(held, body.totpCode.trim(), clientContext(req));
        clearHeldSignInCookie(res, deps.cookies);
        sendSession(res, session);
      } catch (error) {
        if (error instanceof AuthenticationError && error.code === 'auth.second_factor_expired') {
          clearHeldSignInCookie(res, deps.cookies);
        }
        throw error;
      }
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/auth/refresh',
      operationId: 'refreshSession',
      summary: 'Rotate the refresh token',
      description: 'Read from the cookie, or from the body for non-browser clients.',
      tags: ['auth'],
      body: refreshRequest,
      responses: {
        200: { description: 'New tokens', schema: signedInSession },
        401: problem('auth.invalid_refresh_token or auth.refresh_token_reused'),
      },
    },
    async (req, res) => {
      const body = refreshRequest.parse(req.body ?? {});
      const token = body.refreshToken ?? (req.cookies?.[REFRESH_COOKIE] as string | undefined);
      if (!token)
        throw new HttpProblem({ status: 401, code: 'auth.invalid_refresh_token', detail: 'Please sign in again' });
      try {
        const session = await deps.accounts.refresh(token, clientContext(req));
        sendSession(res, session);
      } catch (error) {
        clearSessionCookies(res, deps.cookies);
        throw error;
      }
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/auth/sign-out',
      operationId: 'signOut',
      summary: 'Sign out',
      description: 'Of this device (local) or of every device (global).',
      tags: ['auth'],
      body: signOutRequest,
      responses: {
        204: { description: 'Signed out' },
        400: problem('validation.failed (an unknown scope)'),
      },
    },
    requireUser,
    async (req, res) => {
      const { scope } = signOutRequest.parse(req.body ?? {});
      const auth = currentUser(req);
      await deps.accounts.signOut(auth.userId, auth.sessionId, scope, clientContext(req));
      clearSessionCookies(res, deps.cookies);
      res.status(204).end();
    },
  );

  return router;
}
