import type { Language, PlanCategory } from '@shop/domain';
import type { Knex } from 'knex';
import type { AdminPlan, Plan } from '@shop/contracts';
import { containsPattern, pageWithTotal, sortTable, type AdminListQuery } from '../admin-list-query.js';

/** A plan in one language, as the API answers it. */
export type PlanView = Plan;

interface PlanRow {
  id: string;
  name: string;
  category: PlanCategory;
  monthly_price_cents: number;
  currency: string;
  popular: boolean;
  logo: string;
  features: Record<Language, string[]>;
  shared_users: number | null;
  sort_order: number;
  on_sale: boolean;
  updated_at: Date;
  stream_version: number;
}

/** What the shop and the back-office show alike of a plan, in the order both answer it. */
const planBasics = (row: PlanRow) => ({
  id: row.id,
  name: row.name,
  category: row.category,
  monthlyPriceCents: row.monthly_price_cents,
  currency: row.currency,
  popular: row.popular,
});

const toView = (row: PlanRow, language: Language): PlanView => ({
  ...planBasics(row),
  logo: row.logo,
  features: row.features[language] ?? row.features.fr,
  sharedUsers: row.shared_users,
});

/**
 * The plans in display order. `onSaleOnly` is the shop's list; without it, plans taken off sale
 * are listed too, for the subscriptions and credentials that still name them.
 */
export async function listPlans(
  knex: Knex,
  options: { language: Language; category?: PlanCategory; onSaleOnly?: boolean },
): Promise<PlanView[]> {
  const query = knex<PlanRow>('plans').orderBy([{ column: 'sort_order' }, { column: 'id' }]);
  if (options.category) query.where({ category: options.category });
  if (options.onSaleOnly) query.where({ on_sale: true });
  const rows = await query;
  return rows.map((row) => toView(row, options.language));
}

/** When each plan on sale last changed (published or revised), by id: its page's `lastmod` in the sitemap. */
export async function planChangeTimes(knex: Knex): Promise<Map<string, string>> {
  const rows = await knex<PlanRow>('plans').where({ on_sale: true }).select('id', 'updated_at');
  return new Map(rows.map((row) => [row.id, new Date(row.updated_at).toISOString()]));
}

/** One plan; with `onSaleOnly`, null for a plan taken off sale (the shop's page, ordering). */
export async function getPlan(
  knex: Knex,
  id: string,
  language: Language,
  options: { onSaleOnly?: boolean } = {},
): Promise<PlanView | null> {
  const query = knex<PlanRow>('plans').where({ id });
  if (options.onSaleOnly) query.where({ on_sale: true });
  const row = await query.first();
  return row ? toView(row, language) : null;
}

/** The sortable fields of the back-office's list, and the column each one sorts on. */
export const ADMIN_PLAN_SORT_FIELDS = sortTable([
  'id',
  'name',
  'category',
  'monthlyPriceCents',
  'popular',
  'onSale',
  'sortOrder',
  'updatedAt',
]);
export type AdminPlanSortField = keyof typeof ADMIN_PLAN_SORT_FIELDS;

export type AdminPlanListQuery = AdminListQuery<
  AdminPlanSortField,
  { ids?: readonly string[]; q?: string; onSale?: boolean; category?: PlanCategory }
>;

const toAdminView = (row: PlanRow): AdminPlan => ({
  ...planBasics(row),
  onSale: row.on_sale,
  logo: row.logo,
  features: { fr: row.features.fr ?? [], en: row.features.en ?? [] },
  sharedUsers: row.shared_users,
  sortOrder: row.sort_order,
  updatedAt: new Date(row.updated_at).toISOString(),
  version: row.stream_version,
});

/** The back-office's plans, on sale or not. */
export async function listPlansForAdmin(
  knex: Knex,
  query: AdminPlanListQuery,
): Promise<{ data: AdminPlan[]; total: number }> {
  const filtered = () => {
    const rows = knex<PlanRow>('plans');
    const { ids, q, onSale, category } = query.filter;
    if (ids) rows.whereIn('id', ids);
    if (q?.trim()) rows.whereILike('name', containsPattern(q.trim()));
    if (onSale !== undefined) rows.where({ on_sale: onSale });
    if (category) rows.where({ category });
    return rows;
  };
  return pageWithTotal(
    filtered,
    query,
    {
      columns: ADMIN_PLAN_SORT_FIELDS,
      tiebreaker: 'id',
    },
    toAdminView,
  );
}

export async function getPlanForAdmin(knex: Knex, id: string): Promise<AdminPlan | null> {
  const row = await knex<PlanRow>('plans').where({ id }).first();
  return row ? toAdminView(row as PlanRow) : null;
}
