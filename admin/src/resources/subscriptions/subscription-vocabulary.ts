/**
 * The subscriptions' fixed lists, as the API sends them (services/domain/src/subscription/events.ts
 * holds the original; a browser bundle does not import the domain package).
 */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'suspended', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** GET /api/admin/subscriptions/:id (projections/src/subscriptions/subscriptions-queries.ts, AdminSubscriptionView). */
export interface Subscription {
  id: string;
  userId: string;
  customerEmail: string | null;
  customerName: string | null;
  planId: string;
  planName: string;
  months: number;
  status: SubscriptionStatus;
  statusReason: string | null;
  totalCents: number;
  discountCents: number;
  currency: string;
  promoCode: string | null;
  provider: string | null;
  paymentReference: string | null;
  lastPaymentIssue: string | null;
  credentialsAssigned: boolean;
  credentialsId: string | null;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string | null;
  updatedAt: string;
}

export const statusChoices = SUBSCRIPTION_STATUSES.map((status) => ({
  id: status,
  name: `shop.subscriptions.statuses.${status}`,
}));

/** The operator's to-do list: paid subscriptions still waiting for their credentials. */
export const WAITING_FOR_CREDENTIALS = { status: 'active', hasCredentials: false } as const;
