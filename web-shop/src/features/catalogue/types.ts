export const PLAN_CATEGORIES = ['SVOD', 'Music', 'Software'] as const;
export type PlanCategory = (typeof PLAN_CATEGORIES)[number];

/** A plan as `GET /api/plans` returns it; texts are already in the requested language. */
export interface Plan {
  id: string;
  name: string;
  category: PlanCategory;
  monthlyPriceCents: number;
  currency: string;
  popular: boolean;
  logo: string;
  features: string[];
  /** How many customers share one account of the service; null while the plan does not say. */
  sharedUsers: number | null;
}
