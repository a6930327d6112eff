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
