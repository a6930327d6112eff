import { Router } from 'express';
import { PASSWORD_RESET_RATE_LIMITED, type AccountService } from './account-service.js';
import { clientContext } from '../api/auth/authentication.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import {
  passwordResetAccepted,
  passwordResetConfirmRequest,
  passwordResetRequest,
  type PasswordResetAccepted,
} from '@shop/contracts';

const RATE_LIMITED = PASSWORD_RESET_RATE_LIMITED;

export function passwordResetRoutes(deps: { accounts: AccountService }, doc: ApiDocument): Router {
  const router = Router();

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/auth/password-reset',
      operationId: 'requestPasswordReset',
      summary: 'Ask for a link to choose a new password',
      description: 'The answer is the same whether or not the account exists.',
      tags: ['auth'],
      body: passwordResetRequest,
      responses: {
        202: {
          description: 'Accepted; if an account uses this address, a link is e-mailed to it',
          schema: passwordResetAccepted,
        },
        400: problem('Invalid input'),
        429: problem(`${RATE_LIMITED}: too many requests from this address or for this e-mail`),
      },
    },
    async (req, res) => {
      const body = passwordResetRequest.parse(req.body);
      await deps.accounts.requestPasswordReset(body.email, clientContext(req));
      const answer: PasswordResetAccepted = { accepted: true };
      res.status(202).json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'post',
      path: '/api/auth/password-reset/confirm',
      operationId: 'confirmPasswordReset',
      summary: 'Choose a new password with the e-mailed token',
      description: 'Ends every session of the account.',
      tags: ['auth'],
      body: passwordResetConfirmRequest,
      responses: {
        204: { description: 'Password changed; sign in with the new one' },
        400: problem(
          'auth.reset_token_invalid (unknown, expired or already used), auth.password_too_common (the link stays ' +
            'usable), or invalid input',
        ),
      },
    },
    async (req, res) => {
      const body = passwordResetConfirmRequest.parse(req.body);
      await deps.accounts.resetPasswordWithToken(body.token, body.newPassword, clientContext(req));
      res.status(204).end();
    },
  );

  return router;
}
