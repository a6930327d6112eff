import { type PlanChanges, type PlanState, type PromoCodeTerms, type PromotionState } from '@shop/domain';
import type { EventMetadata } from '@shop/event-store';
import { getPlanForAdmin, getPromoCode, whenProjected } from '@shop/projections';
import type { AdminPlan, AdminPromoCode } from '@shop/contracts';
import type { Knex } from 'knex';
import type { PromotionCommands } from './promotion-commands.js';
import type { PlanCommands } from './plan-commands.js';

/** The operator acting, and the request they act in. */
export interface OperatorAct {
  adminId: string;
  correlationId: string;
}

const metadataOf = (act: OperatorAct): EventMetadata => ({
  actor: { type: 'admin', id: act.adminId },
  correlationId: act.correlationId,
});

/**
 * The back-office's decisions on the catalogue: promo codes and plans, each through its stream's
 * decider with the operator as actor.
 */
export class OperatorCatalogue {
  constructor(
    private readonly deps: {
      knex: Knex;
      commands: { promotions: PromotionCommands; plans: PlanCommands };
      clock: () => Date;
    },
  ) {}

  async createPromoCode(input: PromoCodeTerms & { active: boolean }, act: OperatorAct): Promise<AdminPromoCode> {
    const now = this.deps.clock();
    const { state } = await this.deps.commands.promotions.execute(
      { type: 'CreatePromoCode', data: { ...input, now } },
      metadataOf(act),
    );
    const row = await whenProjected(
      () => getPromoCode(this.deps.knex, input.code),
      (found) => found !== null,
    );
    return row ?? promoCodeView(state, { createdAt: now.toISOString(), updatedAt: now.toISOString() });
  }

  async revisePromoCode(
    input: PromoCodeTerms & { active: boolean; version: number },
    act: OperatorAct,
  ): Promise<AdminPromoCode> {
    const now = this.deps.clock();
    const { version, ...terms } = input;
    const { state, newEvents } = await this.deps.commands.promotions.execute(
      { type: 'RevisePromoCode', data: { ...terms, expectedRevision: version, now } },
      metadataOf(act),
    );
    const revision = state.status === 'defined' ? state.revision : 0;
    const row = await whenProjected(
      () => getPromoCode(this.deps.knex, input.code),
      (found) => found !== null && found.version >= revision,
    );
    if (row) return row;
    const before = await getPromoCode(this.deps.knex, input.code);
    return promoCodeView(state, {
      createdAt: before?.createdAt ?? now.toISOString(),
      updatedAt: newEvents.length > 0 || !before ? now.toISOString() : before.updatedAt,
    });
  }

  async revisePlan(planId: string, input: PlanChanges & { version: number }, act: OperatorAct): Promise<AdminPlan> {
    const now = this.deps.clock();
    const { version, ...changes } = input;
    const { state, newEvents } = await this.deps.commands.plans.execute(
      { type: 'RevisePlan', data: { planId, changes, expectedVersion: version, now } },
      metadataOf(act),
    );
    const decided = state.status === 'published' ? state.version : 0;
    const row = await whenProjected(
      () => getPlanForAdmin(this.deps.knex, planId),
      (found) => found !== null && found.version >= decided,
    );
    if (row) return row;
    const before = await getPlanForAdmin(this.deps.knex, planId);
    return planView(state, before, newEvents.length > 0 ? now.toISOString() : undefined);
  }
}

function promoCodeView(state: PromotionState, times: { createdAt: string; updatedAt: string }): AdminPromoCode {
  if (state.status !== 'defined') throw new Error('A promo code just decided has a definition');
  const { code, percentOff, validFrom, validUntil, usageLimit } = state.definition;
  return {
    id: code,
    code,
    percentOff,
    validFrom,
    validUntil,
    usageLimit,
    timesUsed: state.redemptions,
    active: state.active,
    ...times,
    version: state.revision,
  };
}

function planView(state: PlanState, before: AdminPlan | null, updatedAt: string | undefined): AdminPlan {
  if (state.status !== 'published') throw new Error('A plan just revised is published');
  const { plan } = state;
  return {
    id: plan.planId,
    name: plan.name,
    category: plan.category,
    monthlyPriceCents: plan.monthlyPriceCents,
    currency: plan.currency,
    popular: plan.popular,
    onSale: state.onSale,
    logo: plan.logo,
    features: { fr: plan.features.fr, en: plan.features.en },
    sharedUsers: plan.sharedUsers ?? null,
    sortOrder: plan.sortOrder,
    updatedAt: updatedAt ?? before?.updatedAt ?? new Date(0).toISOString(),
    version: state.version,
  };
}
