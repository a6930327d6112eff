import { z } from 'zod';
import { cents } from './money.js';

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

/** What waits for the operator, in the order the dashboard shows it. */
export const WORK_QUEUE_ITEMS = [
  'credentials_to_supply',
  'new_inquiries',
  'pending_payments',
  'refund_requests',
  'failed_renewals',
  'expiring_soon',
] as const;
export type WorkQueueItemKey = (typeof WORK_QUEUE_ITEMS)[number];

/** The seeds' promise: credentials within 24 hours of the payment. */
export const CREDENTIALS_PROMISED_HOURS = 24;

/** A back-office list and the filter that shows exactly the rows an item counts (its `filter` query parameter). */
const listLink = z.object({
  resource: z.enum(['subscriptions', 'inquiries']),
  filter: z.record(z.string(), z.unknown()),
  sort: z.object({ field: z.string(), order: z.enum(['ASC', 'DESC']) }),
});

/** One kind of work waiting: how many, since when, and the list that shows them. */
export const workQueueItem = listLink
  .extend({
    key: z.enum(WORK_QUEUE_ITEMS),
    count: z.number().int(),
    oldestAt: z
      .string()
      .nullable()
      .describe(
        'When the oldest one started waiting (paid, received, ordered, asked, declined); for expiring_soon, the nearest expiry; null when none',
      ),
    overdue: listLink
      .extend({ count: z.number().int(), hours: z.number().int() })
      .optional()
      .describe('credentials_to_supply only: those paid more than `hours` ago, past the promise'),
  })
  .meta({ id: 'WorkQueueItem' });
export type WorkQueueItem = z.infer<typeof workQueueItem>;

/** `GET /api/admin/work-queue`: the operator's work waiting now, each item a count and its list. */
export const workQueue = z
  .object({
    at: z.string().describe('The instant the counts were taken (the filters name instants relative to it)'),
    total: z
      .number()
      .int()
      .describe('Everything waiting: the sum of the counts but expiring_soon (a heads-up, not work)'),
    items: z.array(workQueueItem),
  })
  .meta({ id: 'WorkQueue' });
export type WorkQueue = z.infer<typeof workQueue>;
