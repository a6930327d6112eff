export type {
  CustomerSubscription as UserSubscription,
  CustomerSubscriptions as MySubscriptions,
  SubscriptionStatus,
} from '@shop/contracts';
