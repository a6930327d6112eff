import { AuthenticationError } from '../errors.js';
import { verifyPassword } from '../security/passwords.js';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { consumeOrReject, LOCK_SECONDS, SIGN_IN_FAILURES_BEFORE_LOCK, tooMany } from '../security/rate-limits.js';
import { opaqueToken, tokenHash } from '../security/tokens.js';
import type { AccountCommands } from './account-commands.js';
import {
  normalizeEmail,
  type AccountServiceDependencies,
  type ClientContext,
  type IssuedSession,
} from './account-dependencies.js';
import type { Sessions } from './sessions.js';

/** How long a sign-in waits for its second factor. */
export const HELD_SIGN_IN_TTL_SECONDS = 5 * 60;

const invalidCredentials = () =>
  new AuthenticationError({ code: 'auth.invalid_credentials', message: 'Invalid login credentials' });
const heldSignInExpired = () =>
  new AuthenticationError({
    code: 'auth.second_factor_expired',
    message: 'The sign-in expired; please start again',
  });

const SIGN_IN_GUARD = { type: 'system', id: 'sign-in-guard' } as const;
/** Attempts sent all at once are each recorded on the account: their records wait for each other's turn. */
const GUARD_ATTEMPTS = 40;

/** One sign-in attempt, taken from its e-mail's budget; `last` when it was the last one before the lock. */
interface Attempt {
  last: boolean;
}

/** Signing in: the password, the second factor (at once or on a held sign-in), failures counted to a lock-out. */
export class SignIn {
  constructor(
    private readonly deps: Pick<AccountServiceDependencies, 'knex' | 'limits' | 'clock' | 'logger' | 'twoFactor'>,
    private readonly commands: AccountCommands,
    private readonly sessions: Sessions,
  ) {}

  async withPassword(
    input: { email: string; password: string; totpCode?: string },
    client: ClientContext,
  ): Promise<IssuedSession> {
    const { knex, limits } = this.deps;
    await consumeOrReject(limits.signInByIp, client.ip);
    const email = normalizeEmail(input.email);
    const credentials = await knex('account_credentials').where({ email_normalized: email }).first();
    const attempt = await this.takeAttempt(email, credentials?.user_id ?? null, client);
    const passwordOk = await verifyPassword(credentials?.password_hash ?? null, input.password);
    if (!credentials || !passwordOk) {
      await this.countFailure(attempt, credentials?.user_id ?? null, 'bad_password', client);
      throw invalidCredentials();
    }
    const userId: string = credentials.user_id;
    if (await this.deps.twoFactor.isEnabled(userId)) {
      if (!input.totpCode) {
        // The password was right: asking for the code is not a failed attempt.
        await limits.signInFailuresByEmail.reward(email, 1);
        throw new AuthenticationError({
          code: 'auth.second_factor_required',
          message: 'Enter the code from your app',
        });
      }
      await this.checkSecondFactor(attempt, userId, input.totpCode, client);
    }
    await limits.signInFailuresByEmail.delete(email);
    return this.sessions.open(userId, 'password', client);
  }

  /**
   * After an external provider vouched for the person: when the account asks for a second factor,
   * no session yet; the sign-in is held and the token returned completes it (`completeHeld`).
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
  async completeHeld(token: string | undefined, code: string, client: ClientContext): Promise<IssuedSession> {
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
    const attempt = await this.takeAttempt(email, userId, client);
    await this.checkSecondFactor(attempt, userId, code, client);
    // Spent only once the code is right, so a mistyped code can be typed again; of two right
    // codes sent at once, one opens the session.
    const claimed = await knex('pending_sign_ins')
      .where({ token_hash: hash })
      .whereNull('used_at')
      .update({ used_at: clock() });
    if (claimed === 0) throw heldSignInExpired();
    await limits.signInFailuresByEmail.delete(email);
    return this.sessions.open(userId, held.method, client);
  }

  /**
   * Takes one attempt from the e-mail's budget before anything is checked, so attempts sent all at
   * once are counted as they arrive: once the budget is spent, no password or code is even tested
   * until the lock ends. A success gives the budget back whole. Counted per e-mail whether or not
   * an account exists, so a lock-out reveals nothing.
   */
  private async takeAttempt(email: string, userId: string | null, client: ClientContext): Promise<Attempt> {
    try {
      const taken = await this.deps.limits.signInFailuresByEmail.consume(email);
      return { last: taken.consumedPoints === SIGN_IN_FAILURES_BEFORE_LOCK };
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      if (userId) await this.recordFailure(userId, 'locked', client);
      throw tooMany(
        refusal.msBeforeNext || LOCK_SECONDS * 1000,
        'auth.account_locked',
        'Too many failed attempts; the account is locked for a while',
      );
    }
  }

  private async checkSecondFactor(attempt: Attempt, userId: string, code: string, client: ClientContext) {
    if (await this.deps.twoFactor.verifySignInCode(userId, code)) return;
    await this.countFailure(attempt, userId, 'bad_second_factor', client);
    throw new AuthenticationError({ code: 'auth.invalid_second_factor', message: 'The code is not valid' });
  }

  /** A failed attempt (its point stays spent): recorded on the account, which is locked when it was the last allowed. */
  private async countFailure(
    attempt: Attempt,
    userId: string | null,
    reason: 'bad_password' | 'bad_second_factor',
    client: ClientContext,
  ): Promise<void> {
    if (!userId) return;
    await this.recordFailure(userId, reason, client);
    if (attempt.last) {
      const now = this.deps.clock();
      await this.commands.execute(
        {
          type: 'LockAccount',
          userId,
          data: {
            until: new Date(now.getTime() + LOCK_SECONDS * 1000).toISOString(),
            failedAttempts: SIGN_IN_FAILURES_BEFORE_LOCK,
            at: now.toISOString(),
          },
        },
        { correlationId: client.correlationId, actor: SIGN_IN_GUARD, maxAttempts: GUARD_ATTEMPTS },
      );
      this.deps.logger.warn({ userId }, 'account locked after repeated sign-in failures');
    }
  }

  private async recordFailure(
    userId: string,
    reason: 'bad_password' | 'bad_second_factor' | 'locked',
    client: ClientContext,
  ) {
    const { commands } = this;
    await commands.execute(
      {
        type: 'RecordSignInFailure',
        userId,
        data: {
          reason,
          device: await commands.seal(userId, client.device),
          location: await commands.seal(userId, client.location),
          at: this.deps.clock().toISOString(),
        },
      },
      { correlationId: client.correlationId, actor: SIGN_IN_GUARD, maxAttempts: GUARD_ATTEMPTS },
    );
  }
}
