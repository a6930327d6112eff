import { FAILURES_BEFORE_LOCK, LOCK_SECONDS } from '@shop/domain';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimitedError } from '../errors.js';

export interface RateLimits {
  /** Sign-in attempts per client address. */
  signInByIp: RateLimiterAbstract;
  /** Failed sign-ins per e-mail (existing or not): past the limit the account is locked for a while. */
  signInFailuresByEmail: RateLimiterAbstract;
  signUpByIp: RateLimiterAbstract;
  passwordResetByIp: RateLimiterAbstract;
  passwordResetByEmail: RateLimiterAbstract;
  /** Visitor forms (support, affiliate, partnership, suggestion) per client address and kind. */
  inquiriesByIp: RateLimiterAbstract;
  /** A customer's reads of service credentials: enough for normal use, not for scraping with a stolen session. */
  credentialRevealsByUser: RateLimiterAbstract;
  /** Current passwords tested per account to change it (a stolen session guessing it); the right one gives them back. */
  passwordChecksByUser: RateLimiterAbstract;
  /** Wrong API keys per client address: past the limit, every key from it waits. */
  apiKeyFailuresByIp: RateLimiterAbstract;
  /** Deletes the counters whose window ended long ago; runs on a timer until `close`. */
  purgeExpired: () => Promise<void>;
  close: () => Promise<void>;
}

/** The account's lock rule (the decider applies the same to turning two-factor off). */
export const SIGN_IN_FAILURES_BEFORE_LOCK = FAILURES_BEFORE_LOCK;
export { LOCK_SECONDS };
/** Reads of service credentials per customer in 10 minutes. */
export const CREDENTIAL_REVEALS_PER_WINDOW = 30;
/** Current passwords tested per account in an hour when changing it. */
export const PASSWORD_CHECKS_PER_HOUR = 10;
/** Wrong API keys per client address in 15 minutes, after which it waits 15 minutes. */
export const API_KEY_FAILURES_PER_WINDOW = 10;

/** The table made by the schema migration `0008-rate-limits`. */
const TABLE = 'rate_limits';
const PURGE_EVERY_MS = 5 * 60 * 1000;
/** Long after a window ends, so a process whose clock runs ahead never deletes a counter the others still count. */
const PURGE_AFTER_MS = 60 * 60 * 1000;

/**
 * Every limit in PostgreSQL, beside the accounts it guards: all API processes count against the
 * same budget, and a lock-out outlives a restart of any of them (or of Redis, which holds none of
 * it). When the database is away an attempt fails rather than passes, so a lock-out never opens.
 */
export function createRateLimits(options: { pool: pg.Pool }): RateLimits {
  const { pool } = options;
  // The library names its prepared statements; on the embedded database every connection shares
  // one session, where the second connection to prepare a name fails ("already exists").
  // Unnamed statements behave the same on both.
  const storeClient = {
    query: (query: { text: string; values?: unknown[] }) => pool.query(query.text, query.values),
  };
  const make = (keyPrefix: string, points: number, duration: number, blockDuration = 0): RateLimiterAbstract =>
    new RateLimiterPostgres({
      storeClient,
      storeType: 'pool',
      tableName: TABLE,
      tableCreated: true,
      // One purge for all limiters below, whose timer `close` can stop.
      clearExpiredByTimeout: false,
      keyPrefix,
      points,
      duration,
      blockDuration,
    });
  const purgeExpired = async () => {
    await pool.query(`DELETE FROM ${TABLE} WHERE expire < $1`, [Date.now() - PURGE_AFTER_MS]);
  };
  // A purge that fails is simply tried again at the next tick: expired rows are never counted.
  const purging = setInterval(() => void purgeExpired().catch(() => undefined), PURGE_EVERY_MS);
  purging.unref();
  return {
    signInByIp: make('signin-ip', 30, 15 * 60),
    signInFailuresByEmail: make('signin-fail', SIGN_IN_FAILURES_BEFORE_LOCK, LOCK_SECONDS, LOCK_SECONDS),
    signUpByIp: make('signup-ip', 10, 60 * 60),
    passwordResetByIp: make('reset-ip', 10, 60 * 60),
    passwordResetByEmail: make('reset-email', 3, 60 * 60),
    inquiriesByIp: make('inquiry-ip', 10, 10 * 60),
    credentialRevealsByUser: make('credentials-user', CREDENTIAL_REVEALS_PER_WINDOW, 10 * 60),
    passwordChecksByUser: make('password-check-user', PASSWORD_CHECKS_PER_HOUR, 60 * 60),
    apiKeyFailuresByIp: make('api-key-fail-ip', API_KEY_FAILURES_PER_WINDOW, 15 * 60, 15 * 60),
    purgeExpired,
    close: async () => {
      clearInterval(purging);
    },
  };
}

const tooMany = (retryAfterMs: number, code: string, message: string) =>
  new RateLimitedError({ code, message, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) });

/** Consumes a point; past the limit answers 429 with a stable code and the wait. */
export async function consumeOrReject(limiter: RateLimiterAbstract, key: string, code = 'rate_limited'): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext, code, 'Too many attempts; try again later');
    throw error;
  }
}

export { tooMany };
