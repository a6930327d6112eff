import type { CredentialsSummary } from '@shop/contracts';
import { countOpenSubscriptionsByCredentials } from '@shop/projections';
import type { Knex } from 'knex';
import type { SealedCredentials } from './sealed-credentials.js';

export const CREDENTIALS_SORT_FIELDS = ['id', 'planId', 'planName', 'email', 'createdAt', 'updatedAt'] as const;
export type CredentialsSortField = (typeof CREDENTIALS_SORT_FIELDS)[number];

export interface CredentialsListQuery {
  sort: { field: CredentialsSortField; order: 'asc' | 'desc' };
  range: { from: number; to: number };
  filter: { ids?: readonly string[]; planIds?: readonly string[]; q?: string };
}

interface ListingDependencies {
  knex: Knex;
  sealed: SealedCredentials;
}

/**
 * The operator's list. Logins are encrypted, so sorting and searching happen after
 * decryption: the table holds the operator's own sets (hundreds, not millions).
 */
export async function listCredentials(
  { knex, sealed }: ListingDependencies,
  query: CredentialsListQuery,
): Promise<{ data: CredentialsSummary[]; total: number }> {
  const rows = sealed.table();
  if (query.filter.ids) rows.whereIn('id', [...query.filter.ids]);
  if (query.filter.planIds) rows.whereIn('plan_id', [...query.filter.planIds]);
  const found = await rows;
  const [planNames, assigned] = await Promise.all([
    sealed.planNames(),
    countOpenSubscriptionsByCredentials(
      knex,
      found.map((row) => row.id),
    ),
  ]);
  let all = found.map((row) => sealed.summaryOf(row, planNames, assigned));
  const words = query.filter.q?.trim().toLowerCase();
  if (words) {
    all = all.filter((c) => [c.email, c.planName, c.planId].some((value) => value.toLowerCase().includes(words)));
  }
  const { field, order } = query.sort;
  const direction = order === 'asc' ? 1 : -1;
  all.sort((a, b) => direction * String(a[field]).localeCompare(String(b[field])) || a.id.localeCompare(b.id));
  return { data: all.slice(query.range.from, query.range.to + 1), total: all.length };
}

/**
 * The Credentials tab's counters: sets stored, plans they cover, distinct login e-mails. Logins
 * are sealed (each with its own nonce), so they are compared once opened, case aside. With
 * `asOf`, as they stood then: each set's version stored by then (the log holds no login, the
 * versions' rows do), unless the set was deleted by then.
 */
export async function credentialCounts(
  { knex, sealed }: ListingDependencies,
  asOf?: Date,
): Promise<{ total: number; plans: number; logins: number }> {
  const rows = (
    asOf
      ? await knex('service_credential_versions as v')
          .join('service_credentials as c', 'c.id', 'v.credentials_id')
          .where('v.created_at', '<=', asOf)
          .andWhere((alive) => alive.whereNull('c.deleted_at').orWhere('c.deleted_at', '>', asOf))
          .distinctOn('v.credentials_id')
          .orderBy([{ column: 'v.credentials_id' }, { column: 'v.version', order: 'desc' }])
          .select('v.plan_id', 'v.login_encrypted')
      : await sealed.table().select('plan_id', 'login_encrypted')
  ) as Array<{ plan_id: string; login_encrypted: string }>;
  const plans = new Set(rows.map((row) => row.plan_id));
  const logins = new Set(rows.map((row) => sealed.open(row.login_encrypted).trim().toLowerCase()));
  return { total: rows.length, plans: plans.size, logins: logins.size };
}
