import { Router } from 'express';
import { z } from 'zod';
import { PASSWORD_RESET_RATE_LIMITED, type AccountService } from '../../accounts/account-service.js';
import { clientContext } from '../auth/authentication.js';
import type { ApiDocument } from '../openapi.js';
import { problemSchema } from '../problem.js';
import { PASSWORD_MIN_LENGTH } from './auth-routes.js';
import { text } from '../text.js';

const requestBody = z.strictObject({ email: z.email().max(254) });
const confirmBody = z.strictObject({
  token: text({ min: 1, max: 200 }),
  newPassword: text({ min: PASSWORD_MIN_LENGTH, max: 200, trim: false }),
});
const acceptedResponse = z.object({ accepted: z.literal(true) }).meta({ id: 'PasswordResetAccepted' });

const RATE_LIMITED = PASSWORD_RESET_RATE_LIMITED;

export function passwordResetRoutes(deps: { accounts: AccountService }, doc: ApiDocument): Router {
  const router = Router();
  const problems = { schema: problemSchema, problem: true } as const;

  doc.add({
    method: 'post',
    path: '/api/auth/password-reset',
    summary: 'Ask for a link to choose a new password; the answer is the same whether or not the account exists',
    tags: ['auth'],
    body: requestBody,
    responses: {
      202: {
        description: 'Accepted; if an account uses this address, a link is e-mailed to it',
        schema: acceptedResponse,
      },
      400: { description: 'Invalid input', ...problems },
      429: { description: `${RATE_LIMITED}: too many requests from this address or for this e-mail`, ...problems },
    },
  });
  router.post('/api/auth/password-reset', async (req, res) => {
    const body = requestBody.parse(req.body);
    await deps.accounts.requestPasswordReset(body.email, clientContext(req));
    res.status(202).json({ accepted: true });
  });

  doc.add({
    method: 'post',
    path: '/api/auth/password-reset/confirm',
    summary: 'Choose a new password with the token from the e-mail; ends every session of the account',
    tags: ['auth'],
    body: confirmBody,
    responses: {
      204: { description: 'Password changed; sign in with the new one' },
      400: {
        description:
          'auth.reset_token_invalid (unknown, expired or already used), auth.password_too_common (the link stays ' +
          'usable), or invalid input',
        ...problems,
      },
    },
  });
  router.post('/api/auth/password-reset/confirm', async (req, res) => {
    const body = confirmBody.parse(req.body);
    await deps.accounts.resetPasswordWithToken(body.token, body.newPassword, clientContext(req));
    res.status(204).end();
  });

  return router;
}
