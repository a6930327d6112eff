import type { SubscriptionStatus, UserSubscription } from '../types';

/** Seeds §4: an active subscription past its expiry shows as expired. */
export function displayStatus(subscription: UserSubscription, now = Date.now()): SubscriptionStatus {
  if (subscription.status === 'active' && subscription.expiresAt && Date.parse(subscription.expiresAt) <= now)
    return 'expired';
  return subscription.status;
}

export const STATUS_COLOURS: Record<SubscriptionStatus, 'warning' | 'success' | 'default' | 'error'> = {
  pending: 'warning',
  active: 'success',
  cancelled: 'default',
  suspended: 'error',
  expired: 'default',
};
