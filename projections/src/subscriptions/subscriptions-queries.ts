import type { SubscriptionStatus } from '@shop/domain';
import type { Knex } from 'knex';

export interface SubscriptionView {
  id: string;
  userId: string;
  planId: string;
  planName: string;
  months: number;
  status: SubscriptionStatus;
  /** Why the status last changed: `refunded`, the operator's reason, or null. */
  statusReason: string | null;
  totalCents: number;
  discountCents: number;
  currency: string;
  promoCode: string | null;
  provider: string | null;
  paymentReference: string | null;
  lastPaymentIssue: string | null;
  credentialsAssigned: boolean;
  /** Which stored set of service credentials serves it (they live encrypted outside the log). */
  credentialsId: string | null;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string | null;
  updatedAt: string;
}

/** Active in the seeds' sense: status active and the expiry still ahead (the expiry job may lag). */
export function isCurrentlyActive(subscription: Pick<SubscriptionView, 'status' | 'expiresAt'>, now: Date): boolean {
  return (
    subscription.status === 'active' &&
    subscription.expiresAt !== null &&
    Date.parse(subscription.expiresAt) > now.getTime()
  );
}

interface SubscriptionRow {
  id: string;
  user_id: string;
  plan_id: string;
  plan_name: string;
  months: number;
  status: SubscriptionStatus;
  status_reason: string | null;
  total_cents: number;
  discount_cents: number;
  currency: string;
  promo_code: string | null;
  provider: string | null;
  payment_reference: string | null;
  last_payment_issue: string | null;
  credentials_id: string | null;
  created_at: Date;
  paid_at: Date | null;
  expires_at: Date | null;
  updated_at: Date;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const toView = (row: SubscriptionRow): SubscriptionView => ({
  id: row.id,
  userId: row.user_id,
  planId: row.plan_id,
  planName: row.plan_name,
  months: row.months,
  status: row.status,
  statusReason: row.status_reason,
  totalCents: row.total_cents,
  discountCents: row.discount_cents,
  currency: row.currency,
  promoCode: row.promo_code,
  provider: row.provider,
  paymentReference: row.payment_reference,
  lastPaymentIssue: row.last_payment_issue,
  credentialsAssigned: row.credentials_id !== null,
  credentialsId: row.credentials_id,
  createdAt: row.created_at.toISOString(),
  paidAt: iso(row.paid_at),
  expiresAt: iso(row.expires_at),
  updatedAt: row.updated_at.toISOString(),
});

export async function getSubscription(knex: Knex, id: string): Promise<SubscriptionView | null> {
  const row = await knex<SubscriptionRow>('subscriptions').where({ id }).first();
  return row ? toView(row) : null;
}

export async function listSubscriptionsOfUser(knex: Knex, userId: string): Promise<SubscriptionView[]> {
  const rows = await knex<SubscriptionRow>('subscriptions').where({ user_id: userId }).orderBy('created_at', 'desc');
  return rows.map(toView);
}

/** Subscriptions still open although their paid period is over: what the expiry sweep closes. */
export async function listOverdueSubscriptionIds(knex: Knex, now: Date, limit = 500): Promise<string[]> {
  const rows = await knex<SubscriptionRow>('subscriptions')
    .whereIn('status', ['active', 'suspended'])
    .andWhere('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .select('id');
  return rows.map((row) => row.id);
}

/**
 * How many subscriptions still in use (active or suspended, which may come back) each set of
 * credentials serves; sets that serve none are absent.
 */
export async function countOpenSubscriptionsByCredentials(
  knex: Knex,
  credentialsIds: readonly string[],
): Promise<Map<string, number>> {
  if (credentialsIds.length === 0) return new Map();
  const rows = await knex<SubscriptionRow>('subscriptions')
    .whereIn('credentials_id', credentialsIds)
    .whereIn('status', ['active', 'suspended'])
    .groupBy('credentials_id')
    .select('credentials_id')
    .count<Array<{ credentials_id: string; count: string | number }>>('* as count');
  return new Map(rows.map((row) => [row.credentials_id, Number(row.count)]));
}

/** Every row, in a stable order: used to compare a read model with a clean rebuild. */
export async function dumpSubscriptions(knex: Knex, table = 'subscriptions'): Promise<unknown[]> {
  return knex(table).orderBy('id').select('*');
}

/** A subscription as the back-office lists it: the order, and whose it is. */
export interface AdminSubscriptionView extends SubscriptionView {
  /** From the accounts read model; null while the account is not projected yet, `[erased]` after an erasure. */
  customerEmail: string | null;
  customerName: string | null;
}

/** Fields the back-office list may be sorted by, and their columns. */
export const ADMIN_SUBSCRIPTION_SORT_FIELDS = {
  id: 's.id',
  customerEmail: 'a.email',
  customerName: 'a.full_name',
  planId: 's.plan_id',
  planName: 's.plan_name',
  months: 's.months',
  status: 's.status',
  totalCents: 's.total_cents',
  createdAt: 's.created_at',
  paidAt: 's.paid_at',
  expiresAt: 's.expires_at',
  updatedAt: 's.updated_at',
} as const;
export type AdminSubscriptionSortField = keyof typeof ADMIN_SUBSCRIPTION_SORT_FIELDS;

export interface AdminSubscriptionListQuery {
  sort: { field: AdminSubscriptionSortField; order: 'asc' | 'desc' };
  /** Inclusive row numbers, as react-admin sends them. */
  range: { from: number; to: number };
  filter: {
    ids?: readonly string[];
    status?: readonly SubscriptionStatus[];
    planIds?: readonly string[];
    userId?: string;
    /** true: a set of credentials was assigned; false: none yet (the operator's to-do list when active). */
    hasCredentials?: boolean;
    /** Words searched in the customer's e-mail and name and the plan's name (case-insensitive). */
    q?: string;
  };
}

type AdminSubscriptionRow = SubscriptionRow & { customer_email: string | null; customer_name: string | null };

const toAdminView = (row: AdminSubscriptionRow): AdminSubscriptionView => ({
  ...toView(row),
  customerEmail: row.customer_email,
  customerName: row.customer_name,
});

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// The id column is a uuid: anything else would be a database error, not an empty answer.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const withCustomer = (knex: Knex) => knex({ s: 'subscriptions' }).leftJoin({ a: 'accounts' }, 'a.id', 's.user_id');

/** The back-office's list of subscriptions, with each customer's e-mail and name. */
export async function listSubscriptionsForAdmin(
  knex: Knex,
  query: AdminSubscriptionListQuery,
): Promise<{ data: AdminSubscriptionView[]; total: number }> {
  const { filter } = query;
  const filtered = () => {
    const builder = withCustomer(knex);
    if (filter.ids)
      builder.whereIn(
        's.id',
        filter.ids.filter((id) => UUID.test(id)),
      );
    if (filter.status) builder.whereIn('s.status', filter.status);
    if (filter.planIds) builder.whereIn('s.plan_id', filter.planIds);
    if (filter.userId) builder.where('s.user_id', filter.userId);
    if (filter.hasCredentials === true) builder.whereNotNull('s.credentials_id');
    if (filter.hasCredentials === false) builder.whereNull('s.credentials_id');
    for (const word of filter.q?.trim().split(/\s+/).filter(Boolean) ?? []) {
      const pattern = likePattern(word);
      builder.where((any) =>
        any.whereILike('a.email', pattern).orWhereILike('a.full_name', pattern).orWhereILike('s.plan_name', pattern),
      );
    }
    return builder;
  };
  const column = ADMIN_SUBSCRIPTION_SORT_FIELDS[query.sort.field];
  const [rows, counted] = await Promise.all([
    filtered()
      .select('s.*', 'a.email as customer_email', 'a.full_name as customer_name')
      .orderBy([
        { column, order: query.sort.order, nulls: 'last' },
        { column: 's.id', order: query.sort.order },
      ])
      .offset(query.range.from)
      .limit(query.range.to - query.range.from + 1),
    filtered().count<{ count: string }[]>({ count: '*' }),
  ]);
  return { data: (rows as AdminSubscriptionRow[]).map(toAdminView), total: Number(counted[0]?.count ?? 0) };
}

export async function getSubscriptionForAdmin(knex: Knex, id: string): Promise<AdminSubscriptionView | null> {
  if (!UUID.test(id)) return null;
  const row = (await withCustomer(knex)
    .where('s.id', id)
    .first('s.*', 'a.email as customer_email', 'a.full_name as customer_name')) as AdminSubscriptionRow | undefined;
  return row ? toAdminView(row) : null;
}
