export * from './shared/decider.js';
export * from './shared/dates.js';
export * from './shared/domain-error.js';
export * from './shared/money.js';
export * from './shared/text.js';
export * from './subscription/events.js';
export * from './subscription/commands.js';
export * from './subscription/subscription-state.js';
export * from './subscription/decide.js';
export * from './subscription/operator-decisions.js';
export {
  paymentToClaim,
  REFUND_WINDOW_DAYS,
  refundWindowClosesAt,
  type GuaranteedPayment,
} from './subscription/lifecycle-decisions.js';
export { renewalDueAt, chargeableRenewal } from './subscription/auto-renewal-decisions.js';
export { refundableCents } from './subscription/refund-decisions.js';
export * from './catalogue/events.js';
export * from './catalogue/plan-decider.js';
export * from './account/events.js';
export * from './account/roles.js';
export * from './account/decide.js';
export * from './promotion/promotion.js';
export * from './inquiry/events.js';
export * from './inquiry/decide.js';
export * from './inquiry/limits.js';
export * from './export/data-export.js';
export * from './credentials/events.js';
export * from './credentials/decide.js';
export * from './credentials/reveal.js';
export * from './free-offer/events.js';
export * from './free-offer/free-offer.js';
export * from './invoicing/vat.js';
export * from './invoicing/countries.js';
export * from './invoicing/events.js';
export * from './invoicing/decide.js';
export * from './api-key/events.js';
export * from './api-key/decide.js';
export * from './webhook-endpoint/events.js';
export * from './webhook-endpoint/decide.js';

import { CATALOGUE_EVENT_TYPES, type CatalogueEvent } from './catalogue/events.js';
import { SUBSCRIPTION_EVENT_TYPES, type SubscriptionEvent } from './subscription/events.js';
import { ACCOUNT_EVENT_TYPES, type AccountEvent } from './account/events.js';
import { PROMOTION_EVENT_TYPES, type PromotionEvent } from './promotion/promotion.js';
import { INQUIRY_EVENT_TYPES, type InquiryEvent } from './inquiry/events.js';
import { CREDENTIAL_SET_EVENT_TYPES, type CredentialSetEvent } from './credentials/events.js';
import { FREE_OFFER_EVENT_TYPES, type FreeOfferEvent } from './free-offer/events.js';
import { ACCOUNTING_EVENT_TYPES, type AccountingEvent } from './invoicing/events.js';
import { API_KEY_EVENT_TYPES, type ApiKeyEvent } from './api-key/events.js';

/** Every event the shop writes to its log. */
export type ShopEvent =
  | SubscriptionEvent
  | CatalogueEvent
  | AccountEvent
  | PromotionEvent
  | InquiryEvent
  | CredentialSetEvent
  | FreeOfferEvent
  | AccountingEvent
  | ApiKeyEvent;
export const SHOP_EVENT_TYPES: ReadonlyArray<ShopEvent['type']> = [
  ...SUBSCRIPTION_EVENT_TYPES,
  ...CATALOGUE_EVENT_TYPES,
  ...ACCOUNT_EVENT_TYPES,
  ...PROMOTION_EVENT_TYPES,
  ...INQUIRY_EVENT_TYPES,
  ...CREDENTIAL_SET_EVENT_TYPES,
  ...FREE_OFFER_EVENT_TYPES,
  ...ACCOUNTING_EVENT_TYPES,
  ...API_KEY_EVENT_TYPES,
];
export { DEFAULT_SHOP_TIME_ZONE, formatShopTime, isTimeZone } from './shared/shop-time.js';
