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
  | 'errors.paymentCreation'
  | 'errors.noRedirect';

export function orderErrorKey(error: unknown): OrderErrorKey {
  if (!(error instanceof ApiError)) return 'errors.paymentCreation';
  if (error.code.startsWith('promo.')) return promoMessageKey(error.code);
  if (error.code === 'auth.required') return 'errors.sessionExpired';
  if (error.code === 'payment.provider_unavailable') return 'errors.providerUnavailable';
  return 'errors.paymentCreation';
}
