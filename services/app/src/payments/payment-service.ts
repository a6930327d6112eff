import type { PaymentVerification } from '@shop/contracts';
import { DomainError } from '@shop/domain';
import type { EventMetadata } from '@shop/event-store';
import { findPaymentSession } from '@shop/projections';
import { enabledProvider, type PaymentServiceDependencies } from './payment-dependencies.js';
import { PaymentOutcomes, type AppliedOutcome } from './payment-outcomes.js';
import {
  WebhookSignatureError,
  type PaymentOutcome,
  type PaymentProvider,
  type ProviderName,
} from './payment-provider.js';
import { ProviderReports } from './provider-reports.js';

export type { PaymentServiceDependencies, PlaceOrderInput } from './payment-dependencies.js';
export {
  UNMATCHED_PAYMENT_EVENT_TYPE,
  unmatchedPaymentStreamId,
  type AppliedOutcome,
  type UnmatchedPayment,
} from './payment-outcomes.js';
export { WEBHOOK_EVENT_TYPE, webhookStreamId } from './provider-reports.js';

/**
 * Payments, as the providers report them. Every provider path (webhook, success page, operator sync) ends in
 * `applyOutcome`, which issues idempotent commands: a paid order becomes exactly one active
 * subscription whatever order and however often the providers report it. One entry point for the
 * API, jobs and reactors; each responsibility lives in its own module.
 */
export class PaymentService {
  private readonly outcomes: PaymentOutcomes;
  private readonly reports: ProviderReports;

  constructor(private readonly deps: PaymentServiceDependencies) {
    this.outcomes = new PaymentOutcomes(deps);
    this.reports = new ProviderReports(deps, this.outcomes);
  }

  provider(name: string): PaymentProvider {
    return enabledProvider(this.deps.providers, name);
  }

  enabledProviders(): ProviderName[] {
    return [...this.deps.providers.keys()];
  }

  /** A provider's notification, verified and stored once; processing happens in a job. */
  async receiveWebhook(
    providerName: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): ReturnType<ProviderReports['receiveWebhook']> {
    try {
      const receipt = await this.reports.receiveWebhook(providerName, rawBody, headers);
      this.deps.metrics?.webhookReceived(providerName, receipt.duplicate ? 'duplicate' : 'accepted');
      return receipt;
    } catch (error) {
      this.deps.metrics?.webhookReceived(providerName, webhookRefusal(error));
      throw error;
    }
  }

  /** The job behind a stored notification; its outcomes name it (`causationId`) and its stream. */
  processWebhook(
    provider: ProviderName,
    payload: Record<string, unknown>,
    causationId: string,
    causationStreamId?: string,
  ): Promise<void> {
    return this.reports.processWebhook(provider, payload, causationId, causationStreamId);
  }

  /** Whether `userId` (undefined: nobody signed in) opened the checkout `sessionId` at `provider`. */
  async isSessionOf(userId: string | undefined, provider: ProviderName, sessionId: string): Promise<boolean> {
    if (!userId) return false;
    const known = await findPaymentSession(this.deps.knex, sessionId, provider);
    return known?.userId === userId;
  }

  /** The success page: asks the provider now and fulfils through the same path as the webhook. */
  verify(userId: string, sessionId: string, correlationId: string): Promise<PaymentVerification> {
    return this.reports.verify(userId, sessionId, correlationId);
  }

  /** Applies what a provider said, only for a checkout the shop opened for the order it names. */
  applyOutcome(provider: string, outcome: PaymentOutcome, metadata: EventMetadata): Promise<AppliedOutcome> {
    return this.outcomes.applyOutcome(provider, outcome, metadata);
  }
}

/** Why a notification was refused, as `webhooks_received_total` labels it. */
function webhookRefusal(error: unknown): string {
  if (error instanceof WebhookSignatureError) return 'invalid_signature';
  if (error instanceof DomainError && error.code === 'payment.provider_unavailable') return 'unknown_provider';
  return 'error';
}
