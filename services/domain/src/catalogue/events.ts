import type { DomainEvent } from '../shared/decider.js';

export const PLAN_CATEGORIES = ['SVOD', 'Music', 'Software'] as const;
export type PlanCategory = (typeof PLAN_CATEGORIES)[number];

export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

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
  sortOrder: number;
}

export type PlanPublished = DomainEvent<'PlanPublished', PlanDetails & { publishedAt: string }>;
export type PlanRevised = DomainEvent<'PlanRevised', PlanDetails & { revisedAt: string }>;

export type CatalogueEvent = PlanPublished | PlanRevised;

export const CATALOGUE_EVENT_TYPES: ReadonlyArray<CatalogueEvent['type']> = ['PlanPublished', 'PlanRevised'];
