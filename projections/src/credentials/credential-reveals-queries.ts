import type { CredentialReveal } from '@shop/contracts';
import type { Knex } from 'knex';
import { pageWithTotal, sortTable, type AdminListQuery } from '../admin-list-query.js';

/** The sortable fields of the reveals list, and the column each one sorts on. */
export const CREDENTIAL_REVEAL_SORT_FIELDS = sortTable(
  ['revealedAt', 'position', 'credentialSetId', 'credentialsVersion', 'viewer'],
  {
    prefix: 'credential_reveals.',
    columns: { id: 'credential_reveals.position', userId: 'credential_reveals.revealed_by' },
  },
);
export type CredentialRevealSortField = keyof typeof CREDENTIAL_REVEAL_SORT_FIELDS;

export type CredentialRevealListQuery = AdminListQuery<
  CredentialRevealSortField,
  {
    /** The reader. */
    userId?: string;
    credentialSetId?: string;
    ids?: readonly string[];
  }
>;

interface RevealRow {
  id: string;
  credential_set_id: string;
  credentials_version: number | null;
  subscription_id: string | null;
  revealed_by: string;
  viewer: 'admin' | 'customer';
  revealed_at: Date;
  position: string | number;
  carried_over: boolean;
  reason: string | null;
  full_name: string | null;
  email: string | null;
}

const toView = (row: RevealRow): CredentialReveal => ({
  id: row.id,
  credentialSetId: row.credential_set_id,
  credentialsVersion: row.credentials_version,
  subscriptionId: row.subscription_id,
  userId: row.revealed_by,
  userName: row.full_name || row.email || null,
  viewer: row.viewer,
  revealedAt: new Date(row.revealed_at).toISOString(),
  position: Number(row.position),
  carriedOver: row.carried_over,
  reason: row.reason,
});

/** Who read which set, newest first unless asked otherwise; the reader named as the accounts read model has them now. */
export function listCredentialReveals(
  knex: Knex,
  query: CredentialRevealListQuery,
): Promise<{ data: CredentialReveal[]; total: number }> {
  const { filter } = query;
  const filtered = () => {
    const named = knex('credential_reveals')
      .leftJoin('accounts', 'accounts.id', 'credential_reveals.revealed_by')
      .select('credential_reveals.*', 'accounts.full_name', 'accounts.email');
    if (filter.userId !== undefined) named.where('credential_reveals.revealed_by', filter.userId);
    if (filter.credentialSetId !== undefined)
      named.where('credential_reveals.credential_set_id', filter.credentialSetId);
    if (filter.ids !== undefined) named.whereIn('credential_reveals.id', [...filter.ids]);
    return knex.from(named.as('credential_reveals'));
  };
  return pageWithTotal<CredentialRevealSortField, RevealRow, CredentialReveal>(
    filtered,
    query,
    { columns: CREDENTIAL_REVEAL_SORT_FIELDS, tiebreaker: 'credential_reveals.position' },
    toView,
  );
}
