export type SubscriptionStatus = 'pending' | 'active' | 'cancelled' | 'suspended' | 'expired';

/** One row of `GET /api/me/subscriptions`. */
export interface UserSubscription {
  id: string;
  planId: string;
  planName: string;
  logo: string | null;
  status: SubscriptionStatus;
  totalCents: number;
  currency: string;
  months: number;
  expiresAt: string | null;
  purchasedAt: string;
}

export interface MySubscriptions {
  data: UserSubscription[];
  activeCount: number;
  totalSpentCents: number;
  currency: string;
}
