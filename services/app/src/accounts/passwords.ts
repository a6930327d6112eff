import { accountStreamId } from '@shop/domain';
import { InvalidInputError } from '../errors.js';
import { commitWithRows, type RowWrite } from '../infrastructure/rows-with-events.js';
import { hashPassword, refuseCommonPassword, verifyPassword } from '../security/passwords.js';
import { consumeOrReject } from '../security/rate-limits.js';
import { tokenHash } from '../security/tokens.js';
import type { AccountCommands } from './account-commands.js';
import { normalizeEmail, type AccountServiceDependencies, type ClientContext } from './account-dependencies.js';
import type { Sessions } from './sessions.js';

export const PASSWORD_RESET_RATE_LIMITED = 'auth.password_reset_rate_limited';

const currentPasswordIncorrect = () =>
  new InvalidInputError({ code: 'auth.current_password_incorrect', message: 'The current password is not correct' });

/** Changing a password, and choosing a new one with a reset link. */
export class Passwords {
  constructor(
    private readonly deps: Pick<AccountServiceDependencies, 'knex' | 'store' | 'limits' | 'clock'>,
    private readonly commands: AccountCommands,
    private readonly sessions: Sessions,
  ) {}

  async change(
    userId: string,
    sessionId: string,
    input: { currentPassword: string; newPassword: string },
    client: ClientContext,
  ): Promise<void> {
    const { knex, limits } = this.deps;
    await refuseCommonPassword(input.newPassword, 'newPassword');
    // Taken before the password is tested, so guesses sent at once are counted as they arrive.
    await consumeOrReject(limits.passwordChecksByUser, userId, 'auth.password_checks_exhausted');
    const credentials = await knex('account_credentials').where({ user_id: userId }).first();
    if (!credentials || !(await verifyPassword(credentials.password_hash, input.currentPassword))) {
      throw currentPasswordIncorrect();
    }
    await limits.passwordChecksByUser.delete(userId);
    await this.set(userId, input.newPassword, 'change', client, {
      keepSessionId: sessionId,
      replacing: credentials.password_hash,
    });
  }

  /**
   * Stores a new hash and records the change in one commit, then ends every other session. With
   * `replacing`, only while that hash is still the current one: of changes sent at once, one wins
   * and the others are told their current password is no longer current.
   */
  async set(
    userId: string,
    newPassword: string,
    via: 'change' | 'reset',
    client: ClientContext,
    options: { keepSessionId?: string; replacing?: string } = {},
  ): Promise<void> {
    const { clock } = this.deps;
    const hash = await hashPassword(newPassword);
    const now = clock();
    const replaced = options.replacing ?? null;
    const previous =
      replaced ??
      ((await this.deps.knex('account_credentials').where({ user_id: userId }).first('password_hash'))
        ?.password_hash as string | undefined);
    const row: RowWrite = {
      sql: `UPDATE account_credentials SET password_hash = $1, updated_at = $2
            WHERE user_id = $3 AND ($4::text IS NULL OR password_hash = $4)`,
      params: [hash, now, userId, replaced],
      refusedWhenNothingWritten: currentPasswordIncorrect,
      // Where the log cannot share the transaction: the hash it replaced is put back.
      undo: {
        sql: 'UPDATE account_credentials SET password_hash = $1 WHERE user_id = $2 AND password_hash = $3',
        params: [previous ?? null, userId, hash],
      },
    };
    await commitWithRows(this.deps, [row], accountStreamId(userId), (commit) =>
      this.commands.execute(
        { type: 'RecordPasswordChange', userId, data: { via, changedAt: now.toISOString() } },
        { correlationId: client.correlationId, ...commit },
      ),
    );
    await this.sessions.revokeAllOf(userId, 'password_changed', options);
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
