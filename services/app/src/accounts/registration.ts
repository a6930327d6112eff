import { randomUUID } from 'node:crypto';
import { DomainError } from '@shop/domain';
import { hashPassword, refuseCommonPassword } from '../security/passwords.js';
import { consumeOrReject } from '../security/rate-limits.js';
import type { AccountCommands } from './account-commands.js';
import { normalizeEmail, type AccountServiceDependencies, type ClientContext } from './account-dependencies.js';

/** Opening an account: the credentials row (the e-mail's uniqueness) first, then the fact in the log. */
export class Registration {
  constructor(
    private readonly deps: Pick<AccountServiceDependencies, 'knex' | 'limits' | 'config' | 'clock' | 'logger'>,
    private readonly commands: AccountCommands,
  ) {}

  async signUp(input: { email: string; password: string; fullName?: string }, client: ClientContext) {
    const { knex, limits, config } = this.deps;
    await refuseCommonPassword(input.password, 'password');
    await consumeOrReject(limits.signUpByIp, client.ip);
    const email = normalizeEmail(input.email);
    const fullName = input.fullName?.trim() || email;
    const userId = randomUUID();
    const passwordHash = await hashPassword(input.password);
    const inserted = await knex('account_credentials')
      .insert({ user_id: userId, email_normalized: email, password_hash: passwordHash })
      .onConflict('email_normalized')
      .ignore()
      .returning('user_id');
    if (inserted.length === 0) {
      throw new DomainError({ code: 'auth.email_taken', message: 'User already registered' });
    }
    try {
      await this.register(userId, email, fullName, 'password', null, client.correlationId);
    } catch (error) {
      await knex('account_credentials').where({ user_id: userId }).delete();
      throw error;
    }
    this.deps.logger.info({ userId }, 'account registered');
    return { userId, email, fullName, role: config.adminEmails.includes(email) ? 'admin' : 'customer' };
  }

  /** Records a new account (password or external sign-in) and applies ADMIN_EMAILS. */
  async register(
    userId: string,
    email: string,
    fullName: string,
    method: 'password' | 'oidc',
    provider: string | null,
    correlationId: string,
  ): Promise<void> {
    const { commands } = this;
    const now = this.deps.clock().toISOString();
    await commands.execute(
      {
        type: 'RegisterAccount',
        userId,
        data: {
          email: await commands.seal(userId, email),
          fullName: await commands.seal(userId, fullName),
          method,
          provider,
          registeredAt: now,
        },
      },
      { correlationId },
    );
    if (this.deps.config.adminEmails.includes(email)) {
      await commands.execute(
        { type: 'GrantRole', userId, data: { role: 'admin', grantedBy: 'ADMIN_EMAILS', at: now } },
        { correlationId, actor: { type: 'system', id: 'admin-emails' } },
      );
    }
  }
}
