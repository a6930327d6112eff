import { ApiError } from '../../../lib/api-client';

export type CancellationErrorKey = 'subscriptions.cancel.errors.notActive' | 'subscriptions.cancel.errors.generic';

export function cancellationErrorKey(error: unknown): CancellationErrorKey {
  return error instanceof ApiError && (error.code === 'subscription.not_active' || error.code === 'subscription.voided')
    ? 'subscriptions.cancel.errors.notActive'
    : 'subscriptions.cancel.errors.generic';
}

export type RefundErrorKey =
  | 'subscriptions.refund.errors.windowClosed'
  | 'subscriptions.refund.errors.nothingToRefund'
  | 'subscriptions.refund.errors.generic';

export function refundErrorKey(error: unknown): RefundErrorKey {
  if (!(error instanceof ApiError)) return 'subscriptions.refund.errors.generic';
  if (error.code === 'refund.window_closed') return 'subscriptions.refund.errors.windowClosed';
  if (error.code === 'refund.nothing_to_refund') return 'subscriptions.refund.errors.nothingToRefund';
  return 'subscriptions.refund.errors.generic';
}

export type AutoRenewErrorKey =
  'subscriptions.autoRenew.errors.noSavedMethod' | 'subscriptions.autoRenew.errors.generic';

export function autoRenewErrorKey(error: unknown): AutoRenewErrorKey {
  return error instanceof ApiError && error.code === 'subscription.no_saved_method'
    ? 'subscriptions.autoRenew.errors.noSavedMethod'
    : 'subscriptions.autoRenew.errors.generic';
}

/** What may go wrong when the customer confirms an action on a subscription. */
export type SubscriptionActionErrorKey = CancellationErrorKey | RefundErrorKey;
