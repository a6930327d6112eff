import type { AdminUser, AdminUserCounts, AdminUserSubscription, UserSegment } from '@shop/contracts';
import type { SubscriptionStatus } from '@shop/domain';
import type { Knex } from 'knex';
import { countOf, pageSize, sortTable, whereEveryWordIn, type AdminListQuery } from '../admin-list-query.js';
import type { AccountRow } from './accounts-queries.js';
import { USER_SEGMENT_CASE, USER_SEGMENT_WHERE } from './user-segment.js';

/** Fields the back-office's customer list may be sorted by, and their columns. */
export const ADMIN_USER_SORT_FIELDS = sortTable(['createdAt', 'email', 'fullName', 'totalSpentCents']);
export type AdminUserSortField = keyof typeof ADMIN_USER_SORT_FIELDS;

export interface AdminUserListQuery extends AdminListQuery<
  AdminUserSortField,
  {
    ids?: readonly string[];
    /** Words searched in the e-mail and the name (case-insensitive; every word must match). */
    q?: string;
    segment?: UserSegment;
  }
> {
  /** The moment "active" and "expired" are judged at. */
  now: Date;
}

interface PersonRow extends AccountRow {
  profile_version: number;
  erased_at: Date | null;
  segment: UserSegment;
  total_spent_cents: string | number;
}

/** What each person paid and was not refunded (the profile's "total spent"), voided subscriptions left out. */
const SPENT = `coalesce(c.total_spent_cents, 0)`;

/**
 * The accounts the back-office lists (the erased are gone, unless `withErased`: one person's page
 * stays readable) matching the ids, words and segment.
 */
function searched(knex: Knex, filter: AdminUserListQuery['filter'], now: Date, withErased = false) {
  const builder = knex({ a: 'accounts' }).leftJoin({ c: 'customer_standing' }, 'c.user_id', 'a.id');
  if (!withErased) builder.whereNull('a.erased_at');
  if (filter.ids) builder.whereIn('a.id', [...filter.ids]);
  whereEveryWordIn(builder, filter.q, ['a.email', 'a.full_name']);
  if (filter.segment) builder.whereRaw(USER_SEGMENT_WHERE[filter.segment], { now });
  return builder;
}

const PERSON_COLUMNS = [
  'a.id',
  'a.email',
  'a.full_name',
  'a.roles',
  'a.two_factor_enabled',
  'a.created_at',
  'a.last_sign_in_at',
  'a.profile_version',
  'a.erased_at',
];

/** Each person's segment at `now` and total spent, from their standing. */
const standingColumns = (knex: Knex, now: Date) => [
  knex.raw(`${USER_SEGMENT_CASE} AS segment`, { now }),
  knex.raw(`${SPENT}::bigint AS total_spent_cents`),
];

/** The back-office's customer list: filtered, sorted and paged in PostgreSQL, each row with its newest subscriptions. */
export async function listUsersForAdmin(
  knex: Knex,
  query: AdminUserListQuery,
): Promise<{ data: AdminUser[]; total: number }> {
  const { field, order } = query.sort;
  const sortBy = field === 'totalSpentCents' ? SPENT : `a.${ADMIN_USER_SORT_FIELDS[field]}`;
  // The page is cut from the accounts alone (their standing joined only when filtered or sorted
  // by it), then its few people meet their standing: a deep page does not look up every row skipped.
  const page = searched(knex, query.filter, query.now)
    .select('a.id')
    .orderByRaw(`${sortBy} ${order}, a.id ${order}`)
    .offset(query.range.from)
    .limit(pageSize(query.range));
  const [rows, total] = await Promise.all([
    knex({ a: 'accounts' })
      .join(page.as('p'), 'p.id', 'a.id')
      .leftJoin({ c: 'customer_standing' }, 'c.user_id', 'a.id')
      .select(...PERSON_COLUMNS, ...standingColumns(knex, query.now))
      .orderByRaw(`${sortBy} ${order}, a.id ${order}`) as Promise<PersonRow[]>,
    countOf(searched(knex, query.filter, query.now)),
  ]);
  const newest = await newestSubscriptions(
    knex,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => toAdminUser(row, newest.get(row.id) ?? [])),
    total,
  };
}

/**
 * One customer as the back-office shows them; null when unknown, or erased unless `withErased`
 * (their page: "[erased]" in place of who they were, with `erasedAt`).
 */
export async function getUserForAdmin(
  knex: Knex,
  userId: string,
  now: Date,
  options: { withErased?: boolean } = {},
): Promise<AdminUser | null> {
  const [row] = (await searched(knex, { ids: [userId] }, now, options.withErased).select(
    ...PERSON_COLUMNS,
    ...standingColumns(knex, now),
  )) as PersonRow[];
  if (!row) return null;
  const newest = await newestSubscriptions(knex, [row.id]);
  return toAdminUser(row, newest.get(row.id) ?? []);
}

/** The Users tab's counters: with, without and expired (the seeds' classification, `user-segment.ts`) and the total. */
export async function countUsersBySegment(knex: Knex, now: Date): Promise<AdminUserCounts> {
  const count = (segment?: UserSegment) => countOf(searched(knex, { segment }, now));
  const [total, withOne, expired] = await Promise.all([count(), count('with'), count('expired')]);
  return { with: withOne, without: total - withOne - expired, expired, total };
}

/** The account's e-mail as the read model holds it, unless erased: what their inquiries were sent from. */
export async function emailOfLivingAccount(knex: Knex, userId: string): Promise<string | null> {
  const row = await knex('accounts').where({ id: userId }).whereNull('erased_at').first<{ email: string }>('email');
  return row?.email ?? null;
}

/** The id of the account with this e-mail (case-insensitive), erased ones left out. */
export async function userIdOfEmail(knex: Knex, email: string): Promise<string | null> {
  const row = await knex('accounts')
    .whereRaw('lower(email) = lower(?)', [email.trim()])
    .whereNull('erased_at')
    .first<{ id: string }>('id');
  return row?.id ?? null;
}

/** The newest few non-voided subscriptions of each of `userIds`, newest first. */
async function newestSubscriptions(
  knex: Knex,
  userIds: readonly string[],
  perUser = 3,
): Promise<Map<string, AdminUserSubscription[]>> {
  const byUser = new Map<string, AdminUserSubscription[]>();
  if (userIds.length === 0) return byUser;
  const rows = await knex
    .from(
      knex('subscriptions')
        .whereIn('user_id', [...userIds])
        .whereNull('voided_at')
        .select(
          'id',
          'user_id',
          'plan_name',
          'total_cents',
          'expires_at',
          'status',
          knex.raw('row_number() OVER (PARTITION BY user_id ORDER BY created_at DESC, id DESC) AS rank'),
        )
        .as('s'),
    )
    .where('s.rank', '<=', perUser)
    .orderBy([{ column: 's.user_id' }, { column: 's.rank' }])
    .select<
      Array<{
        id: string;
        user_id: string;
        plan_name: string;
        total_cents: number;
        expires_at: Date | null;
        status: SubscriptionStatus;
      }>
    >('s.*');
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({
      id: row.id,
      planName: row.plan_name,
      totalCents: row.total_cents,
      expiresAt: row.expires_at?.toISOString() ?? null,
      status: row.status,
    });
    byUser.set(row.user_id, list);
  }
  return byUser;
}

const toAdminUser = (row: PersonRow, subscriptions: AdminUserSubscription[]): AdminUser => ({
  id: row.id,
  email: row.email,
  fullName: row.full_name,
  roles: row.roles,
  twoFactorEnabled: row.two_factor_enabled,
  createdAt: row.created_at.toISOString(),
  lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
  segment: row.segment,
  totalSpentCents: Number(row.total_spent_cents),
  subscriptions,
  profileVersion: row.profile_version,
  ...(row.erased_at ? { erasedAt: row.erased_at.toISOString() } : {}),
});
