import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import {
  LANGUAGES,
  PLAN_CATEGORIES,
  type CatalogueEvent,
  type PlanDetails,
  type PublishedPlanDetails,
} from './events.js';

export type PublishPlan = { type: 'PublishPlan'; data: { plan: PlanDetails; now: Date } };
export type PlanCommand = PublishPlan;

export type PlanState = { status: 'none' } | { status: 'published'; plan: PublishedPlanDetails };

const FEATURES_PER_PLAN = 6;

function validatePlan(plan: PlanDetails): void {
  const problems: string[] = [];
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(plan.planId)) problems.push('planId must be a lower-case slug');
  if (plan.name.trim() === '') problems.push('name is required');
  if (!PLAN_CATEGORIES.includes(plan.category)) problems.push(`category must be one of ${PLAN_CATEGORIES.join(', ')}`);
  if (!Number.isInteger(plan.monthlyPriceCents) || plan.monthlyPriceCents <= 0) {
    problems.push('monthlyPriceCents must be a positive integer');
  }
  if (!/^[A-Z]{3}$/.test(plan.currency)) problems.push('currency must be an ISO 4217 code');
  if (!Number.isInteger(plan.sharedUsers) || plan.sharedUsers < 2) {
    problems.push('sharedUsers must be an integer of at least 2');
  }
  for (const language of LANGUAGES) {
    if (plan.features[language]?.length !== FEATURES_PER_PLAN) {
      problems.push(`features.${language} must list ${FEATURES_PER_PLAN} features`);
    }
  }
  if (problems.length > 0) {
    throw new DomainError({ code: 'plan.invalid', message: problems.join('; '), details: { problems } });
  }
}

/** Keeps only the plan's own fields, in one key order, so two plans compare by value. */
function planDetailsOf(source: PublishedPlanDetails): PublishedPlanDetails {
  const { planId, name, category, monthlyPriceCents, currency, popular, logo, features, sharedUsers, sortOrder } =
    source;
  return {
    planId,
    name,
    category,
    monthlyPriceCents,
    currency,
    popular,
    logo,
    features: { fr: features.fr, en: features.en },
    sharedUsers,
    sortOrder,
  };
}

function samePlan(a: PublishedPlanDetails, b: PlanDetails): boolean {
  return JSON.stringify(planDetailsOf(a)) === JSON.stringify(planDetailsOf(b));
}

export const planDecider: Decider<PlanCommand, CatalogueEvent, PlanState> = {
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => ({ status: 'published', plan: planDetailsOf(event.data) }),
  decide: (command, state) => {
    const { plan, now } = command.data;
    validatePlan(plan);
    if (state.status === 'none') {
      return [{ type: 'PlanPublished', data: { ...planDetailsOf(plan), publishedAt: now.toISOString() } }];
    }
    if (samePlan(state.plan, plan)) return [];
    return [{ type: 'PlanRevised', data: { ...planDetailsOf(plan), revisedAt: now.toISOString() } }];
  },
};
