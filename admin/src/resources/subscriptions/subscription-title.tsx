import { useRecordContext, useTranslate } from 'react-admin';
import { personal } from '../users/user-vocabulary';
import type { Subscription } from './subscription-vocabulary';

/** "Abonnement Netflix — lea@example.com": the page title of one subscription. */
export function SubscriptionTitle() {
  const subscription = useRecordContext<Subscription>();
  const translate = useTranslate();
  if (!subscription) return null;
  const customer = personal(subscription.customerEmail, translate) ?? subscription.userId;
  return (
    <span>
      {translate('shop.subscriptions.title', { plan: subscription.planName })} — {customer}
    </span>
  );
}
