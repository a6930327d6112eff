import type { Language, PlanCategory } from '@shop/domain';
import type { Knex } from 'knex';

export interface PlanView {
  id: string;
  name: string;
  category: PlanCategory;
  monthlyPriceCents: number;
  currency: string;
  popular: boolean;
  logo: string;
  features: string[];
  /** How many customers share one account of the service; null until the plan states it. */
  sharedUsers: number | null;
}

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
}

const toView = (row: PlanRow, language: Language): PlanView => ({
  id: row.id,
  name: row.name,
  category: row.category,
  monthlyPriceCents: row.monthly_price_cents,
  currency: row.currency,
  popular: row.popular,
  logo: row.logo,
  features: row.features[language] ?? row.features.fr,
  sharedUsers: row.shared_users,
});

export async function listPlans(
  knex: Knex,
  options: { language: Language; category?: PlanCategory },
): Promise<PlanView[]> {
  const query = knex<PlanRow>('plans').orderBy([{ column: 'sort_order' }, { column: 'id' }]);
  if (options.category) query.where({ category: options.category });
  const rows = await query;
  return rows.map((row) => toView(row, options.language));
}

export async function getPlan(knex: Knex, id: string, language: Language): Promise<PlanView | null> {
  const row = await knex<PlanRow>('plans').where({ id }).first();
  return row ? toView(row, language) : null;
}
