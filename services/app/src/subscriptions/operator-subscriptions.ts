import { randomUUID } from 'node:crypto';
import { DomainError, NotFoundError, type SubscriptionStatus } from '@shop/domain';
import { getAccount, getPlan } from '@shop/projections';
import type { Knex } from 'knex';
import { UUID } from '../credentials/customer-credentials.js';
import { idForKey, onceForKey } from '../infrastructure/idempotency.js';
import type { SubscriptionCommands } from './subscription-commands.js';

/** The operator acting, and the request they act in. */
export interface OperatorAct {
  adminId: string;
  correlationId: string;
}

const notFound = (subscriptionId: string) =>
  new NotFoundError({
    code: 'subscription.not_found',
    message: 'No such subscription',
    details: { subscriptionId },
  });

/**
 * The back-office's decisions on subscriptions, each through the subscription's decider with the
 * operator as actor: grant one (paid outside the shop, a gesture), change its status with a
 * reason, void one recorded by mistake.
 */
export class OperatorSubscriptions {
  constructor(
    private readonly deps: { knex: Knex; commands: { subscriptions: SubscriptionCommands }; clock: () => Date },
  ) {}

  /**
   * An active subscription for `userId`, from now for `months`, at the catalogue price of those
   * months or `customPriceCents`. With an idempotency key a retry answers the same subscription,
   * and the same key with another customer or other terms is refused (`idempotency.key_reused`).
   */
  async grant(
    input: { userId: string; planId: string; months: number; customPriceCents: number | null; idempotencyKey?: string },
    act: OperatorAct,
  ): Promise<{ subscriptionId: string; changed: boolean }> {
    const { idempotencyKey, ...request } = input;
    return onceForKey(
      this.deps.knex,
      { owner: act.adminId, key: idempotencyKey, request: { operation: 'grant-subscription', ...request } },
      () => this.grantOnce(input, act),
    );
  }

  private async grantOnce(
    input: { userId: string; planId: string; months: number; customPriceCents: number | null; idempotencyKey?: string },
    act: OperatorAct,
  ): Promise<{ subscriptionId: string; changed: boolean }> {
    const account = await getAccount(this.deps.knex, input.userId);
    if (!account)
      throw new NotFoundError({
        code: 'account.not_found',
        message: 'No such customer',
        details: { userId: input.userId },
      });
    // An erased person is no longer a customer: nothing is sold or given to them.
    const erased = await this.deps.knex('accounts').where({ id: input.userId }).whereNotNull('erased_at').first('id');
    if (erased)
      throw new DomainError({
        code: 'account.erased',
        message: 'This person was erased',
        details: { userId: input.userId },
      });
    const plan = await getPlan(this.deps.knex, input.planId, 'fr');
    if (!plan)
      throw new DomainError({
        code: 'order.unknown_plan',
        message: `No plan ${input.planId}`,
        details: { planId: input.planId },
      });
    const subscriptionId = input.idempotencyKey
      ? idForKey('operator-grant', act.adminId, input.idempotencyKey)
      : randomUUID();
    try {
      await this.deps.commands.subscriptions.execute(
        {
          type: 'GrantSubscription',
          data: {
            subscriptionId,
            userId: input.userId,
            plan: { id: plan.id, name: plan.name, monthlyPriceCents: plan.monthlyPriceCents, currency: plan.currency },
            months: input.months,
            customPriceCents: input.customPriceCents,
            now: this.deps.clock(),
          },
        },
        { actor: { type: 'admin', id: act.adminId }, correlationId: act.correlationId },
      );
      return { subscriptionId, changed: true };
    } catch (error) {
      // The same key again: the grant it made the first time.
      if (input.idempotencyKey && error instanceof DomainError && error.code === 'subscription.already_exists')
        return { subscriptionId, changed: false };
      throw error;
    }
  }

  /** `ChangeSubscriptionStatus` with the operator's reason; an illegal move is a domain error (409). */
  async changeStatus(subscriptionId: string, to: SubscriptionStatus, reason: string, act: OperatorAct) {
    if (!UUID.test(subscriptionId)) throw notFound(subscriptionId);
    const { newEvents } = await this.deps.commands.subscriptions.execute(
      { type: 'ChangeSubscriptionStatus', data: { subscriptionId, to, reason, now: this.deps.clock() } },
      { actor: { type: 'admin', id: act.adminId }, correlationId: act.correlationId },
    );
    return { changed: newEvents.length > 0 };
  }

  /**
   * Out of lists and figures, its history kept; voiding twice changes nothing. A paid one is
   * refunded instead unless the operator `insist`s (`subscription.void_paid`, 409).
   */
  async void(subscriptionId: string, reason: string, act: OperatorAct, options: { insist?: boolean } = {}) {
    if (!UUID.test(subscriptionId)) throw notFound(subscriptionId);
    const { newEvents } = await this.deps.commands.subscriptions.execute(
      {
        type: 'VoidSubscription',
        data: { subscriptionId, reason, ...(options.insist ? { insist: true } : {}), now: this.deps.clock() },
      },
      { actor: { type: 'admin', id: act.adminId }, correlationId: act.correlationId },
    );
    return { changed: newEvents.length > 0 };
  }

  /**
   * A cancelled subscription, paid and before its expiry, active again with the operator's reason;
   * never for a person erased since (`account.erased`).
   */
  async reactivate(subscriptionId: string, reason: string, act: OperatorAct) {
    if (!UUID.test(subscriptionId)) throw notFound(subscriptionId);
    const current = await this.deps.commands.subscriptions.current(subscriptionId);
    if (current.status !== 'none') {
      const erased = await this.deps
        .knex('accounts')
        .where({ id: current.userId })
        .whereNotNull('erased_at')
        .first('id');
      if (erased)
        throw new DomainError({
          code: 'account.erased',
          message: 'This person was erased: nothing is served to them any more',
          details: { userId: current.userId },
        });
    }
    const { newEvents } = await this.deps.commands.subscriptions.execute(
      { type: 'ReactivateSubscription', data: { subscriptionId, reason, now: this.deps.clock() } },
      { actor: { type: 'admin', id: act.adminId }, correlationId: act.correlationId },
    );
    return { changed: newEvents.length > 0 };
  }

  /**
   * Ends every live subscription of a customer being erased (pending, active, suspended), each by
   * its decider with the reason `customer erased`, in the erasure's request (ADR 0026).
   */
  async endForErasedCustomer(userId: string, act: OperatorAct & { actorType?: 'admin' | 'system' }): Promise<string[]> {
    const live = await this.deps
      .knex('subscriptions')
      .where({ user_id: userId })
      .whereNull('voided_at')
      .whereIn('status', ['pending', 'active', 'suspended'])
      .orderBy('created_at')
      .pluck<string[]>('id');
    const ended: string[] = [];
    for (const subscriptionId of live) {
      const { newEvents } = await this.deps.commands.subscriptions.execute(
        { type: 'EndForErasedCustomer', data: { subscriptionId, userId, now: this.deps.clock() } },
        { actor: { type: act.actorType ?? 'admin', id: act.adminId }, correlationId: act.correlationId },
      );
      if (newEvents.length > 0) ended.push(subscriptionId);
    }
    return ended;
  }
}
