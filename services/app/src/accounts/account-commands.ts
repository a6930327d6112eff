import {
  accountDecider,
  accountStreamId,
  rolesOf,
  twoFactorDisableLockedUntil,
  DomainError,
  NotFoundError,
  type AccountCommand,
  type AccountState,
  type Role,
  type StaffRole,
} from '@shop/domain';
import { handleCommand, loadState, type AppendOptions, type EventMetadata } from '@shop/event-store';
import { isReadModelNotBuilt } from '@shop/projections';
import { InvalidInputError } from '../errors.js';
import { LOCK_SECONDS, tooMany } from '../security/rate-limits.js';
import {
  ACCOUNT_SNAPSHOTS,
  normalizeEmail,
  type AccountServiceDependencies,
  type ClientContext,
} from './account-dependencies.js';

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

  /** Turns two-factor on with a code from the app (after `beginSetup`); returns the recovery codes. */
  async enableTwoFactor(userId: string, code: string, client: ClientContext): Promise<string[]> {
    const recoveryCodes = await this.deps.twoFactor.confirmSetup(userId, code);
    await this.execute(
      { type: 'EnableTwoFactor', userId, data: { at: this.deps.clock().toISOString() } },
      { correlationId: client.correlationId },
    );
    return recoveryCodes;
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
   * `ADMIN_EMAILS` at start-up: while the shop has no owner, the accounts that exist with a listed
   * address become owners (the others when they sign up, until one has). Once it has an owner, the
   * setting grants nothing: owners give roles in the back-office or with `shopctl users grant`.
   */
  async applyAdminEmails(emails: readonly string[]): Promise<{ granted: number; shopHasOwner: boolean }> {
    if (emails.length === 0) return { granted: 0, shopHasOwner: false };
    if (await this.hasOwner()) return { granted: 0, shopHasOwner: true };
    let granted = 0;
    for (const email of emails) {
      try {
        const userId = await this.userIdOf(email);
        const { changed } = await this.grantRole(userId, 'owner', {
          by: 'ADMIN_EMAILS',
          actor: { type: 'system', id: 'admin-emails' },
        });
        if (changed) granted += 1;
      } catch (error) {
        // No account with that address yet (it becomes owner when it signs up), or one erased.
        if (!(error instanceof DomainError)) throw error;
      }
    }
    return { granted, shopHasOwner: false };
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
      .catch((error: unknown) => {
        // A new shop whose projector has not built the read model yet (an API started first): none known.
        if (isReadModelNotBuilt(error)) return [];
        throw error;
      });
    for (const candidate of candidates) {
      const state = await this.accountState(candidate);
      if (state.status === 'registered' && !state.erased && state.staffRoles.includes('owner')) return true;
    }
    return false;
  }
}
