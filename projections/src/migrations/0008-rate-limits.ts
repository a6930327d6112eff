import { sqlMigration } from './schema-migration.js';

/**
 * The counters of the shop's rate limits and lock-outs (sign-in per address, failures per
 * e-mail, sign-up, password reset, ...), one row per limiter and key, read and written by
 * rate-limiter-flexible's PostgreSQL limiter: kept here so every API process counts against the
 * same budget and a lock-out outlives a restart. The columns, in this order, are what that
 * library inserts; `expire` is the end of the window in epoch milliseconds, indexed for the purge.
 */
export const rateLimits = sqlMigration({
  name: '0008-rate-limits',
  up: `
    CREATE TABLE IF NOT EXISTS rate_limits (
      key text PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    );
    CREATE INDEX IF NOT EXISTS rate_limits_expire ON rate_limits (expire);`,
  down: 'DROP TABLE IF EXISTS rate_limits',
});
