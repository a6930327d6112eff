// The domain's fixed lists and the API's limits, as clients see them. The domain holds the
// originals; a browser bundle reaches them through this module, which pulls in no schema library.
// The shop's forms take their limits and the back-office its status rules from here, so neither
// explains a refusal differently from the API; the back-office shows instants as `shopctl` does.
export {
  ACCOUNTING_DOCUMENT_KINDS,
  DEFAULT_SHOP_TIME_ZONE,
  formatShopTime,
  COUNTRY_CODES,
  INQUIRY_KINDS,
  INQUIRY_LIMITS,
  INQUIRY_TRANSITIONS,
  INQUIRY_STATUSES,
  LANGUAGES,
  PARTNERSHIP_TYPES,
  PERMISSIONS,
  PLAN_CATEGORIES,
  PROMOTION_METHODS,
  ROLE_PERMISSIONS,
  showsSomething,
  ROLES,
  STAFF_ROLES,
  permissionsOf,
  SUBSCRIPTION_STATUSES,
  SUPPORT_CATEGORIES,
  SUPPORTED_DURATIONS_MONTHS,
  TRAFFIC_VOLUMES,
} from '@shop/domain';
export type {
  AccountingDocumentKind,
  InquiryKind,
  InquiryStatus,
  Permission,
  PlanCategory,
  Role,
  StaffRole,
  SubscriptionStatus,
} from '@shop/domain';

/** The payment providers a checkout may name; which are configured is `GET /api/payments/providers`. */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'mollie', 'paypal', 'payssion'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The shortest password an account may choose (sign-up, reset, change; seeds §9). */
export const PASSWORD_MIN_LENGTH = 6;
/** Six digits from an authenticator app. ASCII only: anything else is refused before the codes are compared. */
export const TOTP_CODE = /^[0-9]{6}$/;
/** A single-use recovery code, xxxxx-xxxxx (the dash may be left out). */
export const RECOVERY_CODE = /^[0-9a-f]{5}-?[0-9a-f]{5}$/i;

/** The longest service credentials' fields accepted, in characters. */
export const CREDENTIALS_LIMITS = { planId: 64, email: 254, password: 200, additionalInfo: 2000 } as const;
