import { getAccount, listSecurityActivity } from '@shop/projections';
import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AccountService } from '../../accounts/account-service.js';
import type { TwoFactorService } from '../../accounts/two-factor-service.js';
import { clientContext, currentUser, requireUser } from '../auth/authentication.js';
import type { ApiDocument } from '../openapi.js';
import { HttpProblem, problemSchema } from '../problem.js';
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
const codeBody = z.object({ code: z.string().trim().min(6).max(20) });

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
      400: { description: 'auth.current_password_incorrect or invalid input', ...problems },
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
    body: codeBody,
    responses: { 200: { description: 'On', schema: z.object({ recoveryCodes: z.array(z.string()) }) } },
  });
  router.post('/api/me/2fa/enable', async (req, res) => {
    const { code } = codeBody.parse(req.body);
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
    summary: 'Turn two-factor off with a current code or a recovery code',
    tags: ['me'],
    body: codeBody,
    responses: { 204: { description: 'Off' } },
  });
  router.post('/api/me/2fa/disable', async (req, res) => {
    const { code } = codeBody.parse(req.body);
    const { userId } = currentUser(req);
    await deps.twoFactor.disable(userId, code);
    await deps.accounts.execute(
      { type: 'DisableTwoFactor', userId, data: { at: deps.clock().toISOString() } },
      {
        correlationId: String(req.id),
      },
    );
    res.status(204).end();
  });

  return router;
}
