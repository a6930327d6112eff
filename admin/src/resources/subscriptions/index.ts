import SubscriptionIcon from '@mui/icons-material/CardMembership';
import { SubscriptionList } from './subscription-list';
import { SubscriptionShow } from './subscription-show';
import type { Subscription } from './subscription-vocabulary';

/** Customers' subscriptions: follow them up and give them their service credentials. */
export default {
  list: SubscriptionList,
  show: SubscriptionShow,
  icon: SubscriptionIcon,
  recordRepresentation: (subscription: Subscription) =>
    `${subscription.planName} — ${subscription.customerEmail ?? subscription.userId}`,
};
