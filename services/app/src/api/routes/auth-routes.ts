import { Router, type Response } from 'express';
import { z } from 'zod';
import type { AccountService, IssuedSession } from '../../accounts/account-service.js';
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
} from '../auth/authentication.js';
import { AuthenticationError } from '../../errors.js';
import type { ApiDocument } from '../openapi.js';
import { HttpProblem, problemSchema } from '../problem.js';
import { text } from '../text.js';

export const PASSWORD_MIN_LENGTH = 6;
const email = z.email().max(254);
const password = text({ min: PASSWORD_MIN_LENGTH, max: 200, trim: false });

const signUpBody = z.strictObject({ email, password, fullName: text({ max: 100 }).optional() });
const signInBody = z.strictObject({
  email: text({ max: 254 }),
  password: text({ max: 200, trim: false }),
  totpCode: text({ max: 20 }).optional(),
});
const secondFactorBody = z.strictObject({
  totpCode: text({ min: 1, max: 20 }).describe('A code from the authenticator app, or a recovery code'),
});
const signOutBody = z.strictObject({ scope: z.enum(['local', 'global']).default('local') });
const refreshBody = z.strictObject({ refreshToken: text({ max: 200 }).optional() });

const sessionResponse = z
  .object({
    accessToken: z.string(),
    tokenType: z.literal('Bearer'),
    expiresIn: z.number().int(),
    refreshToken: z.string(),
    user: z.object({ id: z.string(), role: z.enum(['customer', 'admin']) }),
  })
  .meta({ id: 'Session' });

export function authRoutes(
  deps: { accounts: AccountService; cookies: CookiePolicy; refreshDays: number },
  doc: ApiDocument,
): Router {
  const router = Router();
  const problems = { schema: problemSchema, problem: true } as const;
  /** Browsers get the cookies; other clients read the same tokens from the body. */
  const sendSession = (res: Response, session: IssuedSession) => {
    setSessionCookies(res, deps.cookies, session, deps.refreshDays);
    res.json({
      accessToken: session.accessToken,
      tokenType: 'Bearer',
      expiresIn: session.expiresIn,
      refreshToken: session.refreshToken,
      user: { id: session.userId, role: session.role },
    });
  };

  doc.add({
    method: 'post',
    path: '/api/auth/sign-up',
    summary: 'Create an account with e-mail and password',
    tags: ['auth'],
    body: signUpBody,
    responses: {
      201: {
        description: 'Created; sign in next',
        schema: z.object({ id: z.string(), email: z.string(), fullName: z.string() }),
      },
      400: { description: 'validation.failed, or auth.password_too_common (one of the most used)', ...problems },
      409: { description: 'auth.email_taken', ...problems },
      429: { description: 'Too many sign-ups from this address', ...problems },
    },
  });
  router.post('/api/auth/sign-up', async (req, res) => {
    const body = signUpBody.parse(req.body);
    const account = await deps.accounts.signUp(body, clientContext(req));
    res.status(201).json({ id: account.userId, email: account.email, fullName: account.fullName });
  });

  doc.add({
    method: 'post',
    path: '/api/auth/sign-in',
    summary: 'Sign in; sets the session cookies and returns the tokens for non-browser clients',
    tags: ['auth'],
    body: signInBody,
    responses: {
      200: { description: 'Signed in', schema: sessionResponse },
      401: {
        description: 'auth.invalid_credentials, auth.second_factor_required, auth.invalid_second_factor',
        ...problems,
      },
      429: { description: 'auth.account_locked or too many attempts', ...problems },
    },
  });
  router.post('/api/auth/sign-in', async (req, res) => {
    const body = signInBody.parse(req.body);
    const session = await deps.accounts.signIn(body, clientContext(req));
    sendSession(res, session);
  });

  doc.add({
    method: 'post',
    path: SECOND_FACTOR_PATH,
    summary:
      'Complete a sign-in held for its second factor (after an external provider: /auth?second_factor=oidc); ' +
      'the held sign-in travels in an HttpOnly cookie',
    tags: ['auth'],
    body: secondFactorBody,
    responses: {
      200: { description: 'Signed in', schema: sessionResponse },
      401: {
        description:
          'auth.invalid_second_factor (the sign-in stays held), auth.second_factor_expired (none held, used or expired)',
        ...problems,
      },
      429: { description: 'auth.account_locked or too many attempts', ...problems },
    },
  });
  router.post(SECOND_FACTOR_PATH, async (req, res) => {
    const body = secondFactorBody.parse(req.body);
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
  });

  doc.add({
    method: 'post',
    path: '/api/auth/refresh',
    summary: 'Rotate the refresh token (cookie, or body for non-browser clients)',
    tags: ['auth'],
    body: refreshBody,
    responses: {
      200: { description: 'New tokens', schema: sessionResponse },
      401: { description: 'auth.invalid_refresh_token or auth.refresh_token_reused', ...problems },
    },
  });
  router.post('/api/auth/refresh', async (req, res) => {
    const body = refreshBody.parse(req.body ?? {});
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
  });

  doc.add({
    method: 'post',
    path: '/api/auth/sign-out',
    summary: 'Sign out of this device (local) or of every device (global)',
    tags: ['auth'],
    body: signOutBody,
    responses: { 204: { description: 'Signed out' }, 401: { description: 'auth.required', ...problems } },
  });
  router.post('/api/auth/sign-out', requireUser, async (req, res) => {
    const { scope } = signOutBody.parse(req.body ?? {});
    const auth = currentUser(req);
    await deps.accounts.signOut(auth.userId, auth.sessionId, scope, clientContext(req));
    clearSessionCookies(res, deps.cookies);
    res.status(204).end();
  });

  return router;
}
