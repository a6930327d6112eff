import { z } from 'zod';

const cents = z.number().int();
const count = z.number().int().nonnegative();
/** A percentage rounded to one decimal; 0 where the seeds' formula would divide by zero. */
const percent = z.number();

/**
 * `GET /api/admin/stats`: the dashboard's figures. "Active" is status active with the expiry
 * ahead; revenue counts what was paid and not refunded (the profile's "total spent" rule);
 * voided subscriptions and erased people count nowhere.
 */
export const adminStats = z
  .object({
    totalUsers: count,
    activeSubscriptions: count,
    expiredSubscriptions: count,
    totalRevenueCents: cents,
    revenueThisMonthCents: cents,
    newUsersThisMonth: count,
    revenuePerUserCents: cents,
    /** New users this month / (total − new this month) × 100; null when nobody was there before this month (no growth to tell). */
    monthlyGrowthPercent: percent.nullable(),
    /** Active subscriptions / total users × 100. */
    conversionPercent: percent,
    /** Active / (active + expired) × 100. */
    activityRatePercent: percent,
    /** Active subscriptions still waiting for their credentials. */
    pendingCredentials: count,
    /** Background jobs (e-mails, payment notices, expiries) that used all their attempts: always now, whatever `asOf`. */
    failedJobs: count,
    users: z.object({ with: count, without: count, expired: count, total: count }),
    subscriptions: z.object({ total: count, withCredentials: count, withoutCredentials: count, active: count }),
    credentials: z.object({ total: count, plans: count, logins: count }),
    /** The last 30 days, oldest first, every day present (Europe/Paris days). */
    revenueByDay: z.array(z.object({ date: z.iso.date(), cents })),
    subscriptionsByDay: z.array(z.object({ date: z.iso.date(), count })),
  })
  .meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof adminStats>;
