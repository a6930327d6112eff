import { randomUUID } from 'node:crypto';
import { NotFoundError, rolesOf, type Role } from '@shop/domain';
import type { Knex } from 'knex';
import type { AccountSession } from '@shop/contracts';
import { AuthenticationError } from '../errors.js';
import { deviceHash } from '../security/request-context.js';
import { opaqueToken, sessionCsrfToken, signAccessToken, tokenHash } from '../security/tokens.js';
import type { AccountCommands } from './account-commands.js';
import type { AccountServiceDependencies, ClientContext, IssuedSession } from './account-dependencies.js';

/** A session's last use is written at most this often: most requests then only read it. */
const LAST_SEEN_PRECISION_MS = 60_000;
/** The owner's list of sessions shows at most this many, most recently used first. */
const LISTED_SESSIONS = 50;

/** A session as its owner's list shows it. */
export type SessionView = AccountSession;

/** Sessions: one refresh-token family each, opened, rotated, listed and ended. */
export class Sessions {
  constructor(
    private readonly deps: Pick<AccountServiceDependencies, 'knex' | 'keys' | 'config' | 'clock' | 'logger'>,
    private readonly commands: AccountCommands,
  ) {}

  /** Starts a session (one refresh-token family) after the caller established who this is. */
  async open(userId: string, method: 'password' | 'oidc', client: ClientContext): Promise<IssuedSession> {
    const { knex, config, clock } = this.deps;
    const { commands } = this;
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
    const { state } = await commands.execute(
      {
        type: 'RecordSignIn',
        userId,
        data: {
          sessionId,
          method,
          device: await commands.seal(userId, client.device),
          location: await commands.seal(userId, client.location),
          newDevice: hadDevices && added.length > 0,
          at: now.toISOString(),
        },
      },
      { correlationId: client.correlationId },
    );
    return this.issueTokens(userId, sessionId, rolesOf(state), refreshToken);
  }

  private async issueTokens(
    userId: string,
    sessionId: string,
    roles: Role[],
    refreshToken: string,
  ): Promise<IssuedSession> {
    const { keys, config } = this.deps;
    return {
      userId,
      sessionId,
      roles,
      refreshToken,
      accessToken: await signAccessToken(keys.accessTokens, { userId, sessionId, roles }, config.accessTokenTtlSeconds),
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
        await this.revoke(knex('auth_sessions').where({ id: reused.session_id }), 'refresh_token_reused');
        await this.commands.execute(
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
    return this.issueTokens(userId, sessionId, await this.commands.currentRoles(userId), next);
  }

  async signOut(userId: string, sessionId: string, scope: 'local' | 'global', client: ClientContext): Promise<void> {
    const { knex, clock } = this.deps;
    const sessions =
      scope === 'global'
        ? knex('auth_sessions').where({ user_id: userId })
        : knex('auth_sessions').where({ id: sessionId, user_id: userId });
    await this.revoke(sessions, scope === 'global' ? 'signed_out_everywhere' : 'signed_out');
    await this.commands.execute(
      { type: 'RecordSignOut', userId, data: { sessionId, scope, at: clock().toISOString() } },
      { correlationId: client.correlationId },
    );
  }

  /** Ends every session of the account but `keepSessionId` (a password change keeps the one it came from). */
  async revokeAllOf(userId: string, reason: string, options: { keepSessionId?: string } = {}): Promise<void> {
    const sessions = this.deps.knex('auth_sessions').where({ user_id: userId });
    if (options.keepSessionId) sessions.whereNot({ id: options.keepSessionId });
    await this.revoke(sessions, reason);
  }

  private async revoke(query: Knex.QueryBuilder, reason: string): Promise<void> {
    await query.whereNull('revoked_at').update({ revoked_at: this.deps.clock(), revoked_reason: reason });
  }

  /** The account's open sessions, most recently used first; `currentSessionId` is the caller's. */
  async list(userId: string, currentSessionId: string): Promise<SessionView[]> {
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
  async revokeByOwner(userId: string, sessionId: string, client: ClientContext): Promise<void> {
    const { knex, clock } = this.deps;
    const [revoked] = await knex('auth_sessions')
      .where({ id: sessionId, user_id: userId })
      .whereNull('revoked_at')
      .update({ revoked_at: clock(), revoked_reason: 'revoked_by_owner' })
      .returning<Array<{ device: string }>>('device');
    if (!revoked) throw new NotFoundError({ code: 'session.not_found', message: 'No such session' });
    await this.commands.execute(
      {
        type: 'RevokeSession',
        userId,
        data: { sessionId, device: await this.commands.seal(userId, revoked.device), at: clock().toISOString() },
      },
      { correlationId: client.correlationId },
    );
  }

  /**
   * Whether an access token's session is still open (sign-out, revocation and reuse end it at
   * once); an open session's last use is brought up to date, to the minute.
   */
  async isOpen(sessionId: string, client?: Pick<ClientContext, 'location'>): Promise<boolean> {
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
}

/** An ended session (expired, signed out, revoked) is kept a month, for a token of it shown again to be told apart. */
const KEEP_ENDED_SESSIONS_MS = 30 * 24 * 3600_000;

/**
 * Forgets the sessions that ended more than a month ago, their refresh tokens with them, and the
 * password reset links expired as long ago: every sign-in and every refresh adds a row, which
 * nothing else takes away. An open session is never touched. Answers how many sessions went.
 */
export async function purgeEndedSessions(knex: Knex, now: Date): Promise<number> {
  const before = new Date(now.getTime() - KEEP_ENDED_SESSIONS_MS);
  return knex.transaction(async (trx) => {
    const ended = trx('auth_sessions').where('expires_at', '<', before).orWhere('revoked_at', '<', before).select('id');
    await trx('refresh_tokens').whereIn('session_id', ended.clone()).delete();
    const purged: number = await trx('auth_sessions').whereIn('id', ended).delete();
    await trx('password_reset_tokens').where('expires_at', '<', before).delete();
    return purged;
  });
}
