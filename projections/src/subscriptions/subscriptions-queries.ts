import type { AdminSubscription } from '@shop/contracts';
import type { GuaranteedPayment, SubscriptionStatus } from '@shop/domain';
import type { Knex } from 'knex';
import {
  containsPattern,
  countOf,
  pageSize,
  searchWords,
  sortTable,
  type AdminListQuery,
} from '../admin-list-query.js';
import { jsonOf } from './subscriptions-batch.js';

/**
 * A subscription as its read model holds it: the back-office's view without whose it is, and
 * with when its paid period began instead of when it is charged next (that depends on the shop's
 * renewal lead, see `renewalDueAt`).
 */
export type SubscriptionView = Omit<AdminSubscription, 'customerEmail' | 'customerName' | 'nextChargeAt'> & {
  periodStartedAt: string | null;
};

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
  voided_at?: Date | null;
  void_reason?: string | null;
  renewed_cents: number;
  refunded_cents: number;
  last_payment_at: Date | null;
  customer_cancelled_at: Date | null;
  cancellation_reason: string | null;
  refund_requested_at: Date | null;
  refund_reason: string | null;
  refund_answered_at: Date | null;
  auto_renew: boolean;
  payment_method: string | null;
  period_started_at: Date | null;
  renewal_failed_at: Date | null;
  renewal_retry_at: Date | null;
  renewal_count: number;
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
  renewedCents: row.renewed_cents,
  refundedCents: row.refunded_cents,
  lastPaymentAt: iso(row.last_payment_at),
  customerCancelledAt: iso(row.customer_cancelled_at),
  cancellationReason: row.cancellation_reason,
  refundRequestedAt: iso(row.refund_requested_at),
  refundReason: row.refund_reason,
  refundAnsweredAt: iso(row.refund_answered_at),
  autoRenew: row.auto_renew,
  paymentMethod: row.payment_method,
  periodStartedAt: iso(row.period_started_at),
  renewalFailedAt: iso(row.renewal_failed_at),
  renewalRetryAt: iso(row.renewal_retry_at),
  renewalCount: row.renewal_count,
});

export async function getSubscription(knex: Knex, id: string): Promise<SubscriptionView | null> {
  const row = await knex<SubscriptionRow>('subscriptions').where({ id }).first();
  return row ? toView(row) : null;
}

/**
 * Each subscription's payments as the 7-day guarantee weighs them (`paymentToClaim`): the order's
 * and its renewals', what went back of each, and whether the customer asked for it; none for a
 * subscription refunded in full.
 */
export async function guaranteedPaymentsOf(
  knex: Knex,
  subscriptionIds: readonly string[],
): Promise<Map<string, GuaranteedPayment[]>> {
  const found = new Map<string, GuaranteedPayment[]>();
  if (subscriptionIds.length === 0) return found;
  const [orders, renewals] = await Promise.all([
    knex('subscriptions')
      .whereIn('id', subscriptionIds)
      .whereNotNull('paid_at')
      .whereNotNull('payment_reference')
      .whereRaw("status_reason IS DISTINCT FROM 'refunded'")
      .select<
        Array<{
          id: string;
          payment_reference: string;
          paid_at: Date;
          amount_paid_cents: number | null;
          partial_refunds: unknown;
          refund_requested_payments: unknown;
        }>
      >('id', 'payment_reference', 'paid_at', 'amount_paid_cents', 'partial_refunds', 'refund_requested_payments'),
    knex('subscription_renewals').whereIn('subscription_id', subscriptionIds).select<
      Array<{
        subscription_id: string;
        payment_reference: string;
        paid_at: Date;
        amount_cents: number;
        refunded_at: Date | null;
      }>
    >('subscription_id', 'payment_reference', 'paid_at', 'amount_cents', 'refunded_at'),
  ]);
  const facts = new Map<string, { partial: Record<string, number>; requested: Set<string> }>();
  for (const order of orders) {
    const partial = jsonOf<Record<string, number>>(order.partial_refunds, {});
    const requested = new Set(jsonOf<string[]>(order.refund_requested_payments, []));
    facts.set(order.id, { partial, requested });
    found.set(order.id, [
      {
        reference: order.payment_reference,
        paidAt: order.paid_at.toISOString(),
        amountCents: order.amount_paid_cents ?? 0,
        refundedCents: partial[order.payment_reference] ?? 0,
        requested: requested.has(order.payment_reference),
      },
    ]);
  }
  for (const renewal of renewals) {
    const order = facts.get(renewal.subscription_id);
    if (!order) continue;
    found.get(renewal.subscription_id)!.push({
      reference: renewal.payment_reference,
      paidAt: renewal.paid_at.toISOString(),
      amountCents: renewal.amount_cents,
      refundedCents: renewal.refunded_at ? renewal.amount_cents : (order.partial[renewal.payment_reference] ?? 0),
      requested: order.requested.has(renewal.payment_reference),
    });
  }
  return found;
}

/** The customer's own subscriptions, newest first; one the operator voided is no longer theirs to see. */
export async function listSubscriptionsOfUser(knex: Knex, userId: string): Promise<SubscriptionView[]> {
  const rows = await knex<SubscriptionRow>('subscriptions')
    .where({ user_id: userId })
    .whereNull('voided_at')
    .orderBy('created_at', 'desc');
  return rows.map(toView);
}

/**
 * Subscriptions that renew themselves and whose next period is due to be charged (`leadHours`
 * before the expiry, never before the paid period began), with no automatic renewal ordered for
 * that expiry yet: what the renewals sweep orders.
 */
export async function listRenewalsDue(
  knex: Knex,
  options: { now: Date; leadHours: number; limit?: number },
): Promise<Array<{ id: string; planId: string; expiresAt: string }>> {
  const rows = await knex<SubscriptionRow>('subscriptions')
    .where({ auto_renew: true, status: 'active' })
    .whereNull('voided_at')
    .whereNotNull('expires_at')
    .whereRaw('auto_renewal_for IS DISTINCT FROM expires_at')
    .whereRaw("GREATEST(expires_at - make_interval(hours => ?), COALESCE(period_started_at, '-infinity')) <= ?", [
      options.leadHours,
      options.now,
    ])
    .orderBy('expires_at')
    .limit(options.limit ?? 500)
    .select('id', 'plan_id', 'expires_at');
  return rows.map((row) => ({ id: row.id, planId: row.plan_id, expiresAt: row.expires_at!.toISOString() }));
}

/** Who the customer's latest order or renewal was billed to, offered at their next checkout. */
export async function latestBillingOfUser(
  knex: Knex,
  userId: string,
): Promise<{ billingCountry: string | null; companyName: string | null; vatNumber: string | null }> {
  const row = (await knex('subscriptions')
    .where({ user_id: userId })
    .whereNotNull('billing_given_at')
    .orderBy('billing_given_at', 'desc')
    .first('billing_country', 'billing_company', 'billing_vat_number')) as
    { billing_country: string; billing_company: string | null; billing_vat_number: string | null } | undefined;
  return {
    billingCountry: row?.billing_country ?? null,
    companyName: row?.billing_company ?? null,
    vatNumber: row?.billing_vat_number ?? null,
  };
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

/** Orders still waiting for their payment, placed before `placedBefore`: what the sweep of abandoned orders cancels. */
export async function listAbandonedOrderIds(knex: Knex, placedBefore: Date, limit = 500): Promise<string[]> {
  const rows = await knex<SubscriptionRow>('subscriptions')
    .where('status', 'pending')
    .whereNull('voided_at')
    .andWhere('created_at', '<=', placedBefore)
    .orderBy('created_at')
    .limit(limit)
    .select('id');
  return rows.map((row) => row.id);
}

/** The renewals customers ordered before `orderedBefore` and have not paid: candidates to give up, oldest first. */
export async function listAbandonedRenewals(
  knex: Knex,
  orderedBefore: Date,
  limit = 500,
): Promise<Array<{ subscriptionId: string; renewalId: string }>> {
  const rows = await knex('subscription_pending_renewals')
    .where('ordered_at', '<=', orderedBefore)
    .orderBy('ordered_at')
    .limit(limit)
    .select<Array<{ id: string; subscription_id: string }>>('id', 'subscription_id');
  return rows.map((row) => ({ subscriptionId: row.subscription_id, renewalId: row.id }));
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
export type AdminSubscriptionView = SubscriptionView & Pick<AdminSubscription, 'customerEmail' | 'customerName'>;

/** Fields the back-office list may be sorted by, and their columns. */
export const ADMIN_SUBSCRIPTION_SORT_FIELDS = sortTable(
  ['id', 'planId', 'planName', 'months', 'status', 'totalCents', 'createdAt', 'paidAt', 'expiresAt', 'updatedAt'],
  { prefix: 's.', columns: { customerEmail: 'a.email', customerName: 'a.full_name' } },
);
export type AdminSubscriptionSortField = keyof typeof ADMIN_SUBSCRIPTION_SORT_FIELDS;

const NULLABLE_SORT_FIELDS = new Set<AdminSubscriptionSortField>(['paidAt', 'expiresAt']);

export type AdminSubscriptionListQuery = AdminListQuery<
  AdminSubscriptionSortField,
  {
    ids?: readonly string[];
    status?: readonly SubscriptionStatus[];
    planIds?: readonly string[];
    userId?: string;
    /** true: a set of credentials was assigned; false: none yet (the operator's to-do list when active). */
    hasCredentials?: boolean;
    /** true: the customer cancelled it (it ends at its expiry); false: they did not. */
    customerCancelled?: boolean;
    /** true: the customer asked for a refund and it was not refunded since; false: the others. */
    refundRequested?: boolean;
    /** true: it renews itself; false: it does not. */
    autoRenew?: boolean;
    /** true: an automatic charge for its current period was declined (being tried again, or out of tries). */
    renewalFailed?: boolean;
    /** Ordered before this instant (a checkout still pending an hour on). */
    createdBefore?: Date;
    /** Paid before this instant (credentials promised within 24 hours of it). */
    paidBefore?: Date;
    /** Expiring after this instant (still running). */
    expiresAfter?: Date;
    /** Expiring at or before this instant (ending within the days ahead). */
    expiresBefore?: Date;
    /** Words searched in the customer's e-mail and name and the plan's name (case-insensitive). */
    q?: string;
  }
>;

type AdminSubscriptionRow = SubscriptionRow & { customer_email: string | null; customer_name: string | null };

const toAdminView = (row: AdminSubscriptionRow): AdminSubscriptionView => ({
  ...toView(row),
  customerEmail: row.customer_email,
  customerName: row.customer_name,
});

// The id column is a uuid: anything else would be a database error, not an empty answer.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const withCustomer = (knex: Knex) => knex({ s: 'subscriptions' }).leftJoin({ a: 'accounts' }, 'a.id', 's.user_id');

/**
 * The subscriptions' plan names matching a pattern, read from the plan-name index one distinct name
 * at a time (a handful of plans, whatever the number of subscriptions).
 */
const PLAN_NAMES_LIKE = `WITH RECURSIVE names AS (
    (SELECT plan_name FROM subscriptions ORDER BY plan_name LIMIT 1)
    UNION ALL
    SELECT (SELECT n.plan_name FROM subscriptions n WHERE n.plan_name > names.plan_name ORDER BY n.plan_name LIMIT 1)
      FROM names WHERE names.plan_name IS NOT NULL
  )
  SELECT plan_name FROM names WHERE lower(plan_name) LIKE lower(?)`;

/**
 * A searched word as the customers and the plan names it matches (case-insensitive), found first
 * in the accounts and the plan-name index, so that the subscriptions matching it are read from
 * their indexes instead of testing every subscription and its customer.
 */
async function searchWord(knex: Knex, word: string): Promise<{ customers: string[]; plans: string[] }> {
  const pattern = containsPattern(word);
  const [customers, plans] = await Promise.all([
    knex('accounts')
      .whereRaw('lower(email) LIKE lower(?) OR lower(full_name) LIKE lower(?)', [pattern, pattern])
      .pluck('id'),
    knex.raw<{ rows: Array<{ plan_name: string }> }>(PLAN_NAMES_LIKE, [pattern]),
  ]);
  return { customers: customers as string[], plans: plans.rows.map((row) => row.plan_name) };
}

/** The back-office list's filters but the search words, on `s`, the subscriptions not voided. */
function whereSubscriptionsMatch(builder: Knex.QueryBuilder, filter: AdminSubscriptionListQuery['filter']) {
  builder.whereNull('s.voided_at');
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
  if (filter.customerCancelled === true) builder.whereNotNull('s.customer_cancelled_at');
  if (filter.customerCancelled === false) builder.whereNull('s.customer_cancelled_at');
  // A refund of the whole order ends the request: it no longer waits for the operator.
  // Asked, and the operator has not refunded anything since (a refund answers the request).
  const refundWaiting =
    "s.refund_requested_at IS NOT NULL AND s.status_reason IS DISTINCT FROM 'refunded' AND (s.refund_answered_at IS NULL OR s.refund_answered_at < s.refund_requested_at)";
  if (filter.refundRequested === true) builder.whereRaw(refundWaiting);
  if (filter.refundRequested === false) builder.whereRaw(`NOT (${refundWaiting})`);
  if (filter.autoRenew !== undefined) builder.where('s.auto_renew', filter.autoRenew);
  if (filter.renewalFailed === true) builder.whereNotNull('s.renewal_failed_at');
  if (filter.renewalFailed === false) builder.whereNull('s.renewal_failed_at');
  if (filter.createdBefore) builder.where('s.created_at', '<', filter.createdBefore);
  if (filter.paidBefore) builder.where('s.paid_at', '<', filter.paidBefore);
  if (filter.expiresAfter) builder.where('s.expires_at', '>', filter.expiresAfter);
  if (filter.expiresBefore) builder.where('s.expires_at', '<=', filter.expiresBefore);
  return builder;
}

/** Columns the work queue reads the earliest of (the oldest waiting, the nearest expiry). */
export type SubscriptionWaitColumn =
  'created_at' | 'paid_at' | 'expires_at' | 'refund_requested_at' | 'renewal_failed_at';

/**
 * How many subscriptions the back-office list shows for `filter` (the same rows, the search words
 * aside) and the earliest `column` among them: the work queue's counts are the lists' totals.
 */
export async function countSubscriptionsForAdmin(
  knex: Knex,
  filter: Omit<AdminSubscriptionListQuery['filter'], 'q'>,
  column: SubscriptionWaitColumn,
): Promise<{ count: number; earliest: string | null }> {
  const [row] = (await whereSubscriptionsMatch(knex({ s: 'subscriptions' }), filter).select(
    knex.raw('count(*)::int AS count'),
    knex.raw('min(??) AS earliest', [`s.${column}`]),
  )) as Array<{ count: number; earliest: Date | null }>;
  return { count: row?.count ?? 0, earliest: row?.earliest ? row.earliest.toISOString() : null };
}

/** The back-office's list of subscriptions, with each customer's e-mail and name; voided ones are left out. */
export async function listSubscriptionsForAdmin(
  knex: Knex,
  query: AdminSubscriptionListQuery,
): Promise<{ data: AdminSubscriptionView[]; total: number }> {
  const { filter } = query;
  const words = await Promise.all(searchWords(filter.q).map((word) => searchWord(knex, word)));
  // The filters read the subscriptions alone (the search found the customers first): counting and
  // paging never join every subscription to its customer.
  const filtered = () => {
    const builder = whereSubscriptionsMatch(knex({ s: 'subscriptions' }), filter);
    // Every word must match the customer's e-mail or name, or the plan's name.
    // A list of customers is joined (each customer's subscriptions from the user_id index), not
    // tested against every subscription.
    for (const { customers, plans } of words) {
      const ofCustomers = 's.user_id IN (SELECT unnest(?::text[]))';
      if (plans.length === 0) builder.whereRaw(ofCustomers, [customers]);
      else if (customers.length === 0) builder.whereRaw('s.plan_name = ANY(?::text[])', [plans]);
      else builder.whereRaw(`(${ofCustomers} OR s.plan_name = ANY(?::text[]))`, [customers, plans]);
    }
    return builder;
  };
  const { field, order } = query.sort;
  const { from } = query.range;
  const size = pageSize(query.range);
  const column = ADMIN_SUBSCRIPTION_SORT_FIELDS[field];
  const customerColumns = ['a.email as customer_email', 'a.full_name as customer_name'];
  const readPage = async (): Promise<AdminSubscriptionRow[]> => {
    let rows: AdminSubscriptionRow[];
    if (field === 'customerEmail' || field === 'customerName') {
      // Read in the order of the customers' index, each customer's subscriptions by theirs; the
      // subscriptions whose customer the accounts do not hold (yet) come after, as nulls do.
      rows = (await filtered()
        .join({ a: 'accounts' }, 'a.id', 's.user_id')
        .select('s.*', ...customerColumns)
        .orderBy([
          { column, order },
          { column: 's.id', order },
        ])
        .offset(from)
        .limit(size)) as AdminSubscriptionRow[];
      if (rows.length < size) {
        const withCustomer = await countOf(filtered().join({ a: 'accounts' }, 'a.id', 's.user_id'));
        const orphans = (await filtered()
          .whereNotExists(knex({ a: 'accounts' }).whereRaw('a.id = s.user_id'))
          .select('s.*', knex.raw('NULL AS customer_email'), knex.raw('NULL AS customer_name'))
          .orderBy('s.id', order)
          .offset(Math.max(0, from - withCustomer))
          .limit(size - rows.length)) as AdminSubscriptionRow[];
        rows = [...rows, ...orphans];
      }
    } else {
      // Rows without the value (not paid yet) come last either way; a column that always has one is
      // sorted plainly, so that its index serves both directions. The page alone meets its customers.
      const nulls = NULLABLE_SORT_FIELDS.has(field) ? ('last' as const) : undefined;
      const ordering = [
        { column, order, ...(nulls ? { nulls } : {}) },
        { column: 's.id', order },
      ];
      const page = filtered().select('s.*').orderBy(ordering).offset(from).limit(size);
      rows = (await knex
        .from(page.as('s'))
        .leftJoin({ a: 'accounts' }, 'a.id', 's.user_id')
        .select('s.*', ...customerColumns)
        .orderBy(ordering)) as AdminSubscriptionRow[];
    }
    return rows;
  };
  const [rows, total] = await Promise.all([readPage(), countOf(filtered())]);
  return { data: rows.map(toAdminView), total };
}

/** One subscription for the back-office; a voided one is gone (null), as from the list. */
export async function getSubscriptionForAdmin(knex: Knex, id: string): Promise<AdminSubscriptionView | null> {
  const found = await getSubscriptionForAdminWithVoid(knex, id);
  return found && found.voidedAt === null ? found.subscription : null;
}

/** One subscription for the back-office, voided or not: what a void answers, the first time and on a retry. */
export async function getSubscriptionForAdminWithVoid(
  knex: Knex,
  id: string,
): Promise<{ subscription: AdminSubscriptionView; voidedAt: string | null; voidReason: string | null } | null> {
  if (!UUID.test(id)) return null;
  const row = (await withCustomer(knex)
    .where('s.id', id)
    .first('s.*', 'a.email as customer_email', 'a.full_name as customer_name')) as AdminSubscriptionRow | undefined;
  if (!row) return null;
  return { subscription: toAdminView(row), voidedAt: iso(row.voided_at ?? null), voidReason: row.void_reason ?? null };
}
