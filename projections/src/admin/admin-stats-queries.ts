import type { Knex } from 'knex';
import { USER_SEGMENT_WHERE } from '../accounts/user-segment.js';

/** The shop's days and months are those of its customers: Paris time. */
const SHOP_TIME_ZONE = 'Europe/Paris';
const CHART_DAYS = 30;

/** What the read models can say of the dashboard's figures; the credentials' counts come from their service. */
export interface SubscriptionFigures {
  totalUsers: number;
  newUsersThisMonth: number;
  activeSubscriptions: number;
  expiredSubscriptions: number;
  totalRevenueCents: number;
  revenueThisMonthCents: number;
  pendingCredentials: number;
  users: { with: number; without: number; expired: number; total: number };
  subscriptions: { total: number; withCredentials: number; withoutCredentials: number; active: number };
  revenueByDay: Array<{ date: string; cents: number }>;
  subscriptionsByDay: Array<{ date: string; count: number }>;
}

/**
 * Every payment of a subscription not voided: the order's and each renewal's, when it was paid,
 * what it brought, and whether it is kept (a refunded order, or a refunded renewal, brings nothing);
 * and each partial refund of them, a negative amount on its day.
 */
const PAYMENTS = `(
  SELECT paid_at, total_cents AS cents, status_reason IS DISTINCT FROM 'refunded' AS earned, false AS renewal
    FROM subscriptions WHERE voided_at IS NULL AND paid_at IS NOT NULL
  UNION ALL
  SELECT r.paid_at, r.amount_cents, r.refunded_at IS NULL AND s.status_reason IS DISTINCT FROM 'refunded', true
    FROM subscription_renewals r JOIN subscriptions s ON s.id = r.subscription_id
   WHERE s.voided_at IS NULL
  UNION ALL
  SELECT f.refunded_at, -f.amount_cents, s.status_reason IS DISTINCT FROM 'refunded', true
    FROM subscription_refunds f JOIN subscriptions s ON s.id = f.subscription_id
   WHERE s.voided_at IS NULL
) payments`;

/**
 * The seeds' definitions, in one place and in PostgreSQL: active is status active with the expiry
 * ahead (the expiry job may lag), expired is the status or an active one past its expiry; revenue
 * is what was paid and not refunded; a voided subscription and an erased person count nowhere.
 * Users are classified as the customers' list does (`user-segment.ts`).
 */
export async function subscriptionFigures(knex: Knex, now: Date): Promise<SubscriptionFigures> {
  const bindings = { now, zone: SHOP_TIME_ZONE, days: CHART_DAYS - 1 };
  // The subscriptions' counts from their index of those not voided (status, expiry, credentials),
  // the revenue from each customer's standing (the same rule as their "total spent") and this
  // month's from the payments' index; the people with their standing; the last 30 days from the
  // payments' index. One after the other in one snapshot (a repeatable-read transaction), so that
  // the figures agree with each other while the projector commits: side by side, each statement
  // read its own moment, and a payment could count in one figure and not yet in another.
  const month = `(date_trunc('month', :now::timestamptz AT TIME ZONE :zone) AT TIME ZONE :zone)`;
  const [subs, people, days] = await knex.transaction(
    async (trx) =>
      [
        await trx.raw<{ rows: Array<Record<string, string | number>> }>(
          `SELECT count(*) FILTER (WHERE status = 'active' AND expires_at > :now)::int AS active,
              count(*) FILTER (WHERE status = 'expired' OR (status = 'active' AND expires_at <= :now))::int AS expired,
              count(*) FILTER (WHERE status = 'active' AND expires_at > :now AND credentials_id IS NULL)::int AS pending_credentials,
              count(*)::int AS subscriptions,
              count(credentials_id)::int AS with_credentials,
              (SELECT coalesce(sum(total_spent_cents), 0) FROM customer_standing)::bigint AS revenue,
              (SELECT coalesce(sum(cents) FILTER (WHERE earned), 0) FROM ${PAYMENTS}
                WHERE paid_at >= ${month})::bigint AS revenue_month
         FROM subscriptions
        WHERE voided_at IS NULL`,
          bindings,
        ),
        await trx.raw<{ rows: Array<Record<string, string | number>> }>(
          `SELECT count(*)::int AS total_users,
              count(*) FILTER (WHERE p.created_at >= ${month})::int AS new_users,
              count(*) FILTER (WHERE ${USER_SEGMENT_WHERE.with})::int AS users_with,
              count(*) FILTER (WHERE ${USER_SEGMENT_WHERE.expired})::int AS users_expired
         FROM accounts p LEFT JOIN customer_standing c ON c.user_id = p.id
        WHERE p.erased_at IS NULL`,
          bindings,
        ),
        await trx.raw<{ rows: Array<{ date: string; cents: string; count: number }> }>(
          `WITH days AS (
         SELECT generate_series((:now::timestamptz AT TIME ZONE :zone)::date - :days::int, (:now::timestamptz AT TIME ZONE :zone)::date, interval '1 day')::date AS day
       ),
       paid AS (
         SELECT (paid_at AT TIME ZONE :zone)::date AS day, cents, earned, renewal
           FROM ${PAYMENTS}
          WHERE paid_at >= (:now::timestamptz - interval '31 days')
       )
       SELECT to_char(days.day, 'YYYY-MM-DD') AS date,
              coalesce(sum(paid.cents) FILTER (WHERE paid.earned), 0)::bigint AS cents,
              count(paid.day) FILTER (WHERE NOT paid.renewal)::int AS count
         FROM days LEFT JOIN paid ON paid.day = days.day
        GROUP BY days.day
        ORDER BY days.day`,
          bindings,
        ),
      ] as const,
    { isolationLevel: 'repeatable read', readOnly: true },
  );
  const row = { ...subs.rows[0]!, ...people.rows[0]! };
  const n = (key: string) => Number(row[key]);
  const totalUsers = n('total_users');
  const usersWith = n('users_with');
  const usersExpired = n('users_expired');
  return {
    totalUsers,
    newUsersThisMonth: n('new_users'),
    activeSubscriptions: n('active'),
    expiredSubscriptions: n('expired'),
    totalRevenueCents: n('revenue'),
    revenueThisMonthCents: n('revenue_month'),
    pendingCredentials: n('pending_credentials'),
    users: {
      with: usersWith,
      expired: usersExpired,
      without: totalUsers - usersWith - usersExpired,
      total: totalUsers,
    },
    subscriptions: {
      total: n('subscriptions'),
      withCredentials: n('with_credentials'),
      withoutCredentials: n('subscriptions') - n('with_credentials'),
      active: n('active'),
    },
    revenueByDay: days.rows.map((day) => ({ date: day.date, cents: Number(day.cents) })),
    subscriptionsByDay: days.rows.map((day) => ({ date: day.date, count: day.count })),
  };
}
