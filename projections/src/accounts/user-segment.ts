import type { UserSegment } from '@shop/contracts';

/**
 * The seeds' classification of a customer, the one rule every screen and figure applies: "with" a
 * subscription when one is currently active (status active, expiry ahead); "expired" when none is
 * but they have a subscription (pending, suspended, cancelled, expired, or active past its expiry);
 * "without" when they have none at all. Voided subscriptions do not count.
 *
 * It is judged at `:now` on the customer's standing `c` (kept by the subscriptions projection;
 * absent for people who never ordered): `active_until`, the latest expiry of their active
 * subscriptions, and `has_subscription`. Since `active_until` only comes from subscriptions that
 * are not voided, `has_subscription` holds wherever it is set, so the three conditions part everyone.
 * The SQL and `userSegmentOf` (for folds of the log) say the same thing and must change together.
 */
export const USER_SEGMENT_WHERE: Record<UserSegment, string> = {
  // Bare, so that PostgreSQL can read it from the index on active_until.
  with: `c.active_until > :now`,
  expired: `c.has_subscription AND NOT coalesce(c.active_until > :now, false)`,
  without: `NOT coalesce(c.has_subscription, false)`,
};

/** The segment as a column, with the conditions above. */
export const USER_SEGMENT_CASE = `CASE WHEN c.active_until > :now THEN 'with' WHEN c.has_subscription THEN 'expired' ELSE 'without' END`;

/** A customer's standing, as a fold of the log keeps it. */
export interface CustomerStanding {
  /** The latest expiry of their active subscriptions (epoch milliseconds), null when none is active. */
  activeUntil: number | null;
  /** One subscription of theirs, whatever its status, is not voided. */
  hasSubscription: boolean;
}

/** The same rule as `USER_SEGMENT_WHERE`, at `at` (epoch milliseconds); `standing` is absent for people who never ordered. */
export function userSegmentOf(standing: CustomerStanding | undefined, at: number): UserSegment {
  if (standing?.activeUntil != null && standing.activeUntil > at) return 'with';
  return standing?.hasSubscription ? 'expired' : 'without';
}
