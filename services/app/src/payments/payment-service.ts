import type { OrderResponse, PaymentVerification, PromoCheck } from '@shop/contracts';
import type { Language } from '@shop/domain';
import type { EventMetadata } from '@shop/event-store';
import { Checkouts } from './checkout.js';
import { Ordering } from './ordering.js';
import { enabledProvider, type PaymentServiceDependencies, type PlaceOrderInput } from './payment-dependencies.js';
import { PaymentOutcomes, type AppliedOutcome } from './payment-outcomes.js';
import type { PaymentOutcome, PaymentProvider, ProviderName } from './payment-provider.js';
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
 * Orders and payments. Every provider path (webhook, success page, operator sync) ends in
 * `applyOutcome`, which issues idempotent commands: a paid order becomes exactly one active
 * subscription whatever order and however often the providers report it. One entry point for the
 * API, jobs and reactors; each responsibility lives in its own module.
 */
export class PaymentService {
  private readonly checkouts: Checkouts;
  private readonly ordering: Ordering;
  private readonly outcomes: PaymentOutcomes;
  private readonly reports: ProviderReports;

  constructor(private readonly deps: PaymentServiceDependencies) {
    this.checkouts = new Checkouts(deps);
    this.ordering = new Ordering(deps, this.checkouts);
    this.outcomes = new PaymentOutcomes(deps);
    this.reports = new ProviderReports(deps, this.outcomes);
  }

  provider(name: string): PaymentProvider {
    return enabledProvider(this.deps.providers, name);
  }

  enabledProviders(): ProviderName[] {
    return [...this.deps.providers.keys()];
  }

  /** Whether a promo code applies now, and what it takes off this order. */
  checkPromo(input: { code: string; planId: string; months: number }): Promise<PromoCheck> {
    return this.ordering.checkPromo(input);
  }

  /** Places the order and opens a checkout. With an Idempotency-Key, a retry answers the first response. */
  placeOrder(
    input: PlaceOrderInput,
    options: { idempotencyKey?: string; correlationId: string },
  ): Promise<OrderResponse> {
    return this.ordering.placeOrder(input, options);
  }

  /** A new payment session for a pending order (placing it, or finalising it later). */
  checkoutExisting(
    input: { userId: string; subscriptionId: string; provider?: ProviderName; language: Language },
    correlationId: string,
  ): Promise<OrderResponse> {
    return this.checkouts.checkoutExisting(input, correlationId);
  }

  ownedSubscription(userId: string, subscriptionId: string) {
    return this.checkouts.ownedSubscription(userId, subscriptionId);
  }

  /** A provider's notification, verified and stored once; processing happens in a job. */
  receiveWebhook(providerName: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
    return this.reports.receiveWebhook(providerName, rawBody, headers);
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
  isSessionOf(userId: string | undefined, provider: ProviderName, sessionId: string): Promise<boolean> {
    return this.checkouts.isSessionOf(userId, provider, sessionId);
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
