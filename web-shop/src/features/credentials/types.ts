/** `GET /api/me/subscriptions/:id/credentials`: ready, or still being prepared by the operator. */
export type { SubscriptionCredentials } from '@shop/contracts';
