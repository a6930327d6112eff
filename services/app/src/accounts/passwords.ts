import { InvalidInputError } from '../errors.js';
import { hashPassword, refuseCommonPassword, verifyPassword } from '../security/passwords.js';
import { consumeOrReject } from '../security/rate-limits.js';
import { tokenHash } from '../security/tokens.js';
import type { AccountCommands } from './account-commands.js';
import { normalizeEmail, type AccountServiceDependencies, type ClientContext } from './account-dependencies.js';
import type { Sessions } from './sessions.js';

export const PASSWORD_RESET_RATE_LIMITED = 'auth.password_reset_rate_limited';

/** Changing a password, and choosing a new one with a reset link. */
export class Passwords {
  constructor(
    private readonly deps: Pick<AccountServiceDependencies, 'knex' | 'limits' | 'clock'>,
    private readonly commands: AccountCommands,
    private readonly sessions: Sessions,
  ) {}

  async change(
    userId: string,
    sessionId: string,
    input: { currentPassword: string; newPassword: string },
    client: ClientContext,
  ): Promise<void> {
    const { knex } = this.deps;
    await refuseCommonPassword(input.newPassword, 'newPassword');
    const credentials = await knex('account_credentials').where({ user_id: userId }).first();
    if (!credentials || !(await verifyPassword(credentials.password_hash, input.currentPassword))) {
      throw new InvalidInputError({
        code: 'auth.current_password_incorrect',
        message: 'The current password is not correct',
      });
    }
    await this.set(userId, input.newPassword, 'change', client, { keepSessionId: sessionId });
  }

  /** Stores a new hash, records the change, and ends every other session. */
  async set(
    userId: string,
    newPassword: string,
    via: 'change' | 'reset',
    client: ClientContext,
    options: { keepSessionId?: string } = {},
  ): Promise<void> {
    const { knex, clock } = this.deps;
    await knex('account_credentials')
      .where({ user_id: userId })
      .update({ password_hash: await hashPassword(newPassword), updated_at: clock() });
    await this.sessions.revokeAllOf(userId, 'password_changed', options);
    await this.commands.execute(
      { type: 'RecordPasswordChange', userId, data: { via, changedAt: clock().toISOString() } },
      {
        correlationId: client.correlationId,
      },
    );
  }

  /**
   * Asks for a reset link. Only the fact is appended here; the token and the e-mail are made by a
   * job that follows the log. Nothing tells the caller whether the account exists.
   */
  async requestReset(email: string, client: ClientContext): Promise<void> {
    const { knex, limits, clock } = this.deps;
    const normalized = normalizeEmail(email);
    // Counted per e-mail whether or not an account exists, so the limit reveals nothing either.
    await consumeOrReject(limits.passwordResetByIp, client.ip, PASSWORD_RESET_RATE_LIMITED);
    await consumeOrReject(limits.passwordResetByEmail, normalized, PASSWORD_RESET_RATE_LIMITED);
    const credentials = await knex('account_credentials').where({ email_normalized: normalized }).first('user_id');
    if (!credentials) return;
    await this.commands.execute(
      {
        type: 'RequestPasswordReset',
        userId: credentials.user_id,
        data: { requestedAt: clock().toISOString() },
      },
      { correlationId: client.correlationId, actor: { type: 'system', id: 'password-reset' } },
    );
  }

  /** Chooses a new password with the token from the e-mail; every session of the account ends. */
  async resetWithToken(token: string, newPassword: string, client: ClientContext): Promise<void> {
    const { knex, clock } = this.deps;
    // Before the token is spent, so the customer can choose another password with the same link.
    await refuseCommonPassword(newPassword, 'newPassword');
    const now = clock();
    // Claimed in one statement, so two concurrent uses of one token cannot both succeed.
    const claimed = await knex('password_reset_tokens')
      .where({ token_hash: tokenHash(token) })
      .whereNull('used_at')
      .where('expires_at', '>', now)
      .update({ used_at: now })
      .returning('user_id');
    const userId = claimed[0]?.user_id as string | undefined;
    if (!userId) {
      throw new InvalidInputError({
        code: 'auth.reset_token_invalid',
        message: 'This link is not valid any more; ask for a new one',
      });
    }
    // The other links still in mailboxes die with this one.
    await knex('password_reset_tokens').where({ user_id: userId }).whereNull('used_at').update({ used_at: now });
    await this.set(userId, newPassword, 'reset', client);
  }
}
