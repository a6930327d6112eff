import { FAILURES_BEFORE_LOCK, LOCK_SECONDS } from '@shop/domain';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
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
  close: () => Promise<void>;
}

/** The account's lock rule (the decider applies the same to turning two-factor off). */
export const SIGN_IN_FAILURES_BEFORE_LOCK = FAILURES_BEFORE_LOCK;
export { LOCK_SECONDS };
/** Reads of service credentials per customer in 10 minutes. */
export const CREDENTIAL_REVEALS_PER_WINDOW = 30;

/** Redis-backed when the shop has Redis (all API processes share the counts), in memory otherwise. */
export function createRateLimits(options: { redisUrl?: string; prefix: string }): RateLimits {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : null;
  redis?.on('error', () => undefined);
  const make = (keyPrefix: string, points: number, duration: number, blockDuration = 0): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${options.prefix}:rl:${keyPrefix}`,
          points,
          duration,
          blockDuration,
          // If Redis is briefly away, limit in memory rather than let everything through.
          insuranceLimiter: new RateLimiterMemory({ points, duration, blockDuration }),
        })
      : new RateLimiterMemory({ keyPrefix, points, duration, blockDuration });
  return {
    signInByIp: make('signin-ip', 30, 15 * 60),
    signInFailuresByEmail: make('signin-fail', SIGN_IN_FAILURES_BEFORE_LOCK, LOCK_SECONDS, LOCK_SECONDS),
    signUpByIp: make('signup-ip', 10, 60 * 60),
    passwordResetByIp: make('reset-ip', 10, 60 * 60),
    passwordResetByEmail: make('reset-email', 3, 60 * 60),
    inquiriesByIp: make('inquiry-ip', 10, 10 * 60),
    credentialRevealsByUser: make('credentials-user', CREDENTIAL_REVEALS_PER_WINDOW, 10 * 60),
    close: async () => {
      redis?.disconnect();
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
