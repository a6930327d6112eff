import type { AdminPromoCode } from '@shop/contracts';
import type { Knex } from 'knex';
import { containsPattern, pageWithTotal, sortTable, type AdminListQuery } from '../admin-list-query.js';

/** The sortable fields of the back-office's list, and the column each one sorts on. */
export const PROMO_CODE_SORT_FIELDS = sortTable(
  ['code', 'percentOff', 'validFrom', 'validUntil', 'usageLimit', 'timesUsed', 'active', 'createdAt', 'updatedAt'],
  { columns: { id: 'code' } },
);
export type PromoCodeSortField = keyof typeof PROMO_CODE_SORT_FIELDS;

export type PromoCodeListQuery = AdminListQuery<
  PromoCodeSortField,
  {
    /** Codes (getMany), compared in upper case. */
    ids?: readonly string[];
    /** Part of the code, in any case. */
    q?: string;
    active?: boolean;
  }
>;

interface PromoCodeRow {
  code: string;
  percent_off: number;
  valid_from: Date | null;
  valid_until: Date | null;
  usage_limit: number | null;
  times_used: number;
  active: boolean;
  revision: number;
  created_at: Date;
  updated_at: Date;
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

const toView = (row: PromoCodeRow): AdminPromoCode => ({
  id: row.code,
  code: row.code,
  percentOff: row.percent_off,
  validFrom: iso(row.valid_from),
  validUntil: iso(row.valid_until),
  usageLimit: row.usage_limit,
  timesUsed: row.times_used,
  active: row.active,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
  version: row.revision,
});

export async function listPromoCodes(
  knex: Knex,
  query: PromoCodeListQuery,
): Promise<{ data: AdminPromoCode[]; total: number }> {
  const filtered = () => {
    const rows = knex<PromoCodeRow>('promo_codes');
    const { ids, q, active } = query.filter;
    if (ids)
      rows.whereIn(
        'code',
        ids.map((id) => id.trim().toUpperCase()),
      );
    // Codes are stored in upper case: the search is upper-cased instead of lower-casing every row.
    if (q?.trim()) rows.where('code', 'like', containsPattern(q.trim().toUpperCase()));
    if (active !== undefined) rows.where({ active });
    return rows;
  };
  return pageWithTotal(
    filtered,
    query,
    {
      columns: PROMO_CODE_SORT_FIELDS,
      tiebreaker: 'code',
      nullsLast: true,
    },
    toView,
  );
}

export async function getPromoCode(knex: Knex, code: string): Promise<AdminPromoCode | null> {
  const row = await knex<PromoCodeRow>('promo_codes').where({ code: code.trim().toUpperCase() }).first();
  return row ? toView(row as PromoCodeRow) : null;
}
