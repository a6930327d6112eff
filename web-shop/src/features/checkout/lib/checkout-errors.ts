import { ApiError } from '../../../lib/api-client';

export type PromoMessageKey =
  'promo.invalid' | 'promo.expired' | 'promo.exhausted' | 'promo.notYetValid' | 'promo.error';

const PROMO_REASONS: Record<string, PromoMessageKey> = {
  'promo.unknown': 'promo.invalid',
  'promo.expired': 'promo.expired',
  'promo.exhausted': 'promo.exhausted',
  'promo.not_yet_valid': 'promo.notYetValid',
};

/** A refused promo code, from the check's `reason` or from an order's problem code. */
export function promoMessageKey(reason: string | null | undefined): PromoMessageKey {
  return (reason && PROMO_REASONS[reason]) || 'promo.invalid';
}

export type OrderErrorKey =
  | PromoMessageKey
  | 'errors.sessionExpired'
  | 'errors.providerUnavailable'
  | 'errors.renewalUnsupported'
  | 'errors.paymentCreation'
  | 'errors.noRedirect';

export function orderErrorKey(error: unknown): OrderErrorKey {
  if (!(error instanceof ApiError)) return 'errors.paymentCreation';
  if (error.code.startsWith('promo.')) return promoMessageKey(error.code);
  if (error.code === 'auth.required') return 'errors.sessionExpired';
  if (error.code === 'payment.provider_unavailable') return 'errors.providerUnavailable';
  if (error.code === 'payment.renewal_unsupported') return 'errors.renewalUnsupported';
  return 'errors.paymentCreation';
}

export type RenewalErrorKey =
  | 'renewal.errors.notRenewable'
  | 'renewal.errors.offSale'
  | 'renewal.errors.providerUnavailable'
  | 'renewal.errors.renewalUnsupported'
  | 'renewal.errors.promoUnknown'
  | 'renewal.errors.promoExpired'
  | 'renewal.errors.promoExhausted'
  | 'renewal.errors.sessionExpired'
  | 'renewal.errors.noRedirect'
  | 'renewal.errors.generic';

const RENEWAL_ERRORS: Record<string, RenewalErrorKey> = {
  'subscription.not_renewable': 'renewal.errors.notRenewable',
  'subscription.voided': 'renewal.errors.notRenewable',
  'order.unknown_plan': 'renewal.errors.offSale',
  'plan.not_found': 'renewal.errors.offSale',
  'payment.provider_unavailable': 'renewal.errors.providerUnavailable',
  'payment.renewal_unsupported': 'renewal.errors.renewalUnsupported',
  'promo.unknown': 'renewal.errors.promoUnknown',
  'promo.expired': 'renewal.errors.promoExpired',
  'promo.exhausted': 'renewal.errors.promoExhausted',
  'auth.required': 'renewal.errors.sessionExpired',
};

/** Why a renewal could not be opened, from the API's problem code. */
export function renewalErrorKey(error: unknown): RenewalErrorKey {
  return (error instanceof ApiError && RENEWAL_ERRORS[error.code]) || 'renewal.errors.generic';
}
