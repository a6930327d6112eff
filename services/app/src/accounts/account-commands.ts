import {
  accountDecider,
  accountStreamId,
  twoFactorDisableLockedUntil,
  NotFoundError,
  type AccountCommand,
  type AccountState,
  type Role,
} from '@shop/domain';
import { handleCommand, loadState, type AppendOptions, type EventMetadata } from '@shop/event-store';
import { InvalidInputError } from '../errors.js';
import { LOCK_SECONDS, tooMany } from '../security/rate-limits.js';
import {
  ACCOUNT_SNAPSHOTS,
  normalizeEmail,
  type AccountServiceDependencies,
  type ClientContext,
} from './account-dependencies.js';

/** An account's commands on its stream (from the last snapshot), and the changes an owner or operator asks for. */
export class AccountCommands {
  constructor(
    private readonly deps: Pick<
      AccountServiceDependencies,
      'knex' | 'store' | 'vault' | 'clock' | 'twoFactor' | 'snapshots'
    >,
  ) {}

  async execute(
    command: AccountCommand,
    context: {
      correlationId?: string;
      actor?: EventMetadata['actor'];
      /** Rows that commit with the command's events or not at all. */
      withinTransaction?: AppendOptions['withinTransaction'];
      /** More metadata for the events (a journalled commit's id, see `commitWithRows`). */
      metadata?: Record<string, unknown>;
      /** Tries when other writers of the account win the race (a burst of sign-in attempts). */
      maxAttempts?: number;
    } = {},
  ) {
    return handleCommand(this.deps.store, accountStreamId(command.userId), accountDecider, command, {
      snapshots: ACCOUNT_SNAPSHOTS(this.deps),
      maxAttempts: context.maxAttempts,
      withinTransaction: context.withinTransaction,
      metadata: {
        ...context.metadata,
        actor: context.actor ?? { type: 'customer', id: command.userId },
        ...(context.correlationId ? { correlationId: context.correlationId } : {}),
      },
    });
  }

  seal(userId: string, value: string) {
    return this.deps.vault.seal(this.deps.knex, userId, value);
  }

  async accountState(userId: string): Promise<AccountState> {
    const { state } = await loadState(
      this.deps.store,
      accountStreamId(userId),
      accountDecider,
      ACCOUNT_SNAPSHOTS(this.deps),
    );
    return state;
  }

  async currentRole(userId: string): Promise<Role> {
    const state = await this.accountState(userId);
    return state.status === 'registered' ? state.role : 'customer';
  }

  /**
   * Turns two-factor off with a code from the app or a recovery code. The account's decider
   * counts wrong codes and locks like sign-in; while it is locked no code is even checked, so a
   * recovery code offered then is not spent.
   */
  async disableTwoFactor(userId: string, code: string, client: ClientContext): Promise<void> {
    const { twoFactor, clock } = this.deps;
    const at = clock().toISOString();
    const lockedBefore = twoFactorDisableLockedUntil(await this.accountState(userId), at) !== null;
    const codeAccepted = !lockedBefore && (await twoFactor.verifySignInCode(userId, code));
    const { newEvents, state } = await this.execute(
      {
        type: 'DisableTwoFactor',
        userId,
        data: {
          codeAccepted,
          device: await this.seal(userId, client.device),
          location: await this.seal(userId, client.location),
          at,
        },
      },
      { correlationId: client.correlationId },
    );
    const failure = newEvents.find((event) => event.type === 'TwoFactorDisableFailed');
    if (failure?.data.reason === 'locked') {
      const until = twoFactorDisableLockedUntil(state, at);
      throw tooMany(
        until ? Date.parse(until) - Date.parse(at) : LOCK_SECONDS * 1000,
        'two_factor.locked',
        'Too many wrong codes; turning two-factor off is locked for a while',
      );
    }
    if (failure || !codeAccepted) {
      throw new InvalidInputError({ code: 'two_factor.invalid_code', message: 'The code is not valid' });
    }
    // Also when the log already said "off": a factor left behind by an interrupted attempt goes now.
    await twoFactor.removeFactor(userId);
  }

  async grantRole(email: string, role: Role, grantedBy: string): Promise<{ userId: string; changed: boolean }> {
    const credentials = await this.deps
      .knex('account_credentials')
      .where({ email_normalized: normalizeEmail(email) })
      .first();
    if (!credentials) {
      throw new NotFoundError({ code: 'account.not_found', message: `No account for ${email}` });
    }
    const { newEvents } = await this.execute(
      {
        type: 'GrantRole',
        userId: credentials.user_id,
        data: { role, grantedBy, at: this.deps.clock().toISOString() },
      },
      // Granted from outside the back-office (the CLI, ADMIN_EMAILS): no admin account to name.
      { actor: { type: 'system', id: grantedBy } },
    );
    return { userId: credentials.user_id, changed: newEvents.length > 0 };
  }
}
