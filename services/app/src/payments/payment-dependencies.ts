import { DomainError, type Language } from '@shop/domain';
import type { EventStore } from '@shop/event-store';
import type { Knex } from 'knex';
import type { Logger } from '../infrastructure/logger.js';
import type { PaymentMetrics } from '../operations/metrics.js';
import type { SubscriptionCommands } from '../subscriptions/subscription-commands.js';
import type { PromotionCommands } from '../catalogue/promotion-commands.js';
import type { ProviderRecords } from './provider-record-commands.js';
import type { PaymentProvider, ProviderName } from './payment-provider.js';

/** What the payment modules share: the enabled providers, the log and the read models. */
export interface PaymentServiceDependencies {
  knex: Knex;
  store: EventStore;
  commands: { subscriptions: SubscriptionCommands; promotions: PromotionCommands; providerRecords: ProviderRecords };
  providers: ReadonlyMap<ProviderName, PaymentProvider>;
  publicUrl: string;
  clock: () => Date;
  logger: Logger;
  /** Counts notifications and outcomes for the metrics (`webhooks_received_total`, `payments_total`). */
  metrics?: PaymentMetrics;
}

/**
 * What a customer chooses when they buy, an order and a renewal alike: how long, with which
 * provider and promo code, renewing automatically, access before the withdrawal period ends,
 * billed to whom, in which language.
 */
export interface PurchaseChoices {
  userId: string;
  months: number;
  promoCode?: string;
  provider: ProviderName;
  autoRenew?: boolean;
  /** The customer's request for access (to the renewed months, for a renewal) before the withdrawal period ends, recorded with the purchase. */
  immediateAccess?: boolean;
  /** Who pays, for the invoice. */
  billingCountry: string;
  companyName?: string;
  vatNumber?: string;
  language: Language;
}

export interface PlaceOrderInput extends PurchaseChoices {
  planId: string;
}

/** The order's billing as the subscription records it. */
export const billingOf = (input: { billingCountry: string; companyName?: string; vatNumber?: string }) => ({
  country: input.billingCountry,
  companyName: input.companyName ?? null,
  vatNumber: input.vatNumber ?? null,
});

/**
 * The customer's choices an order or a renewal records: how long, which provider, renewing
 * automatically, access before the withdrawal period ends, billed to whom.
 */
export const purchaseTermsOf = (input: PurchaseChoices, provider: PaymentProvider, now: Date) => ({
  months: input.months,
  provider: provider.name,
  ...(input.autoRenew ? { autoRenew: true as const } : {}),
  ...(input.immediateAccess ? { immediateAccess: true as const } : {}),
  billing: billingOf(input),
  now,
});

/** The enabled provider called `name`, or `payment.provider_unavailable`. */
export function enabledProvider(providers: ReadonlyMap<ProviderName, PaymentProvider>, name: string): PaymentProvider {
  const provider = providers.get(name as ProviderName);
  if (!provider) {
    throw new DomainError({
      code: 'payment.provider_unavailable',
      message: `The payment provider ${name} is not enabled`,
      details: { enabled: [...providers.keys()] },
    });
  }
  return provider;
}

/**
 * The provider, when it can keep the payment method for automatic renewals; otherwise
 * `payment.renewal_unsupported` (the customer renews by hand, or picks another provider).
 */
export function requireAutomaticRenewal(provider: PaymentProvider): PaymentProvider {
  if (!provider.chargeSavedMethod) {
    throw new DomainError({
      code: 'payment.renewal_unsupported',
      message: `${provider.name} cannot keep a payment method for automatic renewals`,
      details: { provider: provider.name },
    });
  }
  return provider;
}
