import { lazyScreen } from '../../lib/lazy-screen';
import SubscriptionIcon from '@mui/icons-material/CardMembership';
import type { Subscription } from './subscription-vocabulary';

/** Customers' subscriptions: follow them up and give them their service credentials. */
export default {
  list: lazyScreen(() => import('./subscription-list').then((m) => m.SubscriptionList)),
  show: lazyScreen(() => import('./subscription-show').then((m) => m.SubscriptionShow)),
  icon: SubscriptionIcon,
  recordRepresentation: (subscription: Subscription) =>
    `${subscription.planName} — ${subscription.customerEmail ?? subscription.userId}`,
};
