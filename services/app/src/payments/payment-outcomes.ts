import { subscriptionStreamId, type SubscriptionEvent } from '@shop/domain';
import { asDomainEvent, type EventMetadata } from '@shop/event-store';
import type { PaymentServiceDependencies } from './payment-dependencies.js';
import type { PaymentOutcome } from './payment-provider.js';

/**
 * A provider reported money for a checkout the shop did not open for the order it names (another
 * integration on the same account, a hand-made payment link, forged metadata): recorded, never applied.
 */
export const UNMATCHED_PAYMENT_EVENT_TYPE = 'ProviderPaymentUnmatched';
export const unmatchedPaymentStreamId = (provider: string, providerId: string) =>
  `unmatched-payment-${provider}-${providerId}`;

/** The data of a `ProviderPaymentUnmatched` event: ids and amounts only, as the provider gave them. */
export interface UnmatchedPayment {
  provider: string;
  kind: 'paid' | 'refunded';
  /** The provider's checkout (session, payment or order id) the money went through; null when it named none. */
  sessionId: string | null;
  /** The provider's payment id (Stripe payment intent, Mollie payment, PayPal capture). */
  paymentReference: string;
  amountCents: number;
  currency: string;
  /** The order the provider's metadata named: not necessarily one, and not confirmed. */
  claimedSubscriptionId: string;
  recordedAt: string;
}

/** What became of an outcome: applied to its order, recorded as unmatched, or ignored. */
export type AppliedOutcome = 'applied' | 'unmatched' | 'ignored';

/**
 * What a provider said, applied as idempotent commands on the order's stream: a paid order becomes
 * exactly one active subscription whatever order and however often the providers report it.
 */
export class PaymentOutcomes {
  constructor(
    private readonly deps: Pick<PaymentServiceDependencies, 'store' | 'commands' | 'clock' | 'logger' | 'metrics'>,
  ) {}

  /**
   * Applies what a provider said to the order it names, only if the payment went through a
   * checkout the shop opened for that order (a `PaymentSessionOpened` of this provider and
   * session on the order's stream): metadata alone matches nothing. Money paid or refunded
   * elsewhere is recorded as unmatched; a failure elsewhere is only logged.
   */
  async applyOutcome(provider: string, outcome: PaymentOutcome, metadata: EventMetadata): Promise<AppliedOutcome> {
    if (outcome.kind === 'ignored') {
      this.deps.logger.info({ provider, reason: outcome.reason }, 'payment notification ignored');
      return 'ignored';
    }
    if (outcome.kind === 'pending') return 'applied';
    if (!(await this.openedForOrder(provider, outcome.sessionId, outcome.subscriptionId))) {
      if (outcome.kind === 'paid' || outcome.kind === 'refunded') {
        await this.recordUnmatched(provider, outcome, metadata);
        return 'unmatched';
      }
      this.deps.logger.info(
        { provider, sessionId: outcome.sessionId, subscriptionId: outcome.subscriptionId, kind: outcome.kind },
        'payment notification ignored: not a checkout the shop opened for this order',
      );
      return 'ignored';
    }
    // Counted once: a repeated notification, or the success page after the webhook, changes nothing.
    if (await this.applyMatched(provider, outcome, metadata))
      this.deps.metrics?.paymentRecorded(provider, outcome.kind);
    return 'applied';
  }

  /** Whether the shop opened checkout `sessionId` at `provider` for order `subscriptionId`. */
  private async openedForOrder(provider: string, sessionId: string | null, subscriptionId: string): Promise<boolean> {
    if (!sessionId) return false;
    const history = await this.deps.store.readStream(subscriptionStreamId(subscriptionId));
    return history
      .map(asDomainEvent<SubscriptionEvent>)
      .some(
        (event) =>
          event.type === 'PaymentSessionOpened' &&
          event.data.provider === provider &&
          event.data.sessionId === sessionId,
      );
  }

  /** Once per provider checkout and kind (a repeated notification or sync adds nothing); never touches the order. */
  private async recordUnmatched(
    provider: string,
    outcome: Extract<PaymentOutcome, { kind: 'paid' | 'refunded' }>,
    metadata: EventMetadata,
  ): Promise<void> {
    const providerId = outcome.sessionId ?? outcome.paymentReference;
    const data: UnmatchedPayment = {
      provider,
      kind: outcome.kind,
      sessionId: outcome.sessionId,
      paymentReference: outcome.paymentReference,
      amountCents: outcome.amountCents,
      currency: outcome.currency.toUpperCase(),
      claimedSubscriptionId: outcome.subscriptionId,
      recordedAt: this.deps.clock().toISOString(),
    };
    const recorded = await this.deps.commands.providerRecords.record(unmatchedPaymentStreamId(provider, providerId), [
      { id: `unmatched:${provider}:${outcome.kind}:${providerId}`, type: UNMATCHED_PAYMENT_EVENT_TYPE, data, metadata },
    ]);
    if (recorded.appended > 0) this.deps.metrics?.paymentRecorded(provider, 'unmatched');
    this.deps.logger.warn(
      { provider, sessionId: outcome.sessionId, paymentReference: outcome.paymentReference, kind: outcome.kind },
      'provider payment matches no checkout the shop opened: recorded as unmatched',
    );
  }

  /** Whether the order's stream took new events (not when the outcome was applied before). */
  private async applyMatched(
    provider: string,
    outcome: Exclude<PaymentOutcome, { kind: 'pending' | 'ignored' }>,
    metadata: EventMetadata,
  ): Promise<boolean> {
    const now = this.deps.clock();
    let decided: { newEvents: readonly unknown[] };
    switch (outcome.kind) {
      case 'paid':
      case 'refunded': {
        const payment = {
          subscriptionId: outcome.subscriptionId,
          provider,
          paymentReference: outcome.paymentReference,
          amountCents: outcome.amountCents,
          currency: outcome.currency,
        };
        decided = await this.deps.commands.subscriptions.execute(
          outcome.kind === 'paid'
            ? {
                type: 'ConfirmPayment',
                data: {
                  ...payment,
                  sessionId: outcome.sessionId,
                  ...(outcome.savedMethod ? { savedMethod: outcome.savedMethod } : {}),
                  paidAt: outcome.paidAt,
                  now,
                },
              }
            : { type: 'RefundPayment', data: { ...payment, now } },
          metadata,
        );
        break;
      }
      case 'disputed':
        decided = await this.deps.commands.subscriptions.execute(
          {
            type: 'RecordDispute',
            data: {
              subscriptionId: outcome.subscriptionId,
              provider,
              paymentReference: outcome.paymentReference,
              amountCents: outcome.amountCents,
              currency: outcome.currency,
              disputeId: outcome.disputeId,
              reason: outcome.reason,
              now,
            },
          },
          metadata,
        );
        break;
      case 'failed':
      case 'expired':
      case 'canceled':
        decided = await this.deps.commands.subscriptions.execute(
          {
            type: 'RecordPaymentFailure',
            data: {
              subscriptionId: outcome.subscriptionId,
              provider,
              sessionId: outcome.sessionId,
              reason: outcome.kind,
              ...(outcome.detail ? { detail: outcome.detail } : {}),
              now,
            },
          },
          metadata,
        );
        break;
    }
    return decided.newEvents.length > 0;
  }
}
