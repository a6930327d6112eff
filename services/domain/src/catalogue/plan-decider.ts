import { assertNever, type Decider } from '../shared/decider.js';
import { DomainError, NotFoundError } from '../shared/domain-error.js';
import {
  LANGUAGES,
  PLAN_FEATURE_COUNT,
  PLAN_CATEGORIES,
  type CatalogueEvent,
  type PlanDetails,
  type PublishedPlanDetails,
} from './events.js';

/** The launch seed's publication: it revises a plan only until the operator has changed it. */
export type PublishPlan = { type: 'PublishPlan'; data: { plan: PlanDetails; now: Date } };
/** What the operator changes in the back-office, against the version their form was loaded at. */
export interface PlanChanges {
  monthlyPriceCents: number;
  features: Record<'fr' | 'en', string[]>;
  popular: boolean;
  onSale: boolean;
}
export type RevisePlan = {
  type: 'RevisePlan';
  data: { planId: string; changes: PlanChanges; expectedVersion: number; now: Date };
};
export type PlanCommand = PublishPlan | RevisePlan;

export type PlanState =
  | { status: 'none' }
  | {
      status: 'published';
      plan: PublishedPlanDetails;
      onSale: boolean;
      /** How many events the plan's stream holds: the version a form is loaded at. */
      version: number;
      editedByOperator: boolean;
    };

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
    if (plan.features[language]?.length !== PLAN_FEATURE_COUNT) {
      problems.push(`features.${language} must list ${PLAN_FEATURE_COUNT} features`);
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

function samePlan(a: PublishedPlanDetails, b: PublishedPlanDetails): boolean {
  return JSON.stringify(planDetailsOf(a)) === JSON.stringify(planDetailsOf(b));
}

function decidePublication({ data: { plan, now } }: PublishPlan, state: PlanState): CatalogueEvent[] {
  validatePlan(plan);
  if (state.status === 'none') {
    return [{ type: 'PlanPublished', data: { ...planDetailsOf(plan), publishedAt: now.toISOString() } }];
  }
  // The seed runs at every start: it must not undo the operator's prices and texts.
  if (state.editedByOperator || samePlan(state.plan, plan)) return [];
  return [{ type: 'PlanRevised', data: { ...planDetailsOf(plan), revisedAt: now.toISOString() } }];
}

function decideRevision({ data }: RevisePlan, state: PlanState): CatalogueEvent[] {
  const { planId, changes, expectedVersion, now } = data;
  if (state.status === 'none') {
    throw new NotFoundError({ code: 'plan.not_found', message: `No plan ${planId}`, details: { planId } });
  }
  if (state.version !== expectedVersion) {
    throw new DomainError({
      code: 'plan.stale',
      message: `The plan ${planId} was changed meanwhile; reload it`,
      details: { planId, version: state.version, expectedVersion },
    });
  }
  const revised: PublishedPlanDetails = {
    ...state.plan,
    monthlyPriceCents: changes.monthlyPriceCents,
    features: { fr: changes.features.fr, en: changes.features.en },
    popular: changes.popular,
  };
  // A plan published before the shared-users count was part of a plan keeps none: the operator's
  // form has no say on it, so it is checked as if it had the smallest one.
  validatePlan({ ...revised, sharedUsers: revised.sharedUsers ?? 2 });
  const at = now.toISOString();
  const events: CatalogueEvent[] = [];
  if (!samePlan(state.plan, revised)) {
    events.push({ type: 'PlanRevised', data: { ...planDetailsOf(revised), revisedAt: at, byOperator: true } });
  }
  if (state.onSale && !changes.onSale) events.push({ type: 'PlanWithdrawn', data: { planId, withdrawnAt: at } });
  if (!state.onSale && changes.onSale) events.push({ type: 'PlanBackOnSale', data: { planId, backOnSaleAt: at } });
  return events;
}

export const planDecider: Decider<PlanCommand, CatalogueEvent, PlanState> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    const previous =
      state.status === 'published' ? state : { onSale: true, version: 0, editedByOperator: false, plan: undefined };
    switch (event.type) {
      case 'PlanPublished':
      case 'PlanRevised':
        return {
          status: 'published',
          plan: planDetailsOf(event.data),
          onSale: previous.onSale,
          version: previous.version + 1,
          editedByOperator:
            previous.editedByOperator || (event.type === 'PlanRevised' && event.data.byOperator === true),
        };
      case 'PlanWithdrawn':
      case 'PlanBackOnSale':
        if (state.status === 'none') return state;
        return { ...state, onSale: event.type === 'PlanBackOnSale', version: state.version + 1 };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'PublishPlan':
        return decidePublication(command, state);
      case 'RevisePlan':
        return decideRevision(command, state);
      default:
        return assertNever(command);
    }
  },
};
