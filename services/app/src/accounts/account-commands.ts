import {
  accountDecider,
  accountStreamId,
  rolesOf,
  twoFactorDisableLockedUntil,
  NotFoundError,
  type AccountCommand,
  type AccountState,
  type Role,
  type StaffRole,
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

/** PostgreSQL's error code for a relation that does not exist. */
const UNDEFINED_TABLE = '42P01';
/**
 * Who changes a role: `by` is recorded in the event (`grantedBy`, `revokedBy`), the operator's
 * id in the back-office, `shopctl` or `ADMIN_EMAILS` otherwise; `actor` is the event's actor.
 */
export interface RoleChange {
  by: string;
  actor: EventMetadata['actor'];
  correlationId?: string;
}

/**
 * Every revocation of a role takes this transaction-scoped lock while it counts the other owners
 * and records itself, so two revocations cannot each count the other's owner and leave none.
 */
const ROLE_REVOCATIONS_LOCK = 270027;

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

  async currentRoles(userId: string): Promise<Role[]> {
    return rolesOf(await this.accountState(userId));
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

  async userIdOf(email: string): Promise<string> {
    const credentials = await this.deps
      .knex('account_credentials')
      .where({ email_normalized: normalizeEmail(email) })
      .first<{ user_id: string } | undefined>('user_id');
    if (!credentials) {
      throw new NotFoundError({ code: 'account.not_found', message: `No account for ${email}` });
    }
    return credentials.user_id;
  }

  async grantRole(userId: string, role: StaffRole, by: RoleChange): Promise<{ changed: boolean }> {
    const { newEvents } = await this.execute(
      { type: 'GrantRole', userId, data: { role, grantedBy: by.by, at: this.deps.clock().toISOString() } },
      { actor: by.actor, correlationId: by.correlationId },
    );
    return { changed: newEvents.length > 0 };
  }

  /**
   * Takes a role back. The last owner cannot lose the role: a rule over every account's stream,
   * kept by one lock that all revocations take in turn (docs/adr/0027-staff-roles.md). Inside it
   * the other owners are counted from their own streams (the read model only names candidates):
   * a revocation that finished before the lock was taken is in the log, so it is counted.
   */
  async revokeRole(userId: string, role: StaffRole, by: RoleChange): Promise<{ changed: boolean }> {
    return this.deps.knex.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?)', [ROLE_REVOCATIONS_LOCK]);
      const otherOwners = role === 'owner' && (await this.hasOwner(userId)) ? 1 : 0;
      const { newEvents } = await this.execute(
        {
          type: 'RevokeRole',
          userId,
          data: { role, revokedBy: by.by, at: this.deps.clock().toISOString(), otherOwners },
        },
        { actor: by.actor, correlationId: by.correlationId },
      );
      return { changed: newEvents.length > 0 };
    });
  }

  /**
   * Whether an account other than `except` is an owner, as its stream says, among those the read
   * model names (one who became owner moments ago and is not read there yet is missed: the last
   * owner's revocation is then refused, never wrongly allowed). Stops at the first.
   */
  async hasOwner(except?: string): Promise<boolean> {
    const candidates = await this.deps
      .knex('accounts')
      .whereRaw('? = ANY(roles)', ['owner'])
      .modify((query) => {
        if (except) query.whereNot({ id: except });
      })
      .pluck<string[]>('id')
      .catch((error: { code?: string }) => {
        // A new shop whose projector has not built the read model yet (an API started first): none known.
        if (error.code === UNDEFINED_TABLE) return [];
        throw error;
      });
    for (const candidate of candidates) {
      const state = await this.accountState(candidate);
      if (state.status === 'registered' && !state.erased && state.staffRoles.includes('owner')) return true;
    }
    return false;
  }
}
