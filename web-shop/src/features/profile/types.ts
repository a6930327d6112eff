import type { CustomerSubscription } from '@shop/contracts';

export type {
  CustomerSubscription as UserSubscription,
  CustomerSubscriptions as MySubscriptions,
  SubscriptionStatus,
} from '@shop/contracts';

/** What the profile gives the renewal dialog it is handed (composed in app/, as it is a checkout). */
export interface RenewalDialogProps {
  subscription: CustomerSubscription;
  open: boolean;
  onClose: () => void;
}
