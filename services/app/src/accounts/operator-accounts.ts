import { randomBytes, randomUUID } from 'node:crypto';
import { accountStreamId, DomainError, NotFoundError } from '@shop/domain';
import { KEY_DESTRUCTION_SQL } from '@shop/projections';
import { ForbiddenError } from '../errors.js';
import { commitWithRows, type RowWrite } from '../infrastructure/rows-with-events.js';
import { hashPassword } from '../security/passwords.js';
import type { AccountCommands } from './account-commands.js';
import { normalizeEmail, type AccountServiceDependencies } from './account-dependencies.js';
import type { Registration } from './registration.js';

/** Who acts in the back-office, and the request they act in. */
export interface OperatorContext {
  operatorId: string;
  correlationId: string;
  /** An operator in the back-office (the default), or the shop's own tools (`shopctl`, named by operatorId). */
  actorType?: 'admin' | 'system';
  /** Whether the operator manages staff (`staff.manage`): only they correct a staff member's account. */
  managesStaff?: boolean;
}

const emailTaken = () => new DomainError({ code: 'auth.email_taken', message: 'This e-mail already has an account' });

/**
 * Every table outside the log that holds something of the person, with the statement that
 * removes it. The log keeps their events, sealed with a key erasure destroys.
 */
const PERSONAL_ROWS: ReadonlyArray<{ table: string; sql: string }> = [
  { table: 'account_credentials', sql: 'DELETE FROM account_credentials WHERE user_id = $1' },
  { table: 'oidc_identities', sql: 'DELETE FROM oidc_identities WHERE user_id = $1' },
  // Refresh tokens go with their sessions (ON DELETE CASCADE).
  { table: 'auth_sessions', sql: 'DELETE FROM auth_sessions WHERE user_id = $1' },
  { table: 'password_reset_tokens', sql: 'DELETE FROM password_reset_tokens WHERE user_id = $1' },
  { table: 'pending_sign_ins', sql: 'DELETE FROM pending_sign_ins WHERE user_id = $1' },
  { table: 'totp_factors', sql: 'DELETE FROM totp_factors WHERE user_id = $1' },
  { table: 'recovery_codes', sql: 'DELETE FROM recovery_codes WHERE user_id = $1' },
  { table: 'known_devices', sql: 'DELETE FROM known_devices WHERE user_id = $1' },
  { table: 'notifications', sql: 'DELETE FROM notifications WHERE user_id = $1' },
  { table: 'notification_settings', sql: 'DELETE FROM notification_settings WHERE user_id = $1' },
  { table: 'customer_preferences', sql: 'DELETE FROM customer_preferences WHERE user_id = $1' },
  { table: 'idempotency_keys', sql: 'DELETE FROM idempotency_keys WHERE user_id = $1' },
  // The key that opens every sealed value of theirs in the log (crypto-shredding).
  { table: 'personal_data_keys', sql: KEY_DESTRUCTION_SQL },
];

/** The back-office's changes to customers' accounts: each a command with the operator as actor. */
export class OperatorAccounts {
  constructor(
    private readonly deps: Pick<AccountServiceDependencies, 'knex' | 'store' | 'clock' | 'logger'>,
    private readonly commands: AccountCommands,
    private readonly registration: Registration,
  ) {}

  /**
   * Opens an account for someone, with a password nobody knows, and mails them a link to choose
   * their own (the password-reset link, valid as long as one).
   */
  async create(input: { email: string; fullName?: string }, context: OperatorContext): Promise<{ userId: string }> {
    const email = normalizeEmail(input.email);
    const fullName = input.fullName?.trim() || email;
    const userId = randomUUID();
    const unknowable = await hashPassword(randomBytes(32).toString('base64url'));
    const actor = { type: 'admin' as const, id: context.operatorId };
    await this.registration.register(
      userId,
      email,
      fullName,
      'operator',
      null,
      context.correlationId,
      [
        {
          sql: `INSERT INTO account_credentials (user_id, email_normalized, password_hash) VALUES ($1, $2, $3)
              ON CONFLICT (email_normalized) DO NOTHING`,
          params: [userId, email, unknowable],
          undo: { sql: 'DELETE FROM account_credentials WHERE user_id = $1', params: [userId] },
          refusedWhenNothingWritten: emailTaken,
        },
      ],
      actor,
    );
    await this.commands.execute(
      {
        type: 'RequestPasswordReset',
        userId,
        data: { requestedAt: this.deps.clock().toISOString(), purpose: 'welcome' },
      },
      { correlationId: context.correlationId, actor },
    );
    this.deps.logger.info({ userId, operatorId: context.operatorId }, 'account opened by an operator');
    return { userId };
  }

  /**
   * Corrects the e-mail (still unique: 409 `auth.email_taken`) and the name, each its own event.
   * With `profileVersion` (the version the operator's form was loaded at) a change made meanwhile
   * is refused: 409 `account.changed_meanwhile`. A staff member's account is corrected only by an
   * operator who manages staff (403 `account.staff_protected`): moving an owner's e-mail would hand
   * their account to whoever reads the new address.
   */
  async update(
    userId: string,
    input: { email?: string; fullName?: string; profileVersion?: number },
    context: OperatorContext,
  ): Promise<{ profileVersion: number }> {
    let expectedProfileVersion = input.profileVersion;
    const actor = { type: 'admin' as const, id: context.operatorId };
    const now = this.deps.clock().toISOString();
    const target = await this.requireAccount(userId);
    const byOperator = (context.actorType ?? 'admin') === 'admin';
    if (byOperator && !context.managesStaff && target.status === 'registered' && target.staffRoles.length > 0) {
      throw new ForbiddenError({
        code: 'account.staff_protected',
        message: "A staff member's account is corrected by an owner",
        details: { userId },
      });
    }
    if (input.email !== undefined) {
      const email = normalizeEmail(input.email);
      const current = await this.deps.knex('account_credentials').where({ user_id: userId }).first('email_normalized');
      if (current?.email_normalized !== email) {
        const sealed = await this.commands.seal(userId, email);
        // The address it replaces, sealed too: it is told of the change (an e-mail moved by
        // someone else is how an account is taken).
        const previousEmail = current ? await this.commands.seal(userId, current.email_normalized) : undefined;
        const row: RowWrite = {
          sql: `UPDATE account_credentials SET email_normalized = $2, updated_at = now()
                 WHERE user_id = $1 AND NOT EXISTS (SELECT 1 FROM account_credentials WHERE email_normalized = $2)`,
          params: [userId, email],
          undo: current
            ? {
                sql: 'UPDATE account_credentials SET email_normalized = $2 WHERE user_id = $1',
                params: [userId, current.email_normalized],
              }
            : undefined,
          refusedWhenNothingWritten: emailTaken,
        };
        await commitWithRows(this.deps, [row], accountStreamId(userId), (commit) =>
          this.commands.execute(
            {
              type: 'ChangeEmail',
              userId,
              data: { email: sealed, changedAt: now, ...(previousEmail ? { previousEmail } : {}) },
              expectedProfileVersion,
            },
            { correlationId: context.correlationId, actor, ...commit },
          ),
        );
        if (expectedProfileVersion !== undefined) expectedProfileVersion += 1;
      }
    }
    const fullName = input.fullName?.trim();
    // A form sends the name back unchanged: no event for a name that did not change.
    const shown =
      fullName === undefined ? undefined : await this.deps.knex('accounts').where({ id: userId }).first('full_name');
    if (fullName !== undefined && shown?.full_name !== fullName) {
      await this.commands.execute(
        {
          type: 'UpdateProfile',
          userId,
          data: { fullName: await this.commands.seal(userId, fullName), updatedAt: now },
          expectedProfileVersion,
        },
        { correlationId: context.correlationId, actor },
      );
    }
    const state = await this.commands.accountState(userId);
    return { profileVersion: state.status === 'registered' ? (state.profileVersion ?? 1) : 1 };
  }

  /**
   * Erases the person (GDPR): in one transaction with `PersonalDataErased`, their key is destroyed
   * and every row outside the log that holds something of theirs is removed; their subscriptions'
   * history stays, with the person shown as erased, and they can no longer sign in. Erasing twice
   * changes nothing more.
   */
  /**
   * An operator in the back-office erases customers only: a staff member's account is erased
   * with the shop's own tool (`shopctl users erase`), so two operators cannot erase each other and
   * leave the shop without one.
   */
  async erase(userId: string, context: OperatorContext, beforeErasure?: () => Promise<void>): Promise<void> {
    const state = await this.requireAccount(userId);
    if ((context.actorType ?? 'admin') === 'admin' && state.status === 'registered' && state.staffRoles.length > 0) {
      throw new DomainError({
        code: 'account.cannot_erase_admin',
        message: "An administrator's account is erased with the shop's own tool (shopctl users erase)",
        details: { userId },
      });
    }
    // What must end with the person (their live subscriptions), once the erasure is allowed: a
    // retry after a failure in between finds nothing more to end, and erases them.
    await beforeErasure?.();
    const rows: RowWrite[] = PERSONAL_ROWS.map(({ sql }) => ({ sql, params: [userId] }));
    await commitWithRows(this.deps, rows, accountStreamId(userId), (commit) =>
      this.commands.execute(
        { type: 'ErasePersonalData', userId, data: { erasedAt: this.deps.clock().toISOString() } },
        {
          correlationId: context.correlationId,
          actor: { type: context.actorType ?? 'admin', id: context.operatorId },
          ...commit,
        },
      ),
    );
    this.deps.logger.info({ userId, operatorId: context.operatorId }, 'personal data erased');
  }

  private async requireAccount(userId: string) {
    const state = await this.commands.accountState(userId);
    if (state.status === 'none')
      throw new NotFoundError({ code: 'account.not_found', message: 'No such account', details: { userId } });
    return state;
  }
}
