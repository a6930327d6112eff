import { randomUUID } from 'node:crypto';
import {
  accountDecider,
  accountStreamId,
  twoFactorDisableLockedUntil,
  DomainError,
  NotFoundError,
  type AccountCommand,
  type AccountState,
  type Role,
} from '@shop/domain';
import {
  handleCommand,
  loadState,
  type EventMetadata,
  type EventStore,
  type SnapshotStore,
  type Snapshotting,
} from '@shop/event-store';
import type { PersonalDataVault } from '@shop/projections';
import type { Knex } from 'knex';
import { AuthenticationError, InvalidInputError } from '../errors.js';
import type { ShopConfig } from '../config.js';
import type { Logger } from '../infrastructure/logger.js';
import type { ShopKeys } from '../security/keys.js';
import { hashPassword, refuseCommonPassword, verifyPassword } from '../security/passwords.js';
import {
  blockedFor,
  consumeOrReject,
  LOCK_SECONDS,
  SIGN_IN_FAILURES_BEFORE_LOCK,
  tooMany,
  type RateLimits,
} from '../security/rate-limits.js';
import { deviceHash } from '../security/request-context.js';
import { opaqueToken, sessionCsrfToken, signAccessToken, tokenHash } from '../security/tokens.js';
import type { TwoFactorService } from './two-factor-service.js';

export interface ClientContext {
  ip: string;
  device: string;
  location: string;
  correlationId: string;
}

export interface IssuedSession {
  userId: string;
  sessionId: string;
  role: Role;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  csrfToken: string;
}

export interface AccountServiceDependencies {
  knex: Knex;
  store: EventStore;
  vault: PersonalDataVault;
  keys: ShopKeys;
  config: ShopConfig;
  limits: RateLimits;
  clock: () => Date;
  logger: Logger;
  twoFactor: TwoFactorService;
  snapshots: SnapshotStore;
}

/**
 * An account's stream grows with every sign-in, and it is folded on every sign-in, refresh and
 * change: commands start from its last snapshot. Change the name when `AccountState` or
 * `evolveAccount` changes shape, so older snapshots are ignored.
 */
export const ACCOUNT_SNAPSHOTS = (deps: { snapshots: SnapshotStore }): Snapshotting => ({
  store: deps.snapshots,
  name: 'account-state:1',
  every: 100,
});

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const invalidCredentials = () =>
  new AuthenticationError({ code: 'auth.invalid_credentials', message: 'Invalid login credentials' });
const heldSignInExpired = () =>
  new AuthenticationError({
    code: 'auth.second_factor_expired',
    message: 'The sign-in expired; please start again',
  });

/** How long a sign-in waits for its second factor. */
export const HELD_SIGN_IN_TTL_SECONDS = 5 * 60;
/** A session's last use is written at most this often: most requests then only read it. */
const LAST_SEEN_PRECISION_MS = 60_000;
/** The owner's list of sessions shows at most this many, most recently used first. */
const LISTED_SESSIONS = 50;

export interface SessionView {
  id: string;
  device: string;
  location: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** The session the request came with. */
  current: boolean;
}

/** Sign-up, sign-in, sessions and passwords: secrets in ordinary tables, facts in the log. */
export class AccountService {
  constructor(private readonly deps: AccountServiceDependencies) {}

  async execute(command: AccountCommand, context: { correlationId?: string; actor?: EventMetadata['actor'] } = {}) {
    return handleCommand(this.deps.store, accountStreamId(command.userId), accountDecider, command, {
      snapshots: ACCOUNT_SNAPSHOTS(this.deps),
      metadata: {
        actor: context.actor ?? { type: 'customer', id: command.userId },
        ...(context.correlationId ? { correlationId: context.correlationId } : {}),
      },
    });
  }

  seal(userId: string, value: string) {
    return this.deps.vault.seal(this.deps.knex, userId, value);
  }

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
    const now = this.deps.clock().toISOString();
    await this.execute(
      {
        type: 'RegisterAccount',
        userId,
        data: {
          email: await this.seal(userId, email),
          fullName: await this.seal(userId, fullName),
          method,
          provider,
          registeredAt: now,
        },
      },
      { correlationId },
    );
    if (this.deps.config.adminEmails.includes(email)) {
      await this.execute(
        { type: 'GrantRole', userId, data: { role: 'admin', grantedBy: 'ADMIN_EMAILS', at: now } },
        { correlationId, actor: { type: 'system', id: 'admin-emails' } },
      );
    }
  }

  async signIn(
    input: { email: string; password: string; totpCode?: string },
    client: ClientContext,
  ): Promise<IssuedSession> {
    const { knex, limits } = this.deps;
    await consumeOrReject(limits.signInByIp, client.ip);
    const email = normalizeEmail(input.email);
    const credentials = await knex('account_credentials').where({ email_normalized: email }).first();
    await this.refuseWhileLocked(email, credentials?.user_id ?? null, client);
    const passwordOk = await verifyPassword(credentials?.password_hash ?? null, input.password);
    if (!credentials || !passwordOk) {
      await this.countFailure(email, credentials?.user_id ?? null, 'bad_password', client);
      throw invalidCredentials();
    }
    const userId: string = credentials.user_id;
    if (await this.deps.twoFactor.isEnabled(userId)) {
      if (!input.totpCode) {
        throw new AuthenticationError({
          code: 'auth.second_factor_required',
          message: 'Enter the code from your app',
        });
      }
      await this.checkSecondFactor(email, userId, input.totpCode, client);
    }
    await limits.signInFailuresByEmail.delete(email);
    return this.openSession(userId, 'password', client);
  }

  /**
   * After an external provider vouched for the person: when the account asks for a second factor,
   * no session yet; the sign-in is held and the token returned completes it (`completeHeldSignIn`).
   */
  async holdForSecondFactor(userId: string, method: 'password' | 'oidc'): Promise<string | null> {
    const { knex, clock } = this.deps;
    if (!(await this.deps.twoFactor.isEnabled(userId))) return null;
    const now = clock();
    const token = opaqueToken();
    await knex('pending_sign_ins').where('expires_at', '<', now).delete();
    await knex('pending_sign_ins').insert({
      token_hash: tokenHash(token),
      user_id: userId,
      method,
      expires_at: new Date(now.getTime() + HELD_SIGN_IN_TTL_SECONDS * 1000),
    });
    return token;
  }

  /**
   * Completes a held sign-in with a code from the app or a recovery code, under the same limits
   * and lock-out as password sign-in. A hold opens at most one session.
   */
  async completeHeldSignIn(token: string | undefined, code: string, client: ClientContext): Promise<IssuedSession> {
    const { knex, limits, clock } = this.deps;
    await consumeOrReject(limits.signInByIp, client.ip);
    if (!token) throw heldSignInExpired();
    const hash = tokenHash(token);
    const held = await knex('pending_sign_ins')
      .where({ token_hash: hash })
      .whereNull('used_at')
      .where('expires_at', '>', clock())
      .first('user_id', 'method');
    const credentials =
      held && (await knex('account_credentials').where({ user_id: held.user_id }).first('email_normalized'));
    if (!held || !credentials) throw heldSignInExpired();
    const userId: string = held.user_id;
    const email: string = credentials.email_normalized;
    await this.refuseWhileLocked(email, userId, client);
    await this.checkSecondFactor(email, userId, code, client);
    // Spent only once the code is right, so a mistyped code can be typed again; of two right
    // codes sent at once, one opens the session.
    const claimed = await knex('pending_sign_ins')
      .where({ token_hash: hash })
      .whereNull('used_at')
      .update({ used_at: clock() });
    if (claimed === 0) throw heldSignInExpired();
    await limits.signInFailuresByEmail.delete(email);
    return this.openSession(userId, held.method, client);
  }

  /** Counted per e-mail whether or not an account exists, so a lock-out reveals nothing. */
  private async refuseWhileLocked(email: string, userId: string | null, client: ClientContext): Promise<void> {
    const lockedMs = await blockedFor(this.deps.limits.signInFailuresByEmail, email);
    if (lockedMs === 0) return;
    if (userId) await this.recordFailure(userId, 'locked', client);
    throw tooMany(lockedMs, 'auth.account_locked', 'Too many failed attempts; the account is locked for a while');
  }

  private async checkSecondFactor(email: string, userId: string, code: string, client: ClientContext): Promise<void> {
    if (await this.deps.twoFactor.verifySignInCode(userId, code)) return;
    await this.countFailure(email, userId, 'bad_second_factor', client);
    throw new AuthenticationError({ code: 'auth.invalid_second_factor', message: 'The code is not valid' });
  }

  private async countFailure(
    email: string,
    userId: string | null,
    reason: 'bad_password' | 'bad_second_factor',
    client: ClientContext,
  ): Promise<void> {
    const { limits } = this.deps;
    let lockedNow = false;
    try {
      const res = await limits.signInFailuresByEmail.consume(email);
      lockedNow = res.consumedPoints === SIGN_IN_FAILURES_BEFORE_LOCK;
    } catch {
      lockedNow = false;
    }
    if (!userId) return;
    await this.recordFailure(userId, reason, client);
    if (lockedNow) {
      const now = this.deps.clock();
      await this.execute(
        {
          type: 'LockAccount',
          userId,
          data: {
            until: new Date(now.getTime() + LOCK_SECONDS * 1000).toISOString(),
            failedAttempts: SIGN_IN_FAILURES_BEFORE_LOCK,
            at: now.toISOString(),
          },
        },
        { correlationId: client.correlationId, actor: { type: 'system', id: 'sign-in-guard' } },
      );
      this.deps.logger.warn({ userId }, 'account locked after repeated sign-in failures');
    }
  }

  private async recordFailure(
    userId: string,
    reason: 'bad_password' | 'bad_second_factor' | 'locked',
    client: ClientContext,
  ) {
    await this.execute(
      {
        type: 'RecordSignInFailure',
        userId,
        data: {
          reason,
          device: await this.seal(userId, client.device),
          location: await this.seal(userId, client.location),
          at: this.deps.clock().toISOString(),
        },
      },
      { correlationId: client.correlationId, actor: { type: 'system', id: 'sign-in-guard' } },
    );
  }

  /** Starts a session (one refresh-token family) after the caller established who this is. */
  async openSession(userId: string, method: 'password' | 'oidc', client: ClientContext): Promise<IssuedSession> {
    const { knex, config, clock } = this.deps;
    const now = clock();
    const sessionId = randomUUID();
    const refreshToken = opaqueToken();
    const expiresAt = new Date(now.getTime() + config.refreshTokenTtlDays * 86_400_000);
    await knex.transaction(async (trx) => {
      await trx('auth_sessions').insert({
        id: sessionId,
        user_id: userId,
        device: client.device,
        location: client.location,
        expires_at: expiresAt,
      });
      await trx('refresh_tokens').insert({
        token_hash: tokenHash(refreshToken),
        session_id: sessionId,
        user_id: userId,
        expires_at: expiresAt,
      });
    });
    // The account's first device is its owner's; a later unknown one is worth a security notice.
    const hadDevices = (await knex('known_devices').where({ user_id: userId }).first()) !== undefined;
    const added = await knex('known_devices')
      .insert({ user_id: userId, device_hash: deviceHash(userId, client.device) })
      .onConflict(['user_id', 'device_hash'])
      .ignore()
      .returning('device_hash');
    const { state } = await this.execute(
      {
        type: 'RecordSignIn',
        userId,
        data: {
          sessionId,
          method,
          device: await this.seal(userId, client.device),
          location: await this.seal(userId, client.location),
          newDevice: hadDevices && added.length > 0,
          at: now.toISOString(),
        },
      },
      { correlationId: client.correlationId },
    );
    const role = state.status === 'registered' ? state.role : 'customer';
    return this.issueTokens(userId, sessionId, role, refreshToken);
  }

  private async issueTokens(
    userId: string,
    sessionId: string,
    role: Role,
    refreshToken: string,
  ): Promise<IssuedSession> {
    const { keys, config } = this.deps;
    return {
      userId,
      sessionId,
      role,
      refreshToken,
      accessToken: await signAccessToken(keys.accessTokens, { userId, sessionId, role }, config.accessTokenTtlSeconds),
      expiresIn: config.accessTokenTtlSeconds,
      csrfToken: sessionCsrfToken(keys.csrfTokens, sessionId),
    };
  }

  /** The session a refresh token belongs to (spent or not), so a request's CSRF token can be checked against it. */
  async sessionOfRefreshToken(refreshToken: string): Promise<string | undefined> {
    const row = await this.deps
      .knex('refresh_tokens')
      .where({ token_hash: tokenHash(refreshToken) })
      .first('session_id');
    return row?.session_id as string | undefined;
  }

  /**
   * Rotates a refresh token. A token presented twice means it was copied: the whole session
   * (every token of its family) is revoked and the reuse recorded.
   */
  async refresh(refreshToken: string, client: ClientContext): Promise<IssuedSession> {
    const { knex, clock } = this.deps;
    const now = clock();
    const hash = tokenHash(refreshToken);
    const rejected = () =>
      new AuthenticationError({ code: 'auth.invalid_refresh_token', message: 'Please sign in again' });
    const claimed = await knex('refresh_tokens')
      .where({ token_hash: hash })
      .whereNull('used_at')
      .update({ used_at: now })
      .returning(['session_id', 'user_id', 'expires_at']);
    if (claimed.length === 0) {
      const reused = await knex('refresh_tokens').where({ token_hash: hash }).first();
      if (reused) {
        await this.revokeSessions(knex('auth_sessions').where({ id: reused.session_id }), 'refresh_token_reused');
        await this.execute(
          {
            type: 'RecordTokenReuse',
            userId: reused.user_id,
            data: { sessionId: reused.session_id, at: now.toISOString() },
          },
          { correlationId: client.correlationId, actor: { type: 'system', id: 'session-guard' } },
        );
        this.deps.logger.warn(
          { userId: reused.user_id, sessionId: reused.session_id },
          'refresh token reused; session revoked',
        );
        throw new AuthenticationError({ code: 'auth.refresh_token_reused', message: 'Please sign in again' });
      }
      throw rejected();
    }
    const { session_id: sessionId, user_id: userId, expires_at: expiresAt } = claimed[0]!;
    const session = await knex('auth_sessions').where({ id: sessionId }).whereNull('revoked_at').first();
    if (!session || new Date(expiresAt) <= now) throw rejected();
    const next = opaqueToken();
    await knex('refresh_tokens').insert({
      token_hash: tokenHash(next),
      session_id: sessionId,
      user_id: userId,
      expires_at: expiresAt,
    });
    await knex('auth_sessions').where({ id: sessionId }).update({ last_used_at: now, location: client.location });
    const role = await this.currentRole(userId);
    return this.issueTokens(userId, sessionId, role, next);
  }

  async currentRole(userId: string): Promise<Role> {
    const state = await this.accountState(userId);
    return state.status === 'registered' ? state.role : 'customer';
  }

  private async accountState(userId: string): Promise<AccountState> {
    const { state } = await loadState(
      this.deps.store,
      accountStreamId(userId),
      accountDecider,
      ACCOUNT_SNAPSHOTS(this.deps),
    );
    return state;
  }

  async signOut(userId: string, sessionId: string, scope: 'local' | 'global', client: ClientContext): Promise<void> {
    const { knex, clock } = this.deps;
    const sessions =
      scope === 'global'
        ? knex('auth_sessions').where({ user_id: userId })
        : knex('auth_sessions').where({ id: sessionId, user_id: userId });
    await this.revokeSessions(sessions, scope === 'global' ? 'signed_out_everywhere' : 'signed_out');
    await this.execute(
      { type: 'RecordSignOut', userId, data: { sessionId, scope, at: clock().toISOString() } },
      { correlationId: client.correlationId },
    );
  }

  private async revokeSessions(query: Knex.QueryBuilder, reason: string): Promise<void> {
    await query.whereNull('revoked_at').update({ revoked_at: this.deps.clock(), revoked_reason: reason });
  }

  /** The account's open sessions, most recently used first; `currentSessionId` is the caller's. */
  async listSessions(userId: string, currentSessionId: string): Promise<SessionView[]> {
    const rows = await this.deps
      .knex('auth_sessions')
      .where({ user_id: userId })
      .whereNull('revoked_at')
      .where('expires_at', '>', this.deps.clock())
      .orderBy([
        { column: 'last_used_at', order: 'desc' },
        { column: 'id', order: 'asc' },
      ])
      .limit(LISTED_SESSIONS)
      .select('id', 'device', 'location', 'created_at', 'last_used_at');
    return rows.map((row) => ({
      id: row.id,
      device: row.device,
      location: row.location,
      createdAt: (row.created_at as Date).toISOString(),
      lastSeenAt: (row.last_used_at as Date).toISOString(),
      current: row.id === currentSessionId,
    }));
  }

  /**
   * Ends one of the owner's sessions: its refresh token is refused from now on, and so is its
   * access token, whose session is checked on every request. Someone else's session, or one
   * already ended, is not found, so the answer says nothing about sessions of other accounts.
   */
  async revokeSession(userId: string, sessionId: string, client: ClientContext): Promise<void> {
    const { knex, clock } = this.deps;
    const [revoked] = await knex('auth_sessions')
      .where({ id: sessionId, user_id: userId })
      .whereNull('revoked_at')
      .update({ revoked_at: clock(), revoked_reason: 'revoked_by_owner' })
      .returning<Array<{ device: string }>>('device');
    if (!revoked) throw new NotFoundError({ code: 'session.not_found', message: 'No such session' });
    await this.execute(
      {
        type: 'RevokeSession',
        userId,
        data: { sessionId, device: await this.seal(userId, revoked.device), at: clock().toISOString() },
      },
      { correlationId: client.correlationId },
    );
  }

  async changePassword(
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
    await this.setPassword(userId, input.newPassword, 'change', client, { keepSessionId: sessionId });
  }

  /** Stores a new hash, records the change, and ends every other session. */
  async setPassword(
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
    const others = knex('auth_sessions').where({ user_id: userId });
    if (options.keepSessionId) others.whereNot({ id: options.keepSessionId });
    await this.revokeSessions(others, 'password_changed');
    await this.execute(
      { type: 'RecordPasswordChange', userId, data: { via, changedAt: clock().toISOString() } },
      {
        correlationId: client.correlationId,
      },
    );
  }

  /**
   * Whether an access token's session is still open (sign-out, revocation and reuse end it at
   * once); an open session's last use is brought up to date, to the minute.
   */
  async sessionIsOpen(sessionId: string, client?: Pick<ClientContext, 'location'>): Promise<boolean> {
    const { knex, clock } = this.deps;
    const now = clock();
    const session = await knex('auth_sessions')
      .where({ id: sessionId })
      .whereNull('revoked_at')
      .first('expires_at', 'last_used_at');
    if (!session || new Date(session.expires_at) <= now) return false;
    if (now.getTime() - new Date(session.last_used_at).getTime() >= LAST_SEEN_PRECISION_MS) {
      await knex('auth_sessions')
        .where({ id: sessionId })
        .update({ last_used_at: now, ...(client ? { location: client.location } : {}) });
    }
    return true;
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
      { actor: { type: 'admin', id: grantedBy } },
    );
    return { userId: credentials.user_id, changed: newEvents.length > 0 };
  }
}
