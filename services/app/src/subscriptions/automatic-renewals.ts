import {
  chargeableRenewal,
  priceOrder,
  renewalDueAt,
  type RenewalChargeFailed,
  type RenewalOrdered,
} from '@shop/domain';
import {
  activeState,
  getPlan,
  getSubscription,
  listRenewalsDue,
  subscriptionsProjection,
  type SubscriptionView,
} from '@shop/projections';
import type { EventMetadata } from '@shop/event-store';
import type { Knex } from 'knex';
import { idForKey } from '../infrastructure/idempotency.js';
import type { Logger } from '../infrastructure/logger.js';
import type { JobHandlers } from '../jobs/job-queue.js';
import { NotYetError } from '../jobs/not-yet.js';
import type { ChargeAnswer, PaymentProvider, ProviderName } from '../payments/payment-provider.js';
import type { Reactor } from '../reactors/reactor.js';
import type { SubscriptionCommands } from './subscription-commands.js';
import { checkoutDescription } from './checkout.js';
import { customerLanguage } from '../notifications/customer-preferences.js';

/** Who orders and charges automatic renewals in the log. */
const RENEWAL_ACTOR: EventMetadata = { actor: { type: 'system', id: 'renewals' } };

/** How long a charge the provider answers later waits before it is asked about again (its notification may be lost). */
const PENDING_CHARGE_RECHECK_MS = 15 * 60_000;

/** How often the worker looks for renewals whose charge is due: a due one is charged within a minute. */
export const RENEWAL_SWEEP_INTERVAL_MS = 30_000;

export interface RenewalSettings {
  /** How long before its expiry a subscription is charged for its next period. */
  leadHours: number;
  /** When a declined charge is tried again, in hours after the first decline. */
  retryHours: readonly number[];
}

/**
 * When a subscription that renews itself is charged next, at the shop's lead: the read model's
 * view with `nextChargeAt` in place of when its period began.
 */
export function withNextCharge<
  V extends Pick<SubscriptionView, 'autoRenew' | 'status' | 'expiresAt' | 'periodStartedAt'>,
>(view: V, leadHours: number): Omit<V, 'periodStartedAt'> & { nextChargeAt: string | null } {
  const { periodStartedAt, ...rest } = view;
  const renews = view.autoRenew && view.status === 'active' && view.expiresAt !== null;
  return {
    ...rest,
    nextChargeAt: renews
      ? renewalDueAt({ expiresAt: view.expiresAt!, periodStartedAt }, leadHours).toISOString()
      : null,
  };
}

/**
 * What the kept method is charged next for a subscription that renews itself: the order's months at
 * the catalogue's price now (as the renewal is priced when it is ordered), at the shop's lead before
 * the expiry; null when it does not renew itself or its plan is off sale.
 */
export function nextChargeOf(
  view: Pick<SubscriptionView, 'autoRenew' | 'status' | 'expiresAt' | 'periodStartedAt' | 'months'>,
  plan: { monthlyPriceCents: number; currency: string } | undefined,
  leadHours: number,
): { at: string; amountCents: number } | null {
  const { nextChargeAt } = withNextCharge(view, leadHours);
  if (nextChargeAt === null || !plan) return null;
  const { totalCents } = priceOrder({
    monthlyPriceCents: plan.monthlyPriceCents,
    months: view.months,
    currency: plan.currency,
    discountPercent: 0,
  });
  return { at: nextChargeAt, amountCents: totalCents };
}

/**
 * Subscriptions that renew themselves: a sweep orders each next period once its charge is due
 * (`RENEWAL_LEAD_HOURS` before the expiry), and a job charges the kept method for it, then again
 * on the retry schedule after a decline. Each try is decided on the subscription's stream; the
 * provider's idempotency key (the renewal and the try) makes a repeated job the same charge.
 */
export class AutomaticRenewals {
  constructor(
    private readonly deps: {
      knex: Knex;
      commands: { subscriptions: SubscriptionCommands };
      providers: ReadonlyMap<ProviderName, PaymentProvider>;
      clock: () => Date;
      logger: Logger;
      settings: RenewalSettings;
    },
  ) {}

  /** Orders every renewal whose charge is due (the repeating sweep); answers how many it ordered. */
  async orderDue(): Promise<number> {
    const { knex, clock, settings, logger } = this.deps;
    // A fresh shop: the read model is still being built, and the next sweep catches up.
    if (!(await activeState(knex, subscriptionsProjection.name))) return 0;
    let ordered = 0;
    for (const due of await listRenewalsDue(knex, { now: clock(), leadHours: settings.leadHours })) {
      try {
        ordered += await this.orderOne(due);
      } catch (error) {
        // One subscription's trouble does not hold up the others; the next sweep tries it again.
        logger.error({ err: error, subscriptionId: due.id }, 'automatic renewal could not be ordered');
      }
    }
    return ordered;
  }

  private async orderOne(due: { id: string; planId: string; expiresAt: string }): Promise<number> {
    const plan = await getPlan(this.deps.knex, due.planId, 'fr', { onSaleOnly: true });
    if (!plan) {
      this.deps.logger.warn(
        { subscriptionId: due.id, planId: due.planId },
        'plan no longer on sale: the subscription is not renewed automatically',
      );
      return 0;
    }
    const { newEvents } = await this.deps.commands.subscriptions.execute(
      {
        type: 'OrderAutomaticRenewal',
        data: {
          subscriptionId: due.id,
          // One renewal per subscription and expiry, whoever orders it and however often.
          renewalId: idForKey('automatic-renewal', due.id, due.expiresAt),
          forExpiry: due.expiresAt,
          plan: { monthlyPriceCents: plan.monthlyPriceCents, currency: plan.currency },
          leadHours: this.deps.settings.leadHours,
          retryHours: this.deps.settings.retryHours,
          now: this.deps.clock(),
        },
      },
      RENEWAL_ACTOR,
    );
    return newEvents.length;
  }

  /**
   * One try at charging an automatic renewal: nothing when it is paid, out of date, out of tries
   * or the customer cancelled since; otherwise the kept method is charged and the answer recorded.
   */
  async charge(subscriptionId: string, renewalId: string): Promise<void> {
    const { commands, providers, clock, logger } = this.deps;
    const state = await commands.subscriptions.current(subscriptionId);
    if (state.status === 'none' || state.voided || !state.autoRenew || !state.savedMethod) return;
    const renewal = chargeableRenewal(state, renewalId);
    if (!renewal) return;
    const waitMs = Date.parse(renewal.automatic.nextAttemptAt!) - clock().getTime();
    if (waitMs > 0) throw new NotYetError(`renewal charge due in ${waitMs} ms`, { retryInMs: waitMs });
    const method = state.savedMethod;
    const provider = providers.get(method.provider as ProviderName);
    if (!provider?.chargeSavedMethod) {
      // The provider was switched off since: the job fails, for the operator to see and retry.
      throw new Error(`provider ${method.provider} cannot charge the kept method of subscription ${subscriptionId}`);
    }
    // A try made already and not answered yet (the provider settles it later): ask how it went,
    // never charge again meanwhile.
    const unanswered = Object.entries(state.renewalSessions ?? {}).find(
      ([sessionId, id]) => id === renewalId && !renewal.automatic.declined[sessionId],
    )?.[0];
    if (unanswered) {
      const outcome = provider.checkCharge ? await provider.checkCharge(unanswered) : ({ kind: 'pending' } as const);
      await this.record(subscriptionId, renewalId, provider.name, { sessionId: unanswered, outcome });
      return;
    }
    const attempt = Object.keys(renewal.automatic.declined).length + 1;
    const [subscription, language] = await Promise.all([
      getSubscription(this.deps.knex, subscriptionId),
      customerLanguage(this.deps.knex, state.userId),
    ]);
    const planName = subscription?.planName ?? state.planId;
    const answer = await provider.chargeSavedMethod({
      subscriptionId,
      renewalId,
      description: checkoutDescription({ planName, months: renewal.months }, 'automatic', language),
      amountCents: renewal.totalCents,
      currency: renewal.currency,
      method,
      idempotencyKey: `renewal-${renewalId}-${attempt}`,
    });
    logger.info({ subscriptionId, renewalId, attempt, outcome: answer.outcome.kind }, 'automatic renewal charged');
    await this.record(subscriptionId, renewalId, provider.name, answer);
  }

  /**
   * Records what the provider answered of a charge; one still pending keeps its job waiting, to
   * ask again later should the provider's notification not come.
   */
  private async record(subscriptionId: string, renewalId: string, provider: string, answer: ChargeAnswer) {
    await this.deps.commands.subscriptions.execute(
      {
        type: 'RecordRenewalCharge',
        data: {
          subscriptionId,
          renewalId,
          provider,
          sessionId: answer.sessionId,
          outcome: answer.outcome,
          now: this.deps.clock(),
        },
      },
      RENEWAL_ACTOR,
    );
    if (answer.outcome.kind === 'pending') {
      throw new NotYetError(`renewal charge ${answer.sessionId} still pending at ${provider}`, {
        retryInMs: PENDING_CHARGE_RECHECK_MS,
      });
    }
  }
}

/**
 * Each automatic renewal ordered is charged at once; each decline with a try left is charged
 * again when its event says. Timers from the log: re-derived like every other.
 */
export const renewalChargeReactor: Reactor = {
  name: 'renewal-charges',
  eventTypes: ['RenewalOrdered', 'RenewalChargeFailed'],
  react: (recorded) => {
    if (recorded.type === 'RenewalOrdered') {
      const data = recorded.data as RenewalOrdered['data'];
      if (!data.automatic) return [];
      return [
        {
          jobId: recorded.id,
          name: 'charge-renewal',
          data: { subscriptionId: data.subscriptionId, renewalId: data.renewalId },
        },
      ];
    }
    const data = recorded.data as RenewalChargeFailed['data'];
    if (data.nextAttemptAt === null) return [];
    return [
      {
        jobId: recorded.id,
        name: 'charge-renewal',
        data: { subscriptionId: data.subscriptionId, renewalId: data.renewalId },
        runAt: new Date(data.nextAttemptAt),
      },
    ];
  },
};

export function renewalJobHandlers(deps: {
  renewals: AutomaticRenewals;
}): Pick<JobHandlers, 'order-due-renewals' | 'charge-renewal'> {
  return {
    'order-due-renewals': async () => {
      await deps.renewals.orderDue();
    },
    'charge-renewal': ({ subscriptionId, renewalId }) => deps.renewals.charge(subscriptionId, renewalId),
  };
}
