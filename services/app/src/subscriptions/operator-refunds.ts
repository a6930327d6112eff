import { randomUUID } from 'node:crypto';
import { DomainError, latestPayment, NotFoundError, refundableCents, type SubscriptionState } from '@shop/domain';
import type { SubscriptionMoney, SubscriptionRefund } from '@shop/contracts';
import type { EventMetadata } from '@shop/event-store';
import { idForKey } from '../infrastructure/idempotency.js';
import type { Logger } from '../infrastructure/logger.js';
import type { PaymentProvider, ProviderName } from '../payments/payment-provider.js';
import type { SubscriptionCommands } from './subscription-commands.js';

type Existing = Exclude<SubscriptionState, { status: 'none' }>;

const SETTLEMENT_ACTOR = { type: 'system', id: 'refunds' } as const;

/**
 * The operator's refunds: asked on the subscription's stream (`RefundInitiated`: the amount is
 * decided there, never more than is left), then made at the payment's provider and settled
 * (`SettleRefund`). The request answers once the provider did; if the process dies between the
 * two, the job the initiation implies (`settle-refund`) asks the provider again under the same
 * idempotency key, so a refund is made once however often it is asked.
 */
export class OperatorRefunds {
  constructor(
    private readonly deps: {
      commands: { subscriptions: SubscriptionCommands };
      providers: ReadonlyMap<ProviderName, PaymentProvider>;
      clock: () => Date;
      logger: Logger;
    },
  ) {}

  /** Each payment of the subscription and each refund the operator asked for. */
  async money(subscriptionId: string): Promise<SubscriptionMoney> {
    const state = await this.existing(subscriptionId);
    return {
      payments: Object.entries(state.payments ?? {}).map(([reference, payment]) => {
        const refundable = refundableCents(state, reference);
        return {
          reference,
          kind: payment.kind,
          provider: payment.provider,
          amountCents: payment.amountCents,
          currency: payment.currency,
          paidAt: payment.paidAt,
          refundedCents: payment.refundedCents,
          pendingRefundCents: payment.amountCents - payment.refundedCents - refundable,
          refundableCents: refundable,
        };
      }),
      refunds: Object.keys(state.operatorRefunds ?? {}).map((id) => refundView(state, id)),
    };
  }

  /** Asks for a refund and, unless the provider cannot be reached now, makes it. */
  async refund(
    subscriptionId: string,
    request: { amountCents: number; reason: string; paymentReference?: string },
    act: { adminId: string; correlationId: string; idempotencyKey?: string },
  ): Promise<SubscriptionRefund> {
    const state = await this.existing(subscriptionId);
    const reference = request.paymentReference ?? latestPayment(state)?.reference;
    const payment = reference ? state.payments?.[reference] : undefined;
    if (payment && !this.deps.providers.get(payment.provider as ProviderName)?.refund) {
      throw new DomainError({
        code: 'refund.unsupported_provider',
        message: `The shop cannot refund through ${payment.provider}: refund from its own dashboard`,
        details: { subscriptionId, provider: payment.provider },
      });
    }
    const refundId = act.idempotencyKey ? idForKey('refund', subscriptionId, act.idempotencyKey) : randomUUID();
    const metadata: EventMetadata = { actor: { type: 'admin', id: act.adminId }, correlationId: act.correlationId };
    const { state: asked } = await this.deps.commands.subscriptions.execute(
      {
        type: 'InitiateRefund',
        data: {
          subscriptionId,
          refundId,
          paymentReference: request.paymentReference ?? null,
          amountCents: request.amountCents,
          reason: request.reason,
          now: this.deps.clock(),
        },
      },
      metadata,
    );
    let after = existingOf(asked, subscriptionId);
    try {
      after = await this.settle(subscriptionId, refundId, metadata, after);
    } catch (error) {
      // The provider could not be asked now: the refund stays pending and its job asks again.
      this.deps.logger.warn({ err: error, subscriptionId, refundId }, 'refund not settled yet; its job will retry');
    }
    return refundView(after, refundId);
  }

  /**
   * Makes a pending refund at its provider and records the answer; nothing when it is settled
   * already. `known`: the subscription as the caller just wrote it (read otherwise). Answers it after.
   */
  async settle(
    subscriptionId: string,
    refundId: string,
    metadata: EventMetadata = { actor: SETTLEMENT_ACTOR },
    known?: Existing,
  ): Promise<Existing> {
    const state = known ?? (await this.existing(subscriptionId));
    const refund = state.operatorRefunds?.[refundId];
    if (refund?.status !== 'pending') return state;
    const payment = state.payments?.[refund.paymentReference];
    const provider = payment ? this.deps.providers.get(payment.provider as ProviderName) : undefined;
    const outcome = provider?.refund
      ? await provider.refund({
          paymentReference: refund.paymentReference,
          amountCents: refund.amountCents,
          currency: refund.currency,
          idempotencyKey: `refund-${refundId}`,
        })
      : { failure: 'provider_unavailable' };
    const settled = await this.deps.commands.subscriptions.execute(
      { type: 'SettleRefund', data: { subscriptionId, refundId, outcome, now: this.deps.clock() } },
      metadata,
    );
    return existingOf(settled.state, subscriptionId);
  }

  private async existing(subscriptionId: string): Promise<Existing> {
    return existingOf(await this.deps.commands.subscriptions.current(subscriptionId), subscriptionId);
  }
}

/** The subscription the state holds, or `subscription.not_found`. */
function existingOf(state: SubscriptionState, subscriptionId: string): Existing {
  if (state.status === 'none') {
    throw new NotFoundError({
      code: 'subscription.not_found',
      message: 'No such subscription',
      details: { subscriptionId },
    });
  }
  return state;
}

function refundView(state: Existing, refundId: string): SubscriptionRefund {
  const refund = state.operatorRefunds?.[refundId];
  if (!refund) throw new Error(`refund ${refundId} is not on subscription ${state.subscriptionId}`);
  return {
    id: refundId,
    paymentReference: refund.paymentReference,
    amountCents: refund.amountCents,
    currency: refund.currency,
    reason: refund.reason,
    status: refund.status,
    failure: refund.failure,
    requestedAt: refund.requestedAt,
  };
}
