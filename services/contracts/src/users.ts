import { z } from 'zod';
import { accountEmail } from './accounts.js';
import { cents } from './money.js';
import { personalData } from './personal-data.js';
import { text } from './text.js';
import { ROLES, STAFF_ROLES, SUBSCRIPTION_STATUSES } from './vocabulary.js';
import { expectedVersion } from './version.js';

/**
 * How the seeds classify a customer: `with` a subscription currently active (status active, expiry
 * ahead), `expired` when none is but they have one (pending, suspended, cancelled, expired, or
 * active past its expiry), `without` when they have none at all. Voided subscriptions count nowhere.
 */
export const USER_SEGMENTS = ['with', 'without', 'expired'] as const;
export type UserSegment = (typeof USER_SEGMENTS)[number];

/** How many of a customer's subscriptions a list row carries, newest first (seeds §9). */
export const USER_ROW_SUBSCRIPTIONS = 3;

/** One of the newest subscriptions shown on a customer's row. */
export const adminUserSubscription = z
  .object({
    id: z.string(),
    planName: z.string(),
    totalCents: cents,
    expiresAt: z.string().nullable(),
    status: z.enum(SUBSCRIPTION_STATUSES),
  })
  .meta({ id: 'AdminUserSubscription' });
export type AdminUserSubscription = z.infer<typeof adminUserSubscription>;

/** A customer's account as the back-office lists and shows it; erased people are never answered. */
export const adminUser = z
  .object({
    id: z.string(),
    email: personalData(z.string()),
    fullName: personalData(z.string()),
    /** Every role held: `customer`, then the staff roles (`owner`, `support`, `finance`). */
    roles: z.array(z.enum(ROLES)),
    twoFactorEnabled: z.boolean(),
    createdAt: z.string(),
    lastSignInAt: z.string().nullable(),
    segment: z.enum(USER_SEGMENTS),
    /** What they paid and was not refunded (the profile's "total spent"), in cents. */
    totalSpentCents: cents,
    /** Their newest subscriptions, at most three, voided ones left out. */
    subscriptions: z.array(adminUserSubscription),
    /** The profile's version (registration, e-mail, name): an edit sends it back to be told when it is stale. */
    profileVersion: z.number().int(),
    /** When the person was erased: their page stays readable, "[erased]" in place of who they were. */
    erasedAt: z.string().optional(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUser>;

/** `GET /api/admin/users` (ra-data-simple-rest; the count is in Content-Range, the segments' counts in X-User-Counts). */
export const adminUserList = z.array(adminUser);
export type AdminUserList = z.infer<typeof adminUserList>;

/** `GET /api/admin/users/counts`: the Users tab's counters, erased people left out. */
export const adminUserCounts = z
  .object({
    with: z.number().int(),
    without: z.number().int(),
    expired: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'AdminUserCounts' });
export type AdminUserCounts = z.infer<typeof adminUserCounts>;

const fullName = text({ max: 200 });

/** `POST /api/admin/users`: an account opened for a customer, who is mailed a link to choose a password. */
export const adminUserCreate = z.strictObject({ email: accountEmail, fullName: fullName.optional() });
export type AdminUserCreate = z.infer<typeof adminUserCreate>;

/**
 * `PUT /api/admin/users/:id`: the e-mail and name; `profileVersion` is the version the form was
 * loaded at (a change made meanwhile: 409 account.changed_meanwhile). react-admin sends the whole
 * record back: the fields only shown are accepted and ignored.
 */
export const adminUserUpdate = z.object({
  email: accountEmail.optional(),
  fullName: fullName.optional(),
  profileVersion: expectedVersion.optional(),
});
export type AdminUserUpdate = z.infer<typeof adminUserUpdate>;

/** `POST /api/admin/users/:id/roles`: a staff role to give (owners only). */
export const adminRoleGrant = z.strictObject({ role: z.enum(STAFF_ROLES) });
export type AdminRoleGrant = z.input<typeof adminRoleGrant>;

/** `DELETE /api/admin/users/:id/roles/:role`. */
export const adminRoleParams = z.object({ id: z.string(), role: z.enum(STAFF_ROLES) });

/** `POST /api/admin/users/:id/subscriptions`: a subscription granted by the operator, active at once. */
export const adminSubscriptionGrant = z.strictObject({
  planId: text({ min: 1, max: 64 }),
  months: z.number().int().min(1).max(120).default(1),
  /** The whole price in cents; absent or null: the catalogue's price for those months. */
  customPriceCents: cents.min(0).max(100_000_00).nullable().optional(),
});
export type AdminSubscriptionGrant = z.input<typeof adminSubscriptionGrant>;

export const adminSubscriptionGranted = z.object({ subscriptionId: z.string() }).meta({ id: 'SubscriptionGranted' });
export type AdminSubscriptionGranted = z.infer<typeof adminSubscriptionGranted>;

/** `DELETE /api/admin/users/:id`: the person erased (their id only: nothing of theirs is left to answer). */
export const adminUserErased = z.object({ id: z.string() }).meta({ id: 'UserErased' });
export type AdminUserErased = z.infer<typeof adminUserErased>;

/** The lists the back-office may export to a file. */
export const EXPORTABLE_RESOURCES = ['users', 'subscriptions'] as const;

/**
 * `POST /api/admin/exports`: the operator saved a list to a file. Only the filters' names are
 * recorded (a search may hold an e-mail), with the number of rows.
 */
export const adminExportRecord = z.strictObject({
  resource: z.enum(EXPORTABLE_RESOURCES),
  filter: z.record(z.string().max(64), z.unknown()).default({}),
  count: z.number().int().min(0).max(10_000_000),
});
export type AdminExportRecord = z.input<typeof adminExportRecord>;

export const adminExportRecorded = z.object({ exportId: z.string() }).meta({ id: 'ExportRecorded' });
export type AdminExportRecorded = z.infer<typeof adminExportRecorded>;
