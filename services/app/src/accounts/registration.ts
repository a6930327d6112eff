import { randomUUID } from 'node:crypto';
import { accountStreamId, DomainError } from '@shop/domain';
import type { EventActor } from '@shop/event-store';
import { commitWithRows, type RowWrite } from '../infrastructure/rows-with-events.js';
import { hashPassword, refuseCommonPassword } from '../security/passwords.js';
import { consumeOrReject } from '../security/rate-limits.js';
import type { AccountCommands } from './account-commands.js';
import { normalizeEmail, type AccountServiceDependencies, type ClientContext } from './account-dependencies.js';

/**
 * Opening an account: the credentials row (the e-mail's uniqueness) and `AccountRegistered` commit
 * in one transaction on PostgreSQL, so a crash between them cannot leave an e-mail taken by no
 * account. KurrentDB commits events alone: there the rows go first with a journal entry, and are
 * taken back if the append fails or, after a crash, when the journal is settled (`commitWithRows`).
 */
export class Registration {
  constructor(
    private readonly deps: Pick<
      AccountServiceDependencies,
      'knex' | 'store' | 'limits' | 'config' | 'clock' | 'logger'
    >,
    private readonly commands: AccountCommands,
  ) {}

  async signUp(input: { email: string; password: string; fullName?: string }, client: ClientContext) {
    const { limits } = this.deps;
    await refuseCommonPassword(input.password, 'password');
    await consumeOrReject(limits.signUpByIp, client.ip);
    const email = normalizeEmail(input.email);
    const fullName = input.fullName?.trim() || email;
    const userId = randomUUID();
    const passwordHash = await hashPassword(input.password);
    const { owner } = await this.register(userId, email, fullName, 'password', null, client.correlationId, [
      {
        sql: `INSERT INTO account_credentials (user_id, email_normalized, password_hash) VALUES ($1, $2, $3)
              ON CONFLICT (email_normalized) DO NOTHING`,
        params: [userId, email, passwordHash],
        undo: { sql: 'DELETE FROM account_credentials WHERE user_id = $1', params: [userId] },
        refusedWhenNothingWritten: () =>
          new DomainError({ code: 'auth.email_taken', message: 'User already registered' }),
      },
    ]);
    this.deps.logger.info({ userId }, 'account registered');
    return {
      userId,
      email,
      fullName,
      roles: owner ? ['customer', 'owner'] : ['customer'],
    };
  }

  /**
   * Records a new account (password or external sign-in) and applies ADMIN_EMAILS: a listed
   * address becomes owner while the shop has none (`owner` says so). The address is not checked
   * to be the person's, so once there is an owner, listed addresses grant nothing.
   */
  async register(
    userId: string,
    email: string,
    fullName: string,
    method: 'password' | 'oidc' | 'operator',
    provider: string | null,
    correlationId: string,
    rows: readonly RowWrite[] = [],
    /** Who opens it: the person (the default) or an operator in the back-office. */
    actor?: EventActor,
  ): Promise<{ owner: boolean }> {
    const { commands } = this;
    const now = this.deps.clock().toISOString();
    const command = {
      type: 'RegisterAccount' as const,
      userId,
      data: {
        email: await commands.seal(userId, email),
        fullName: await commands.seal(userId, fullName),
        method,
        provider,
        registeredAt: now,
      },
    };
    await commitWithRows(this.deps, rows, accountStreamId(userId), (commit) =>
      commands.execute(command, { correlationId, ...commit, ...(actor ? { actor } : {}) }),
    );
    if (!this.deps.config.adminEmails.includes(email) || (await commands.hasOwner(userId))) return { owner: false };
    await commands.execute(
      { type: 'GrantRole', userId, data: { role: 'owner', grantedBy: 'ADMIN_EMAILS', at: now } },
      { correlationId, actor: { type: 'system', id: 'admin-emails' } },
    );
    return { owner: true };
  }
}
