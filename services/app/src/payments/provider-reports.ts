import { findPaymentSession } from '@shop/projections';
import type { PaymentVerification, WebhookReceipt } from '@shop/contracts';
import { NotFoundError } from '@shop/domain';
import { enabledProvider, type PaymentServiceDependencies } from './payment-dependencies.js';
import {
  PAYMENT_VERIFICATION_OBSERVED,
  causedBy,
  outcomeOfRecord,
  paymentCheckStreamId,
  recordOutcome,
  verificationObservationId,
  type PaymentVerificationObservation,
} from './payment-observations.js';
import type { PaymentOutcomes } from './payment-outcomes.js';
import type { ProviderName } from './payment-provider.js';

export const WEBHOOK_EVENT_TYPE = 'PaymentWebhookReceived';
export const webhookStreamId = (provider: string, providerEventId: string) => `webhook-${provider}-${providerEventId}`;

/** Two of the paths to `applyOutcome`: a provider's notification, and the success page asking the provider. */
export class ProviderReports {
  constructor(
    private readonly deps: Pick<PaymentServiceDependencies, 'knex' | 'store' | 'commands' | 'providers' | 'clock'>,
    private readonly outcomes: PaymentOutcomes,
  ) {}

  /**
   * A provider's notification: verified, then stored as an event whose id is the provider's
   * event id (a duplicate delivery is dropped by the store). Processing happens in a job.
   */
  async receiveWebhook(
    providerName: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<Pick<WebhookReceipt, 'duplicate'>> {
    const provider = enabledProvider(this.deps.providers, providerName);
    const { providerEventId, payload } = await provider.verifyWebhook(rawBody, headers);
    const result = await this.deps.commands.providerRecords.record(webhookStreamId(provider.name, providerEventId), [
      {
        id: `${provider.name}:${providerEventId}`,
        type: WEBHOOK_EVENT_TYPE,
        data: { provider: provider.name, providerEventId, payload, receivedAt: this.deps.clock().toISOString() },
        metadata: { actor: { type: 'provider', id: provider.name } },
      },
    ]);
    return { duplicate: result.appended === 0 };
  }

  /** The job behind a stored notification: its outcomes name it as their cause (event and stream). */
  async processWebhook(
    provider: ProviderName,
    payload: Record<string, unknown>,
    causationId: string,
    causationStreamId?: string,
  ): Promise<void> {
    const outcomes = await enabledProvider(this.deps.providers, provider).interpretWebhook(payload);
    const metadata = {
      actor: { type: 'provider', id: provider } as const,
      causationId,
      ...(causationStreamId ? { causationStreamId } : {}),
    };
    for (const outcome of outcomes) await this.outcomes.applyOutcome(provider, outcome, metadata);
  }

  /**
   * The success page: asks the provider now, records its answer (`PaymentVerificationObserved`),
   * then fulfils from that record through the same path as the webhook.
   */
  async verify(userId: string, sessionId: string, correlationId: string): Promise<PaymentVerification> {
    const known = await findPaymentSession(this.deps.knex, sessionId);
    if (!known || known.userId !== userId) {
      throw new NotFoundError({ code: 'payment.session_not_found', message: 'No such payment session' });
    }
    const metadata = { actor: { type: 'customer', id: userId } as const, correlationId };
    const answer = await enabledProvider(this.deps.providers, known.provider).checkSession(sessionId);
    const observation = await this.recordCheck(
      { provider: known.provider, sessionId, subscriptionId: known.subscriptionId as string },
      recordOutcome(answer),
      metadata,
    );
    const outcome = outcomeOfRecord(observation.data.outcome);
    await this.outcomes.applyOutcome(known.provider, outcome, causedBy(metadata, observation));
    const state = await this.deps.commands.subscriptions.current(known.subscriptionId);
    if (state.status === 'none')
      return { subscriptionId: known.subscriptionId, status: 'pending', paid: false, outcome: outcome.kind };
    // A renewal's checkout is paid when that renewal is, whatever the subscription's status was before.
    const renewalId = state.renewalSessions?.[sessionId];
    const paid = renewalId ? Boolean(state.renewals?.[renewalId]?.paid) : state.status === 'active';
    return {
      subscriptionId: known.subscriptionId,
      status: state.status,
      paid: outcome.kind === 'paid' && paid,
      outcome: outcome.kind,
      ...(renewalId ? { renewalId } : {}),
    };
  }

  /**
   * The provider's answer on the checkout's check stream, once per distinct answer: the event
   * already there when the same answer was recorded before (a reloaded page), so the outcome is
   * always applied from what the log holds.
   */
  private async recordCheck(
    check: Omit<PaymentVerificationObservation, 'outcome' | 'observedAt'>,
    outcome: PaymentVerificationObservation['outcome'],
    metadata: { actor: { type: 'customer'; id: string }; correlationId: string },
  ): Promise<{ id: string; streamId: string; data: PaymentVerificationObservation }> {
    const streamId = paymentCheckStreamId(check.provider, check.sessionId);
    const id = verificationObservationId(check.provider, check.sessionId, outcome);
    const data: PaymentVerificationObservation = { ...check, outcome, observedAt: this.deps.clock().toISOString() };
    const { appended } = await this.deps.commands.providerRecords.record(streamId, [
      { id, type: PAYMENT_VERIFICATION_OBSERVED, data, metadata },
    ]);
    if (appended > 0) return { id, streamId, data };
    const earlier = (await this.deps.store.readStream(streamId)).find((e) => e.id === id);
    return { id, streamId, data: (earlier?.data as PaymentVerificationObservation | undefined) ?? data };
  }
}
