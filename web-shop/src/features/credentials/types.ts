interface ShownPlan {
  subscriptionId: string;
  planName: string;
  logo: string | null;
}

/** `GET /api/me/subscriptions/:id/credentials`: ready, or still being prepared by the operator. */
export type SubscriptionCredentials =
  | (ShownPlan & { status: 'preparing' })
  | (ShownPlan & {
      status: 'ready';
      email: string;
      password: string;
      additionalInfo: string | null;
    });
