import { getAccount, listSecurityActivity } from '@shop/projections';
import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AccountService } from '../../accounts/account-service.js';
import { RECOVERY_CODE, TOTP_CODE, type TwoFactorService } from '../../accounts/two-factor-service.js';
import { clientContext, currentUser, requireUser } from '../auth/authentication.js';
import type { ApiDocument } from '../openapi.js';
import { HttpProblem, parseOrReject, problemSchema } from '../problem.js';
import { PASSWORD_MIN_LENGTH } from './auth-routes.js';
import { text } from '../text.js';

const profile = z
  .object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    memberSince: z.string(),
    role: z.enum(['customer', 'admin']),
    twoFactorEnabled: z.boolean(),
  })
  .meta({ id: 'Profile' });
const patchBody = z.strictObject({ fullName: text({ min: 1, max: 100 }) });
const passwordBody = z.strictObject({
  currentPassword: text({ max: 200, trim: false }),
  newPassword: text({ min: PASSWORD_MIN_LENGTH, max: 200, trim: false }),
});
// ASCII only: a code of any other shape is refused here, before the TOTP library compares bytes.
const enableCodeBody = z.strictObject({
  code: z.string().trim().regex(TOTP_CODE, 'Six digits from the app').describe('Six digits from the app'),
});
const disableCodeBody = z.strictObject({
  code: z
    .string()
    .trim()
    .refine((code) => TOTP_CODE.test(code) || RECOVERY_CODE.test(code), 'Six digits or a recovery code')
    .describe('Six digits from the app, or a recovery code (xxxxx-xxxxx)'),
});
const sessionSchema = z
  .object({
    id: z.string(),
    device: z.string().describe('Browser and system, e.g. "Chrome on Windows"'),
    location: z.string().nullable().describe('Country, or the network with its last part masked'),
    createdAt: z.string().describe('ISO-8601 UTC: the sign-in'),
    lastSeenAt: z.string().describe('ISO-8601 UTC, to the minute'),
    current: z.boolean().describe('The session this request came with'),
  })
  .meta({ id: 'AccountSession' });
const sessionParams = z.object({ id: z.string().min(1).max(128) });

export function meRoutes(
  deps: { knex: Knex; accounts: AccountService; twoFactor: TwoFactorService; clock: () => Date },
  doc: ApiDocument,
): Router {
  const router = Router();
  router.use('/api/me', requireUser);
  const problems = { schema: problemSchema, problem: true } as const;

  const loadProfile = async (userId: string) => {
    const account = await getAccount(deps.knex, userId);
    if (!account) throw new HttpProblem({ status: 404, code: 'account.not_found', detail: 'No such account' });
    const { lastSignInAt: _last, ...view } = account;
    return view;
  };

  doc.add({
    method: 'get',
    path: '/api/me',
    summary: 'The signed-in profile',
    tags: ['me'],
    responses: { 200: { description: 'Profile', schema: profile }, 401: { description: 'auth.required', ...problems } },
  });
  router.get('/api/me', async (req, res) => {
    res.json(await loadProfile(currentUser(req).userId));
  });

  doc.add({
    method: 'patch',
    path: '/api/me',
    summary: 'Change the full name',
    tags: ['me'],
    body: patchBody,
    responses: { 200: { description: 'Updated profile', schema: profile } },
  });
  router.patch('/api/me', async (req, res) => {
    const { fullName } = patchBody.parse(req.body);
    const { userId } = currentUser(req);
    await deps.accounts.execute(
      {
        type: 'UpdateProfile',
        userId,
        data: { fullName: await deps.accounts.seal(userId, fullName), updatedAt: deps.clock().toISOString() },
      },
      { correlationId: String(req.id) },
    );
    res.json({ ...(await loadProfile(userId)), fullName });
  });

  doc.add({
    method: 'post',
    path: '/api/me/password',
    summary: 'Change the password (the current one is checked); other sessions are signed out',
    tags: ['me'],
    body: passwordBody,
    responses: {
      204: { description: 'Changed' },
      400: {
        description: 'auth.current_password_incorrect, auth.password_too_common, or invalid input',
        ...problems,
      },
    },
  });
  router.post('/api/me/password', async (req, res) => {
    const body = passwordBody.parse(req.body);
    const auth = currentUser(req);
    await deps.accounts.changePassword(auth.userId, auth.sessionId, body, clientContext(req));
    res.status(204).end();
  });

  doc.add({
    method: 'get',
    path: '/api/me/security-activity',
    summary: 'The 10 most recent security events, newest first',
    tags: ['me'],
    responses: { 200: { description: 'Activity' } },
  });
  router.get('/api/me/security-activity', async (req, res) => {
    res.json({ data: await listSecurityActivity(deps.knex, currentUser(req).userId, 10) });
  });

  doc.add({
    method: 'post',
    path: '/api/me/2fa/setup',
    summary: 'Start two-factor set-up: a secret as otpauth URI and QR code',
    tags: ['me'],
    responses: { 200: { description: 'Scan this, then confirm a code' } },
  });
  router.post('/api/me/2fa/setup', async (req, res) => {
    const { userId } = currentUser(req);
    const account = await loadProfile(userId);
    res.json(await deps.twoFactor.beginSetup(userId, account.email));
  });

  doc.add({
    method: 'post',
    path: '/api/me/2fa/enable',
    summary: 'Confirm a code from the app to turn two-factor on; returns single-use recovery codes',
    tags: ['me'],
    body: enableCodeBody,
    responses: {
      200: { description: 'On', schema: z.object({ recoveryCodes: z.array(z.string()) }) },
      400: { description: 'validation.failed or two_factor.invalid_code', ...problems },
    },
  });
  router.post('/api/me/2fa/enable', async (req, res) => {
    const { code } = parseOrReject(enableCodeBody, req.body);
    const { userId } = currentUser(req);
    const recoveryCodes = await deps.twoFactor.confirmSetup(userId, code);
    await deps.accounts.execute(
      { type: 'EnableTwoFactor', userId, data: { at: deps.clock().toISOString() } },
      {
        correlationId: String(req.id),
      },
    );
    res.json({ recoveryCodes });
  });

  doc.add({
    method: 'post',
    path: '/api/me/2fa/disable',
    summary:
      'Turn two-factor off with a current code or a recovery code; five wrong codes lock it for 15 minutes, ' +
      'like sign-in, and every attempt is in the security activity',
    tags: ['me'],
    body: disableCodeBody,
    responses: {
      204: { description: 'Off' },
      400: { description: 'validation.failed or two_factor.invalid_code', ...problems },
      429: { description: 'two_factor.locked (retryAfterSeconds)', ...problems },
    },
  });
  router.post('/api/me/2fa/disable', async (req, res) => {
    const { code } = parseOrReject(disableCodeBody, req.body);
    await deps.accounts.disableTwoFactor(currentUser(req).userId, code, clientContext(req));
    res.status(204).end();
  });

  doc.add({
    method: 'get',
    path: '/api/me/sessions',
    summary: 'The open sessions of the signed-in account (device, place, last use), most recently used first',
    tags: ['me'],
    responses: {
      200: { description: 'Sessions, at most 50', schema: z.object({ data: z.array(sessionSchema) }) },
      401: { description: 'auth.required', ...problems },
    },
  });
  router.get('/api/me/sessions', async (req, res) => {
    const { userId, sessionId } = currentUser(req);
    res.json({ data: await deps.accounts.listSessions(userId, sessionId) });
  });

  doc.add({
    method: 'delete',
    path: '/api/me/sessions/:id',
    summary:
      'End one of your sessions: its refresh token and its access token stop working at once; ' +
      'recorded as SessionRevoked',
    tags: ['me'],
    params: sessionParams,
    responses: {
      204: { description: 'Ended' },
      401: { description: 'auth.required', ...problems },
      404: { description: "session.not_found (also for another account's session, or one already ended)", ...problems },
    },
  });
  router.delete('/api/me/sessions/:id', async (req, res) => {
    const params = sessionParams.safeParse(req.params);
    if (!params.success) throw new HttpProblem({ status: 404, code: 'session.not_found', detail: 'No such session' });
    await deps.accounts.revokeSession(currentUser(req).userId, params.data.id, clientContext(req));
    res.status(204).end();
  });

  return router;
}
