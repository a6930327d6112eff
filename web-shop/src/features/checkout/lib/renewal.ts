import type { CustomerSubscription } from '@shop/contracts';

/**
 * Adds calendar months in UTC, clamped to the last day of the target month (31 January + 1 month
 * = the end of February), as the shop moves an expiry when a renewal is paid.
 */
export function addMonthsUtc(iso: string, months: number): Date {
  const start = new Date(iso);
  const target = new Date(
    Date.UTC(
      start.getUTCFullYear(),
      start.getUTCMonth() + months,
      1,
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return target;
}

/** The expiry once `months` more are paid, when it follows from the current one (still running); else null. */
export function expiryAfterRenewal(subscription: CustomerSubscription, months: number, now = Date.now()): Date | null {
  if (!subscription.expiresAt || Date.parse(subscription.expiresAt) <= now) return null;
  return addMonthsUtc(subscription.expiresAt, months);
}

/** How long a consumer may withdraw from a distance contract, from the day it is made (renewing makes one). */
const WITHDRAWAL_PERIOD_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * When the months a renewal pays for start, if they start within the 14-day withdrawal period of
 * renewing now: the current expiry while it runs, or now once it has passed. Then the law asks the
 * customer's express request before paying (as at the checkout). Null when they start after it.
 */
export function renewalStartWithinWithdrawal(subscription: CustomerSubscription, now = Date.now()): Date | null {
  const expiry = subscription.expiresAt ? Date.parse(subscription.expiresAt) : Number.NaN;
  const start = expiry > now ? expiry : now;
  return start < now + WITHDRAWAL_PERIOD_MS ? new Date(start) : null;
}
