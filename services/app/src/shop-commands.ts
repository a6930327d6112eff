import type { EventStore } from '@shop/event-store';
import type { Knex } from 'knex';
import { DataExportCommands } from './audit/data-export-commands.js';
import { AccountingCommands } from './invoicing/accounting-commands.js';
import { PlanCommands } from './catalogue/plan-commands.js';
import { PromotionCommands } from './catalogue/promotion-commands.js';
import { CredentialSetCommands } from './credentials/credential-set-commands.js';
import { CredentialRevealCommands } from './credentials/credential-reveal-commands.js';
import { FreeOfferCommands } from './free-offer/free-offer-commands.js';
import { InquiryCommands } from './inquiries/inquiry-commands.js';
import { ProviderRecords } from './payments/provider-record-commands.js';
import { SubscriptionCommands } from './subscriptions/subscription-commands.js';
import { ApiKeyCommands } from './integrations/api-key-commands.js';
import { WebhookEndpointCommands } from './integrations/webhooks/webhook-endpoint-commands.js';

/**
 * The command module of each stream type, built once by the runtime: the only code that calls a
 * decider or appends to a stream (the rule `local/one-command-path` keeps it so). Accounts have
 * theirs inside `AccountService` (`AccountCommands`), which also holds their keys and snapshots.
 */
export interface ShopCommands {
  subscriptions: SubscriptionCommands;
  promotions: PromotionCommands;
  plans: PlanCommands;
  credentialSets: CredentialSetCommands;
  credentialReveals: CredentialRevealCommands;
  freeOffer: FreeOfferCommands;
  inquiries: InquiryCommands;
  dataExports: DataExportCommands;
  providerRecords: ProviderRecords;
  accounting: AccountingCommands;
  apiKeys: ApiKeyCommands;
  webhookEndpoints: WebhookEndpointCommands;
}

export function createShopCommands(deps: { store: EventStore; knex: Knex }): ShopCommands {
  const promotions = new PromotionCommands(deps);
  return {
    subscriptions: new SubscriptionCommands(deps, promotions),
    promotions,
    plans: new PlanCommands(deps),
    credentialSets: new CredentialSetCommands(deps),
    credentialReveals: new CredentialRevealCommands(deps),
    freeOffer: new FreeOfferCommands(deps),
    inquiries: new InquiryCommands(deps),
    dataExports: new DataExportCommands(deps),
    providerRecords: new ProviderRecords(deps),
    accounting: new AccountingCommands(deps),
    apiKeys: new ApiKeyCommands(deps),
    webhookEndpoints: new WebhookEndpointCommands(deps),
  };
}
