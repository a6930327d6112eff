import { describe, expect, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import type { PlanDetails, PlanPublished, PlanRevised, PlanWithdrawn } from './events.js';
import { planDecider, type PlanChanges, type PublishPlan, type RevisePlan } from './plan-decider.js';

const spec = () => DeciderSpec.for(planDecider);

const PUBLISHED_AT = new Date('2025-03-01T08:00:00.000Z');
const REVISED_AT = new Date('2025-04-01T08:00:00.000Z');

const NETFLIX: PlanDetails = {
  planId: 'netflix-premium',
  name: 'Netflix Premium',
  category: 'SVOD',
  monthlyPriceCents: 453,
  currency: 'EUR',
  popular: true,
  logo: '/logos/netflix.svg',
  features: {
    fr: ['4K Ultra HD', '4 écrans', 'Sans publicité', 'Téléchargements', 'Profil personnel', 'Support 7j/7'],
    en: ['4K Ultra HD', '4 screens', 'No ads', 'Downloads', 'Personal profile', '7-day support'],
  },
  sharedUsers: 4,
  sortOrder: 1,
};

const publish = (plan: PlanDetails, now = PUBLISHED_AT): PublishPlan => ({ type: 'PublishPlan', data: { plan, now } });
const published = (plan: PlanDetails = NETFLIX): PlanPublished => ({
  type: 'PlanPublished',
  data: { ...plan, publishedAt: PUBLISHED_AT.toISOString() },
});
const revised = (plan: PlanDetails, at = REVISED_AT): PlanRevised => ({
  type: 'PlanRevised',
  data: { ...plan, revisedAt: at.toISOString() },
});

describe('plan decider', () => {
  it('publishes a new plan', () => {
    spec().when(publish(NETFLIX)).then([published()]);
  });

  it('keeps only the plan fields when publishing', () => {
    const withExtra = { ...NETFLIX, internalNote: 'do not publish' } as PlanDetails;
    spec()
      .when(publish(withExtra))
      .then([published(NETFLIX)]);
  });

  it('does nothing when the same plan is published again', () => {
    spec().given([published()]).when(publish(NETFLIX, REVISED_AT)).thenNothing();
  });

  it('does nothing when the same plan arrives with its keys in another order', () => {
    const reordered: PlanDetails = {
      sortOrder: 1,
      sharedUsers: 4,
      features: { en: [...NETFLIX.features.en], fr: [...NETFLIX.features.fr] },
      logo: '/logos/netflix.svg',
      popular: true,
      currency: 'EUR',
      monthlyPriceCents: 453,
      category: 'SVOD',
      name: 'Netflix Premium',
      planId: 'netflix-premium',
    };
    spec().given([published()]).when(publish(reordered, REVISED_AT)).thenNothing();
  });

  it('does nothing when the latest revision is published again', () => {
    const cheaper = { ...NETFLIX, monthlyPriceCents: 399 };
    spec()
      .given([published(), revised(cheaper)])
      .when(publish(cheaper, new Date('2025-05-01T00:00:00.000Z')))
      .thenNothing();
  });

  it('revises a plan whose price changed', () => {
    const dearer = { ...NETFLIX, monthlyPriceCents: 499 };
    spec()
      .given([published()])
      .when(publish(dearer, REVISED_AT))
      .then([revised(dearer)]);
  });

  it.each<{ change: string; plan: PlanDetails }>([
    { change: 'name', plan: { ...NETFLIX, name: 'Netflix Premium 4K' } },
    { change: 'popular flag', plan: { ...NETFLIX, popular: false } },
    { change: 'sort order', plan: { ...NETFLIX, sortOrder: 2 } },
    { change: 'shared-users count', plan: { ...NETFLIX, sharedUsers: 5 } },
    {
      change: 'order of the features',
      plan: { ...NETFLIX, features: { ...NETFLIX.features, en: [...NETFLIX.features.en].reverse() } },
    },
  ])('revises a plan whose $change changed', ({ plan }) => {
    spec()
      .given([published()])
      .when(publish(plan, REVISED_AT))
      .then([revised(plan)]);
  });

  it('revises a plan published before the shared-users count was part of a plan', () => {
    const { sharedUsers: _absent, ...withoutCount } = NETFLIX;
    spec()
      .given([{ type: 'PlanPublished', data: { ...withoutCount, publishedAt: PUBLISHED_AT.toISOString() } }])
      .when(publish(NETFLIX, REVISED_AT))
      .then([revised(NETFLIX)]);
  });

  it('goes back to an earlier version with a new revision', () => {
    const dearer = { ...NETFLIX, monthlyPriceCents: 499 };
    spec()
      .given([published(), revised(dearer)])
      .when(publish(NETFLIX, REVISED_AT))
      .then([revised(NETFLIX)]);
  });

  const fiveFeatures = NETFLIX.features.fr.slice(0, 5);
  const sevenFeatures = [...NETFLIX.features.en, 'Extra'];

  it.each<{ problem: string; plan: PlanDetails; message: string }>([
    { problem: 'an upper-case slug', plan: { ...NETFLIX, planId: 'Netflix' }, message: 'planId' },
    { problem: 'a slug with spaces', plan: { ...NETFLIX, planId: 'netflix premium' }, message: 'planId' },
    { problem: 'a slug starting with a hyphen', plan: { ...NETFLIX, planId: '-netflix' }, message: 'planId' },
    { problem: 'an empty slug', plan: { ...NETFLIX, planId: '' }, message: 'planId' },
    { problem: 'a slug of 64 characters', plan: { ...NETFLIX, planId: 'a'.repeat(64) }, message: 'planId' },
    { problem: 'a blank name', plan: { ...NETFLIX, name: '  ' }, message: 'name' },
    { problem: 'a price in euros', plan: { ...NETFLIX, monthlyPriceCents: 4.53 }, message: 'monthlyPriceCents' },
    { problem: 'a zero price', plan: { ...NETFLIX, monthlyPriceCents: 0 }, message: 'monthlyPriceCents' },
    { problem: 'a negative price', plan: { ...NETFLIX, monthlyPriceCents: -453 }, message: 'monthlyPriceCents' },
    { problem: 'a lower-case currency', plan: { ...NETFLIX, currency: 'eur' }, message: 'currency' },
    { problem: 'a currency name', plan: { ...NETFLIX, currency: 'EURO' }, message: 'currency' },
    {
      problem: 'five French features',
      plan: { ...NETFLIX, features: { ...NETFLIX.features, fr: fiveFeatures } },
      message: 'features.fr',
    },
    {
      problem: 'seven English features',
      plan: { ...NETFLIX, features: { ...NETFLIX.features, en: sevenFeatures } },
      message: 'features.en',
    },
    {
      problem: 'no English features',
      plan: { ...NETFLIX, features: { fr: NETFLIX.features.fr } as PlanDetails['features'] },
      message: 'features.en',
    },
    { problem: 'one user sharing', plan: { ...NETFLIX, sharedUsers: 1 }, message: 'sharedUsers' },
    { problem: 'a fractional user count', plan: { ...NETFLIX, sharedUsers: 2.5 }, message: 'sharedUsers' },
    {
      problem: 'no shared-users count',
      plan: { ...NETFLIX, sharedUsers: undefined } as unknown as PlanDetails,
      message: 'sharedUsers',
    },
    {
      problem: 'an unknown category',
      plan: { ...NETFLIX, category: 'Games' as PlanDetails['category'] },
      message: 'category',
    },
  ])('refuses $problem with plan.invalid', ({ plan, message }) => {
    spec()
      .when(publish(plan))
      .thenThrows({ code: 'plan.invalid', details: { problems: [expect.stringContaining(message)] } });
  });

  it('lists every problem at once', () => {
    spec()
      .when(publish({ ...NETFLIX, planId: 'Bad Slug', monthlyPriceCents: 0, currency: 'eur' }))
      .thenThrows({
        code: 'plan.invalid',
        details: {
          problems: [
            expect.stringContaining('planId'),
            expect.stringContaining('monthlyPriceCents'),
            expect.stringContaining('currency'),
          ],
        },
      });
  });

  it('refuses an invalid revision of a published plan', () => {
    spec()
      .given([published()])
      .when(publish({ ...NETFLIX, monthlyPriceCents: 0 }, REVISED_AT))
      .thenThrows({ code: 'plan.invalid' });
  });
});

describe("the operator's changes to a plan", () => {
  const EDITED_AT = new Date('2025-06-01T08:00:00.000Z');
  const changes = (overrides: Partial<PlanChanges> = {}): PlanChanges => ({
    monthlyPriceCents: NETFLIX.monthlyPriceCents,
    features: NETFLIX.features,
    popular: NETFLIX.popular,
    onSale: true,
    ...overrides,
  });
  const revise = (overrides: Partial<PlanChanges> = {}, expectedVersion = 1): RevisePlan => ({
    type: 'RevisePlan',
    data: { planId: 'netflix-premium', changes: changes(overrides), expectedVersion, now: EDITED_AT },
  });
  const byOperator = (plan: PlanDetails): PlanRevised => ({
    type: 'PlanRevised',
    data: { ...plan, revisedAt: EDITED_AT.toISOString(), byOperator: true },
  });
  const withdrawn: PlanWithdrawn = {
    type: 'PlanWithdrawn',
    data: { planId: 'netflix-premium', withdrawnAt: EDITED_AT.toISOString() },
  };

  it('revise its price, features and popular flag, recorded as the operator’s', () => {
    const dearer = { ...NETFLIX, monthlyPriceCents: 499, popular: false };
    spec()
      .given([published()])
      .when(revise({ monthlyPriceCents: 499, popular: false }))
      .then([byOperator(dearer)]);
  });

  it('record nothing for an unchanged form', () => {
    spec().given([published()]).when(revise()).thenNothing();
  });

  it('take a plan off sale and put it back', () => {
    spec()
      .given([published()])
      .when(revise({ onSale: false }))
      .then([withdrawn]);
    spec()
      .given([published(), withdrawn])
      .when(revise({ onSale: true }, 2))
      .then([{ type: 'PlanBackOnSale', data: { planId: 'netflix-premium', backOnSaleAt: EDITED_AT.toISOString() } }]);
  });

  it('refuse a form loaded before another change', () => {
    spec()
      .given([published(), revised({ ...NETFLIX, monthlyPriceCents: 399 })])
      .when(revise({ monthlyPriceCents: 499 }, 1))
      .thenThrows({ code: 'plan.stale', details: { version: 2, expectedVersion: 1 } });
  });

  it('refuse a plan that does not exist and invalid values', () => {
    spec().when(revise()).thenThrows({ code: 'plan.not_found' });
    spec()
      .given([published()])
      .when(revise({ monthlyPriceCents: 0 }))
      .thenThrows({ code: 'plan.invalid' });
    spec()
      .given([published()])
      .when(revise({ features: { fr: ['Un'], en: NETFLIX.features.en } }))
      .thenThrows({ code: 'plan.invalid', details: { problems: [expect.stringContaining('features.fr')] } });
  });

  it('are kept when the launch seed publishes the plan again at the next start', () => {
    spec()
      .given([published(), byOperator({ ...NETFLIX, monthlyPriceCents: 499 })])
      .when(publish(NETFLIX, new Date('2025-07-01T00:00:00.000Z')))
      .thenNothing();
  });

  it('keep a plan without a shared-users count without one', () => {
    const { sharedUsers: _absent, ...withoutCount } = NETFLIX;
    spec()
      .given([{ type: 'PlanPublished', data: { ...withoutCount, publishedAt: PUBLISHED_AT.toISOString() } }])
      .when(revise({ monthlyPriceCents: 499 }))
      .then([
        {
          type: 'PlanRevised',
          data: { ...withoutCount, monthlyPriceCents: 499, revisedAt: EDITED_AT.toISOString(), byOperator: true },
        },
      ]);
  });
});
