import type { DomainEvent } from '../shared/decider.js';

export const PLAN_CATEGORIES = ['SVOD', 'Music', 'Software'] as const;
export type PlanCategory = (typeof PLAN_CATEGORIES)[number];

export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each plan lists this many features in each language. */
export const PLAN_FEATURE_COUNT = 6;

export const planStreamId = (planId: string) => `plan-${planId}`;

export interface PlanDetails {
  planId: string;
  name: string;
  category: PlanCategory;
  monthlyPriceCents: number;
  currency: string;
  popular: boolean;
  logo: string;
  features: Record<Language, string[]>;
  /** How many customers share one account of the service, each on a place of their own. */
  sharedUsers: number;
  sortOrder: number;
}

/**
 * A plan as its events carry it. Plans published before the shared-users count was part of a
 * plan have none: their next publication revises them with it.
 */
export type PublishedPlanDetails = Omit<PlanDetails, 'sharedUsers'> & { sharedUsers?: number };

export type PlanPublished = DomainEvent<'PlanPublished', PublishedPlanDetails & { publishedAt: string }>;
/**
 * `byOperator`: the operator changed the plan in the back-office; from then on the launch seed
 * leaves it as they made it (absent on the seed's own revisions).
 */
export type PlanRevised = DomainEvent<'PlanRevised', PublishedPlanDetails & { revisedAt: string; byOperator?: true }>;
/** Taken off sale: gone from the shop and no longer ordered; subscriptions already sold keep it. */
export type PlanWithdrawn = DomainEvent<'PlanWithdrawn', { planId: string; withdrawnAt: string }>;
export type PlanBackOnSale = DomainEvent<'PlanBackOnSale', { planId: string; backOnSaleAt: string }>;

export type CatalogueEvent = PlanPublished | PlanRevised | PlanWithdrawn | PlanBackOnSale;

export const CATALOGUE_EVENT_TYPES: ReadonlyArray<CatalogueEvent['type']> = [
  'PlanPublished',
  'PlanRevised',
  'PlanWithdrawn',
  'PlanBackOnSale',
];
