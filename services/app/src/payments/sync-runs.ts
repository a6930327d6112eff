import {
  subscriptionDecider,
  subscriptionStreamId,
  NotFoundError,
  type PaymentMismatchRecorded,
  type SubscriptionEvent,
} from '@shop/domain';
import { asDomainEvent, type EventMetadata, type EventStore } from '@shop/event-store';
import {
  PAYMENT_OBSERVED,
  PAYMENT_SYNC_COMPLETED,
  PAYMENT_SYNC_REQUESTED,
  causedBy,
  outcomeOfObservation,
  paymentSyncStreamId,
  type PaymentObservation,
  type PaymentSyncRequestedData,
} from './payment-observations.js';
import { unmatchedPaymentStreamId, type AppliedOutcome } from './payment-outcomes.js';
import type { PaymentOutcome } from './payment-provider.js';

/** What became of one observed payment. */
export type ObservationVerdict =
  /** It activated its order now. */
  | 'applied'
  /** Its order is already active with this very payment: nothing to do. */
  | 'already_applied'
  /** Its amount does not cover the order: recorded once on the order, never activated. */
  | 'mismatch'
  /** The shop never opened this checkout for the order it names: recorded once as unmatched. */
  | 'unmatched'
  /** Not paid, not this customer's order, or an order no longer waiting for money. */
  | 'skipped'
  /** Dry run: `applyOutcome` would be called. */
  | 'would_apply';

export interface ObservationResult {
  observationId: string;
  sessionId: string;
  subscriptionId: string | null;
  planName: string | null;
  amountCents: number | null;
  currency: string | null;
  /** When the provider's session was opened. */
  sessionCreatedAt: string;
  verdict: ObservationVerdict;
  detail: string;
  /** For a mismatch: what was paid and what the order costs, as recorded on the order. */
  mismatch?: { amountCents: number; currency: string; expectedAmountCents: number; expectedCurrency: string };
  /** Events it wrote to the log (on the order, or as unmatched): 0 when it was already applied. */
  written: number;
}

export interface ReplayReport {
  runId: string;
  userId: string;
  requestedAt: string;
  /** Whether the run reached `PaymentSyncCompleted` when it was recorded. */
  completed: boolean;
  results: ObservationResult[];
  /** Events the replay wrote: 0 when everything was already applied. */
  appended: number;
}

type Recorded<T> = { id: string; streamId: string; data: T };
type PaymentApplier = {
  applyOutcome(provider: string, outcome: PaymentOutcome, metadata: EventMetadata): Promise<AppliedOutcome>;
};

/**
 * Acting on a sync run's observations: once when the run records them, and again from the log
 * alone (`shopctl payments replay-sync`), through the same reading and the same exactly-once
 * `applyOutcome`, so a replay of an applied run writes nothing.
 */
export class SyncRuns {
  constructor(private readonly deps: { store: EventStore; payments: PaymentApplier }) {}

  /** Acts on one recorded observation for the customer `userId`; `dryRun` only says what it would do. */
  async act(
    observed: Recorded<PaymentObservation>,
    userId: string,
    metadata: EventMetadata,
    options: { dryRun?: boolean } = {},
  ): Promise<ObservationResult> {
    const observation = observed.data;
    const outcome = outcomeOfObservation(observation);
    const result = (
      verdict: ObservationVerdict,
      detail: string,
      order: { subscriptionId?: string; planName?: string } = {},
      written = 0,
    ): ObservationResult => ({
      observationId: observed.id,
      sessionId: observation.sessionId,
      subscriptionId: order.subscriptionId ?? observation.claimedSubscriptionId,
      planName: order.planName ?? null,
      amountCents: observation.amountCents,
      currency: observation.currency,
      sessionCreatedAt: observation.createdAt,
      verdict,
      detail,
      written,
    });
    if (outcome.kind !== 'paid') {
      return result('skipped', `not paid (${observation.status ?? '?'} / ${observation.paymentStatus ?? '?'})`);
    }
    const before = await this.subscription(outcome.subscriptionId);
    // Only this customer's orders, and only those still waiting for their money.
    if (!before || before.state.userId !== userId) return result('skipped', 'names no order of this customer');
    const order = { subscriptionId: outcome.subscriptionId, planName: before.planName };
    if (before.state.paymentReference === outcome.paymentReference && before.state.status !== 'pending') {
      return result('already_applied', `order already ${before.state.status} with this payment`, order);
    }
    if (before.state.status !== 'pending' || before.state.paymentReference !== null) {
      return result('skipped', `order is ${before.state.status}, not waiting for a payment`, order);
    }
    const known = before.mismatches.find((m) => m.data.paymentReference === outcome.paymentReference);
    if (known) return { ...result('mismatch', mismatchDetail(known), order), mismatch: mismatchOf(known) };
    if (options.dryRun) {
      if ((await this.deps.store.streamVersion(unmatchedPaymentStreamId('stripe', observation.sessionId))) > 0) {
        return result('unmatched', 'already recorded as a payment the shop never opened for this order', order);
      }
      const covers = outcome.amountCents === before.state.totalCents && outcome.currency === before.state.currency;
      return result(
        'would_apply',
        covers ? 'would confirm the payment' : 'would record that the amount does not cover the order',
        order,
      );
    }
    const unmatchedStream = unmatchedPaymentStreamId('stripe', observation.sessionId);
    const unmatchedBefore = await this.deps.store.streamVersion(unmatchedStream);
    const applied = await this.deps.payments.applyOutcome('stripe', outcome, causedBy(metadata, observed));
    if (applied === 'unmatched') {
      const written = (await this.deps.store.streamVersion(unmatchedStream)) - unmatchedBefore;
      return result(
        'unmatched',
        written > 0
          ? 'a checkout the shop never opened for this order: recorded, not applied'
          : 'already recorded as a checkout the shop never opened for this order',
        order,
        written,
      );
    }
    const after = await this.subscription(outcome.subscriptionId);
    const written = (after?.version ?? before.version) - before.version;
    if (after?.state.status === 'active' && after.state.paymentReference === outcome.paymentReference) {
      return result('applied', 'payment confirmed, order active', order, written);
    }
    const mismatch = after?.mismatches.find((m) => m.data.paymentReference === outcome.paymentReference);
    if (mismatch)
      return { ...result('mismatch', mismatchDetail(mismatch), order, written), mismatch: mismatchOf(mismatch) };
    return result('skipped', `order is ${after?.state.status ?? 'gone'}`, order, written);
  }

  /** Re-derives a recorded run's outcomes from its observations, asking no provider. */
  async replay(runId: string, metadata: EventMetadata, options: { dryRun?: boolean } = {}): Promise<ReplayReport> {
    const streamId = paymentSyncStreamId(runId);
    const events = await this.deps.store.readStream(streamId);
    const requested = events.find((e) => e.type === PAYMENT_SYNC_REQUESTED);
    if (!requested) {
      throw new NotFoundError({ code: 'payment_sync.not_found', message: `No recorded payment sync ${runId}` });
    }
    const { userId, requestedAt } = requested.data as PaymentSyncRequestedData;
    const results: ObservationResult[] = [];
    for (const observed of events.filter((e) => e.type === PAYMENT_OBSERVED)) {
      results.push(
        await this.act(
          { id: observed.id, streamId, data: observed.data as PaymentObservation },
          userId,
          metadata,
          options,
        ),
      );
    }
    return {
      runId,
      userId,
      requestedAt,
      completed: events.some((e) => e.type === PAYMENT_SYNC_COMPLETED),
      results,
      appended: results.reduce((sum, r) => sum + r.written, 0),
    };
  }

  /** The order as its own stream says now (a read model may trail it). */
  async subscription(subscriptionId: string) {
    const events = (await this.deps.store.readStream(subscriptionStreamId(subscriptionId))).map(
      asDomainEvent<SubscriptionEvent>,
    );
    const state = events.reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
    if (state.status === 'none') return null;
    const placed = events.find((e) => e.type === 'OrderPlaced');
    return {
      state,
      version: events.length,
      planName: placed?.type === 'OrderPlaced' ? placed.data.planName : '',
      mismatches: events.filter((e): e is PaymentMismatchRecorded => e.type === 'PaymentMismatchRecorded'),
    };
  }
}

function mismatchOf(mismatch: PaymentMismatchRecorded): NonNullable<ObservationResult['mismatch']> {
  const { amountCents, currency, expectedAmountCents, expectedCurrency } = mismatch.data;
  return { amountCents, currency, expectedAmountCents, expectedCurrency };
}

function mismatchDetail(mismatch: PaymentMismatchRecorded): string {
  const { amountCents, currency, expectedAmountCents, expectedCurrency } = mismatch.data;
  return `paid ${amountCents} ${currency}, the order costs ${expectedAmountCents} ${expectedCurrency}: recorded, not activated`;
}
