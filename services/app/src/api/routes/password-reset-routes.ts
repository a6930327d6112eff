import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { normalizeEmail, type AccountService } from '../../accounts/account-service.js';
import { refuseCommonPassword } from '../../security/passwords.js';
import { consumeOrReject, type RateLimits } from '../../security/rate-limits.js';
import { tokenHash } from '../../security/tokens.js';
import { clientContext } from '../auth/authentication.js';
import type { ApiDocument } from '../openapi.js';
import { HttpProblem, problemSchema } from '../problem.js';
import { PASSWORD_MIN_LENGTH } from './auth-routes.js';
import { text } from '../text.js';

const requestBody = z.strictObject({ email: z.email().max(254) });
const confirmBody = z.strictObject({
  token: text({ min: 1, max: 200 }),
  newPassword: text({ min: PASSWORD_MIN_LENGTH, max: 200, trim: false }),
});
const acceptedResponse = z.object({ accepted: z.literal(true) }).meta({ id: 'PasswordResetAccepted' });

const RATE_LIMITED = 'auth.password_reset_rate_limited';

export function passwordResetRoutes(
  deps: { knex: Knex; accounts: AccountService; limits: RateLimits; clock: () => Date },
  doc: ApiDocument,
): Router {
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
    const client = clientContext(req);
    const email = normalizeEmail(body.email);
    // Counted per e-mail whether or not an account exists, so the limit reveals nothing either.
    await consumeOrReject(deps.limits.passwordResetByIp, client.ip, RATE_LIMITED);
    await consumeOrReject(deps.limits.passwordResetByEmail, email, RATE_LIMITED);
    const credentials = await deps.knex('account_credentials').where({ email_normalized: email }).first('user_id');
    if (credentials) {
      // Only the fact is appended here; the token and the e-mail are made by a job that follows the log.
      await deps.accounts.execute(
        {
          type: 'RequestPasswordReset',
          userId: credentials.user_id,
          data: { requestedAt: deps.clock().toISOString() },
        },
        { correlationId: client.correlationId, actor: { type: 'system', id: 'password-reset' } },
      );
    }
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
    // Before the token is spent, so the customer can choose another password with the same link.
    await refuseCommonPassword(body.newPassword, 'newPassword');
    const now = deps.clock();
    // Claimed in one statement, so two concurrent uses of one token cannot both succeed.
    const claimed = await deps
      .knex('password_reset_tokens')
      .where({ token_hash: tokenHash(body.token) })
      .whereNull('used_at')
      .where('expires_at', '>', now)
      .update({ used_at: now })
      .returning('user_id');
    const userId = claimed[0]?.user_id as string | undefined;
    if (!userId) {
      throw new HttpProblem({
        status: 400,
        code: 'auth.reset_token_invalid',
        detail: 'This link is not valid any more; ask for a new one',
      });
    }
    // The other links still in mailboxes die with this one.
    await deps.knex('password_reset_tokens').where({ user_id: userId }).whereNull('used_at').update({ used_at: now });
    await deps.accounts.setPassword(userId, body.newPassword, 'reset', clientContext(req));
    res.status(204).end();
  });

  return router;
}
