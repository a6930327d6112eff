import { randomUUID } from 'node:crypto';
import type { SubscriptionCommand } from '@shop/domain';
import type { AutoRenewAnswer, CancellationAnswer, RefundRequestAnswer, RenewalResponse } from '@shop/contracts';
import type { EventMetadata } from '@shop/event-store';
import { idForKey, onceForKey } from '../infrastructure/idempotency.js';
import {
  purchaseTermsOf,
  enabledProvider,
  requireAutomaticRenewal,
  type PaymentServiceDependencies,
  type PurchaseChoices,
} from '../payments/payment-dependencies.js';
import type { Checkouts } from './checkout.js';
import type { Ordering } from './ordering.js';

export interface RenewInput extends PurchaseChoices {
  subscriptionId: string;
}

const customer = (userId: string, correlationId: string): EventMetadata => ({
  actor: { type: 'customer', id: userId },
  correlationId,
});

/**
 * What a customer does with a subscription they have: renew it early (a checkout for more months
 * of the same subscription), cancel it (it runs to its expiry and no further), ask for a refund
 * under the 7-day guarantee. Each is a command on the subscription's stream, decided there.
 */
export class SubscriptionLifecycle {
  constructor(
    private readonly deps: Pick<PaymentServiceDependencies, 'knex' | 'commands' | 'providers' | 'clock'>,
    private readonly checkouts: Checkouts,
    private readonly ordering: Ordering,
  ) {}

  /**
   * Orders a renewal at the catalogue's price now and opens its checkout. With an Idempotency-Key
   * the renewal's id comes from the key: a retry finds the renewal its first run ordered.
   */
  renew(input: RenewInput, options: { idempotencyKey?: string; correlationId: string }): Promise<RenewalResponse> {
    const { language: _language, ...request } = input;
    const renewalId = options.idempotencyKey ? idForKey('renewal', input.userId, options.idempotencyKey) : randomUUID();
    return onceForKey(
      this.deps.knex,
      { owner: input.userId, key: options.idempotencyKey, request: { renew: request } },
      async () => {
        const provider = enabledProvider(this.deps.providers, input.provider);
        if (input.autoRenew) requireAutomaticRenewal(provider);
        const subscription = await this.checkouts.ownedSubscription(input.userId, input.subscriptionId);
        const plan = await this.ordering.requirePlan(subscription.planId);
        const metadata = customer(input.userId, options.correlationId);
        await this.deps.commands.subscriptions.orderRenewal(
          {
            subscriptionId: subscription.id,
            renewalId,
            userId: input.userId,
            plan: { monthlyPriceCents: plan.monthlyPriceCents, currency: plan.currency },
            ...purchaseTermsOf(input, provider, this.deps.clock()),
          },
          input.promoCode?.trim() || null,
          metadata,
        );
        // Read back rather than taken from the append: a retry ordered nothing new.
        const state = await this.deps.commands.subscriptions.current(subscription.id);
        const renewal = state.status === 'none' ? undefined : state.renewals?.[renewalId];
        if (!renewal) throw new Error(`renewal ${renewalId} of ${subscription.id} is not in its stream`);
        const redirectUrl = await this.checkouts.checkoutRenewal(
          {
            subscriptionId: subscription.id,
            renewalId,
            planName: subscription.planName,
            months: renewal.months,
            totalCents: renewal.totalCents,
            currency: renewal.currency,
            saveMethod: renewal.autoRenew === true,
          },
          { userId: input.userId, provider, language: input.language },
          metadata,
        );
        return {
          subscriptionId: subscription.id,
          renewalId,
          months: renewal.months,
          totalCents: renewal.totalCents,
          currency: renewal.currency,
          redirectUrl,
        };
      },
    );
  }

  /** The customer cancels: it stays active until its expiry, then ends. Cancelling again changes nothing. */
  async cancel(
    input: { userId: string; subscriptionId: string; reason: string | null },
    correlationId: string,
  ): Promise<CancellationAnswer> {
    const { subscriptionId, state } = await this.onOwn(input, correlationId, (data) => ({
      type: 'CancelSubscription',
      data: { ...data, reason: input.reason },
    }));
    if (state.status === 'none' || !state.cancelledAt || !state.expiresAt) {
      throw new Error(`subscription ${subscriptionId} is not cancelled after its cancellation`);
    }
    return { subscriptionId, cancelledAt: state.cancelledAt, accessEndsAt: state.expiresAt };
  }

  /**
   * Turning automatic renewal off is cancelling. Turning it on again needs the payment method the
   * provider kept for this subscription (`subscription.no_saved_method` without one).
   */
  async setAutoRenew(
    input: { userId: string; subscriptionId: string; enabled: boolean },
    correlationId: string,
  ): Promise<AutoRenewAnswer> {
    if (!input.enabled) return { ...(await this.cancel({ ...input, reason: null }, correlationId)), autoRenew: false };
    const { subscriptionId, state } = await this.onOwn(input, correlationId, (data) => ({
      type: 'ResumeAutoRenewal',
      data,
    }));
    if (state.status === 'none' || !state.autoRenew || !state.expiresAt) {
      throw new Error(`subscription ${subscriptionId} does not renew itself after automatic renewal was turned on`);
    }
    return { subscriptionId, autoRenew: true, cancelledAt: null, accessEndsAt: state.expiresAt };
  }

  /** The 7-day guarantee: the request is recorded for the operator, once per payment. */
  async requestRefund(
    input: { userId: string; subscriptionId: string; reason: string },
    correlationId: string,
  ): Promise<RefundRequestAnswer> {
    const { subscriptionId, state, newEvents } = await this.onOwn(input, correlationId, (data) => ({
      type: 'RequestRefund',
      data: { ...data, reason: input.reason },
    }));
    // The payment this request was for; asked again, the one asked for last.
    const recorded = newEvents.find((event) => event.type === 'RefundRequested');
    const asked =
      recorded?.data.paymentReference ??
      (state.status === 'none' ? undefined : Object.keys(state.refundRequested ?? {}).at(-1));
    const payment = asked && state.status !== 'none' ? state.payments?.[asked] : undefined;
    if (!asked || !payment) throw new Error(`subscription ${subscriptionId} has no payment after a refund request`);
    return {
      subscriptionId,
      paymentReference: asked,
      amountCents: payment.amountCents,
      currency: payment.currency,
      status: 'requested',
    };
  }

  /** A customer's command on a subscription of theirs (404 for anyone else's), decided on its stream. */
  private async onOwn(
    input: { userId: string; subscriptionId: string },
    correlationId: string,
    command: (data: { subscriptionId: string; userId: string; now: Date }) => SubscriptionCommand,
  ) {
    const subscription = await this.checkouts.ownedSubscription(input.userId, input.subscriptionId);
    const { state, newEvents } = await this.deps.commands.subscriptions.execute(
      command({ subscriptionId: subscription.id, userId: input.userId, now: this.deps.clock() }),
      customer(input.userId, correlationId),
    );
    return { subscriptionId: subscription.id, state, newEvents };
  }
}
