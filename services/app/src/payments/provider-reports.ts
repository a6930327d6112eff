import { NotFoundError, subscriptionDecider, subscriptionStreamId } from '@shop/domain';
import { asDomainEvent } from '@shop/event-store';
import { enabledProvider, type PaymentServiceDependencies } from './payment-dependencies.js';
import type { PaymentOutcomes } from './payment-outcomes.js';
import type { ProviderName } from './payment-provider.js';

export const WEBHOOK_EVENT_TYPE = 'PaymentWebhookReceived';
export const webhookStreamId = (provider: string, providerEventId: string) => `webhook-${provider}-${providerEventId}`;

/** Two of the paths to `applyOutcome`: a provider's notification, and the success page asking the provider. */
export class ProviderReports {
  constructor(
    private readonly deps: Pick<PaymentServiceDependencies, 'knex' | 'store' | 'providers' | 'clock'>,
    private readonly outcomes: PaymentOutcomes,
  ) {}

  /**
   * A provider's notification: verified, then stored as an event whose id is the provider's
   * event id (a duplicate delivery is dropped by the store). Processing happens in a job.
   */
  async receiveWebhook(providerName: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
    const provider = enabledProvider(this.deps.providers, providerName);
    const { providerEventId, payload } = await provider.verifyWebhook(rawBody, headers);
    const result = await this.deps.store.appendToStream(webhookStreamId(provider.name, providerEventId), [
      {
        id: `${provider.name}:${providerEventId}`,
        type: WEBHOOK_EVENT_TYPE,
        data: { provider: provider.name, providerEventId, payload, receivedAt: this.deps.clock().toISOString() },
        metadata: { actor: { type: 'provider', id: provider.name } },
      },
    ]);
    return { duplicate: result.appended === 0 };
  }

  /** The job behind a stored notification. */
  async processWebhook(provider: ProviderName, payload: Record<string, unknown>, causationId: string): Promise<void> {
    const outcomes = await enabledProvider(this.deps.providers, provider).interpretWebhook(payload);
    for (const outcome of outcomes)
      await this.outcomes.applyOutcome(provider, outcome, { actor: { type: 'provider', id: provider }, causationId });
  }

  /** The success page: asks the provider now and fulfils through the same path as the webhook. */
  async verify(userId: string, sessionId: string, correlationId: string) {
    const known = await this.deps.knex('payment_sessions').where({ session_id: sessionId }).first();
    if (!known || known.user_id !== userId) {
      throw new NotFoundError({ code: 'payment.session_not_found', message: 'No such payment session' });
    }
    const outcome = await enabledProvider(this.deps.providers, known.provider).checkSession(sessionId);
    await this.outcomes.applyOutcome(known.provider, outcome, {
      actor: { type: 'customer', id: userId },
      correlationId,
    });
    const history = await this.deps.store.readStream(subscriptionStreamId(known.subscription_id));
    const state = history
      .map((e) => asDomainEvent<Parameters<typeof subscriptionDecider.evolve>[1]>(e))
      .reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
    return {
      subscriptionId: known.subscription_id as string,
      status: state.status === 'none' ? 'pending' : state.status,
      paid: outcome.kind === 'paid' && state.status === 'active',
      outcome: outcome.kind,
    };
  }
}
