import { z } from 'zod';
import { languageQuery } from './language.js';
import { cents } from './money.js';
import { PLAN_FEATURE_COUNT, PLAN_PRICE_MAX_CENTS } from './catalogue-limits.js';
import { text } from './text.js';
import { PLAN_CATEGORIES } from './vocabulary.js';
import { expectedVersion } from './version.js';

/** A plan as the shop shows it; its texts are already in the language asked for. */
export const plan = z
  .object({
    id: z.string(),
    name: z.string(),
    category: z.enum(PLAN_CATEGORIES),
    monthlyPriceCents: cents.describe('Price per month, taxes included, in cents'),
    currency: z.string().length(3),
    popular: z.boolean(),
    logo: z.string(),
    features: z.array(z.string()),
    sharedUsers: z
      .number()
      .int()
      .nullable()
      .describe('How many customers share one account of the service; null for a plan that does not state it yet'),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof plan>;

/** `GET /api/plans`: in display order. */
export const planList = z.object({ data: z.array(plan) });
export type PlanList = z.infer<typeof planList>;

/** `GET /api/plans`. */
export const planListQuery = z.object({ category: z.enum(PLAN_CATEGORIES).optional(), lang: languageQuery });
export type PlanListQuery = z.input<typeof planListQuery>;

/** `GET /api/plans/:id`. */
export const planQuery = z.object({ lang: languageQuery });
export type PlanQuery = z.input<typeof planQuery>;

/** A plan as the back-office edits it: both languages' features, and whether it is on sale. */
export const adminPlan = z
  .object({
    id: z.string(),
    name: z.string(),
    category: z.enum(PLAN_CATEGORIES),
    monthlyPriceCents: cents,
    currency: z.string().length(3),
    popular: z.boolean(),
    onSale: z.boolean().describe('Off sale: gone from the shop and not ordered; subscriptions sold keep it'),
    logo: z.string(),
    features: z.object({ fr: z.array(z.string()), en: z.array(z.string()) }),
    sharedUsers: z.number().int().nullable(),
    sortOrder: z.number().int(),
    updatedAt: z.string(),
    version: z.number().int().describe("The plan's version: send it back with a change"),
  })
  .meta({ id: 'AdminPlan' });
export type AdminPlan = z.infer<typeof adminPlan>;

/** `GET /api/admin/plans`: one page (Content-Range: plans a-b/total). */
export const adminPlanList = z.array(adminPlan);
export type AdminPlanList = z.infer<typeof adminPlanList>;

const features = z
  .array(text({ min: 1, max: 120 }))
  .length(PLAN_FEATURE_COUNT)
  .describe(`${PLAN_FEATURE_COUNT} lines`);

/**
 * `PUT /api/admin/plans/:id`: what the operator changes, with the version the form was loaded at;
 * a change made meanwhile answers 409 `plan.stale`.
 */
export const adminPlanUpdate = z.strictObject({
  monthlyPriceCents: cents.min(1).max(PLAN_PRICE_MAX_CENTS),
  features: z.strictObject({ fr: features, en: features }),
  popular: z.boolean(),
  onSale: z.boolean(),
  version: expectedVersion,
});
export type AdminPlanUpdate = z.input<typeof adminPlanUpdate>;
