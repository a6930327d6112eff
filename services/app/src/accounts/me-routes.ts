import { getAccount, listSecurityActivity, whenProjected } from '@shop/projections';
import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AccountService } from './account-service.js';
import type { TwoFactorService } from './two-factor-service.js';
import { clientContext, currentUser, requireUser } from '../api/auth/authentication.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { HttpProblem, parseOrReject } from '../api/problem.js';
import { PASSWORD_CHECKS_PER_HOUR } from '../security/rate-limits.js';
import {
  accountSessions,
  passwordChangeRequest,
  profile,
  profileUpdateRequest,
  recoveryCodes as recoveryCodesSchema,
  securityActivity,
  twoFactorDisableRequest,
  twoFactorEnableRequest,
  twoFactorSetup,
  type AccountSessions,
  type Profile,
  type RecoveryCodes,
  type SecurityActivity,
  type TwoFactorSetup,
} from '@shop/contracts';

const sessionParams = z.object({ id: z.string().min(1).max(128) });

export function meRoutes(
  deps: { knex: Knex; accounts: AccountService; twoFactor: TwoFactorService; clock: () => Date },
  doc: ApiDocument,
): Router {
  const router = Router();
  doc.guard(router, '/api/me', 'signed-in', requireUser);

  const loadProfile = async (userId: string): Promise<Profile> => {
    // A session may be a few milliseconds older than its account in the read model (signed up
    // then signed in at once, the projector busy): wait for it, rather than answer "no account".
    const account = await whenProjected(
      () => getAccount(deps.knex, userId),
      (found) => found !== null,
    );
    if (!account) throw new HttpProblem({ status: 404, code: 'account.not_found', detail: 'No such account' });
    const { lastSignInAt: _last, ...view } = account;
    return view;
  };

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/me',
      operationId: 'getProfile',
      summary: 'Get the signed-in profile',
      tags: ['me'],
      responses: {
        200: { description: 'Profile', schema: profile },
        404: problem('account.not_found'),
      },
    },
    async (req, res) => {
      res.json(await loadProfile(currentUser(req).userId));
    },
  );

  doc.route(
    router,
    {
      method: 'patch',
      path: '/api/me',
      operationId: 'updateProfile',
      summary: 'Change the full name',
      tags: ['me'],
      body: profileUpdateRequest,
      responses: {
        200: { description: 'Updated profile', schema: profile },
      },
    },
    async (req, res) => {
      const { fullName } = profileUpdateRequest.parse(req.body);
      const { userId } = currentUser(req);
      await deps.accounts.execute(
        {
          type: 'UpdateProfile',
          userId,
          data: { fullName: await deps.accounts.seal(userId, fullName), updatedAt: deps.clock().toISOString() },
        },
        { correlationId: String(req.id) },
      );
      const answer: Profile = { ...(await loadProfile(userId)), fullName };
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/me/password',
      operationId: 'changePassword',
      summary: 'Change the password',
      description: `The current one is checked (at most ${PASSWORD_CHECKS_PER_HOUR} tested an hour; the right one gives the tries back); other sessions are signed out.`,
      tags: ['me'],
      body: passwordChangeRequest,
      responses: {
        204: { description: 'Changed' },
        400: problem('auth.current_password_incorrect, auth.password_too_common, or invalid input'),
        429: problem(
          `auth.password_checks_exhausted: ${PASSWORD_CHECKS_PER_HOUR} current passwords tested in the hour; Retry-After says when`,
        ),
      },
    },
    async (req, res) => {
      const body = passwordChangeRequest.parse(req.body);
      const auth = currentUser(req);
      await deps.accounts.changePassword(auth.userId, auth.sessionId, body, clientContext(req));
      res.status(204).end();
    },
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/me/security-activity',
      operationId: 'listSecurityActivity',
      summary: 'List the recent security events',
      description: 'The 10 most recent, newest first.',
      tags: ['me'],
      responses: {
        200: { description: 'Activity', schema: securityActivity },
      },
    },
    async (req, res) => {
      const answer: SecurityActivity = { data: await listSecurityActivity(deps.knex, currentUser(req).userId, 10) };
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/me/2fa/setup',
      operationId: 'startTwoFactorSetup',
      summary: 'Start two-factor set-up',
      description: 'A secret as otpauth URI and QR code.',
      tags: ['me'],
      responses: {
        200: { description: 'Scan this, then confirm a code', schema: twoFactorSetup },
        409: problem('two_factor.already_enabled'),
      },
    },
    async (req, res) => {
      const { userId } = currentUser(req);
      const account = await loadProfile(userId);
      const answer: TwoFactorSetup = await deps.twoFactor.beginSetup(userId, account.email);
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/me/2fa/enable',
      operationId: 'enableTwoFactor',
      summary: 'Turn two-factor on',
      description:
        "With a code from the app; returns single-use recovery codes. The account's other sessions are signed out: they never gave a second factor.",
      tags: ['me'],
      body: twoFactorEnableRequest,
      responses: {
        200: { description: 'On', schema: recoveryCodesSchema },
        400: problem('validation.failed or two_factor.invalid_code'),
        409: problem('two_factor.no_pending_setup (start the set-up first)'),
      },
    },
    async (req, res) => {
      const { code } = parseOrReject(twoFactorEnableRequest, req.body);
      const { userId, sessionId } = currentUser(req);
      const recoveryCodes = await deps.accounts.enableTwoFactor(userId, sessionId, code, clientContext(req));
      const answer: RecoveryCodes = { recoveryCodes };
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/me/2fa/disable',
      operationId: 'disableTwoFactor',
      summary: 'Turn two-factor off',
      description:
        'With a current code or a recovery code; five wrong codes lock it for 15 minutes, like sign-in, and every attempt is in the security activity.',
      tags: ['me'],
      body: twoFactorDisableRequest,
      responses: {
        204: { description: 'Off' },
        400: problem('validation.failed or two_factor.invalid_code'),
        429: problem('two_factor.locked (retryAfterSeconds)'),
      },
    },
    async (req, res) => {
      const { code } = parseOrReject(twoFactorDisableRequest, req.body);
      await deps.accounts.disableTwoFactor(currentUser(req).userId, code, clientContext(req));
      res.status(204).end();
    },
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/me/sessions',
      operationId: 'listSessions',
      summary: 'List the open sessions',
      description: 'Of the signed-in account (device, place, last use), most recently used first.',
      tags: ['me'],
      responses: {
        200: { description: 'Sessions, at most 50', schema: accountSessions },
      },
    },
    async (req, res) => {
      const { userId, sessionId } = currentUser(req);
      const answer: AccountSessions = { data: await deps.accounts.listSessions(userId, sessionId) };
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'delete',
      path: '/api/me/sessions/:id',
      operationId: 'revokeSession',
      summary: 'End one of your sessions',
      description: 'Its refresh token and its access token stop working at once; recorded as SessionRevoked.',
      tags: ['me'],
      params: sessionParams,
      responses: {
        204: { description: 'Ended' },
        404: problem("session.not_found (also for another account's session, or one already ended)"),
      },
    },
    async (req, res) => {
      const params = sessionParams.safeParse(req.params);
      if (!params.success) throw new HttpProblem({ status: 404, code: 'session.not_found', detail: 'No such session' });
      await deps.accounts.revokeSession(currentUser(req).userId, params.data.id, clientContext(req));
      res.status(204).end();
    },
  );

  return router;
}
