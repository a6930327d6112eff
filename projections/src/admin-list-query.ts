import type { Knex } from 'knex';

/**
 * A back-office list request as react-admin's simple REST dialect sends it: one sort field and
 * order, inclusive row numbers, and the list's own filters.
 */
export interface AdminListQuery<Field extends string, Filter> {
  sort: { field: Field; order: 'asc' | 'desc' };
  /** Inclusive row numbers, as react-admin sends them. */
  range: { from: number; to: number };
  filter: Filter;
}

/** `%text%` for (I)LIKE, the text's own `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The words of a back-office search box, each of which a row must match; none for a blank search. */
export const searchWords = (q: string | undefined): string[] => q?.trim().split(/\s+/).filter(Boolean) ?? [];

/**
 * One page of a filtered list, each row as `toView` shows it, and the count of all its rows, in one round
 * trip each, run together.
 * Sorted by the column `columns` names for the query's sort field (rows without a value last when
 * `nullsLast`), then by `tiebreaker` in the same direction, so that pages never overlap nor skip a row.
 */
export async function pageWithTotal<Field extends string, Row, View>(
  filtered: () => Knex.QueryBuilder,
  query: Pick<AdminListQuery<Field, unknown>, 'sort' | 'range'>,
  order: { columns: Readonly<Record<Field, string>>; tiebreaker: string; nullsLast?: boolean },
  toView: (row: Row) => View,
): Promise<{ data: View[]; total: number }> {
  const direction = query.sort.order;
  const column = order.columns[query.sort.field];
  const [rows, counted] = await Promise.all([
    filtered()
      .select('*')
      .orderBy([
        { column, order: direction, ...(order.nullsLast ? { nulls: 'last' as const } : {}) },
        { column: order.tiebreaker, order: direction },
      ])
      .offset(query.range.from)
      .limit(query.range.to - query.range.from + 1),
    filtered().count<{ count: string }[]>({ count: '*' }),
  ]);
  return { data: (rows as Row[]).map(toView), total: Number(counted[0]?.count ?? 0) };
}
