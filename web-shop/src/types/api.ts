// The API's answers that more than one feature reads.

/** `GET /api/me`: the signed-in profile. */
export interface Profile {
  id: string;
  email: string;
  fullName: string;
  memberSince: string;
  role: 'customer' | 'admin';
  twoFactorEnabled: boolean;
}

export const PLAN_CATEGORIES = ['SVOD', 'Music', 'Software'] as const;
export type PlanCategory = (typeof PLAN_CATEGORIES)[number];

/** A plan as `GET /api/plans` returns it; texts are already in the requested language. */
export interface Plan {
  id: string;
  name: string;
  category: PlanCategory;
  monthlyPriceCents: number;
  currency: string;
  popular: boolean;
  logo: string;
  features: string[];
  /** How many customers share one account of the service; null while the plan does not say. */
  sharedUsers: number | null;
}

/** `POST /api/orders` and `POST /api/orders/:id/checkout`. */
export interface OrderResponse {
  orderId: string;
  subscriptionId: string;
  status: 'pending';
  totalCents: number;
  currency: string;
  redirectUrl: string;
}
