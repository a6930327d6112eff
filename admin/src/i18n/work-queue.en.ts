import type { MessageTree } from './merge-messages';

/** The dashboard's work queue and the menu's badge, in English. */
export const workQueueMessages: MessageTree = {
  shop: {
    workQueue: {
      title: 'To handle',
      total: '%{smart_count} item waiting for you |||| %{smart_count} items waiting for you',
      nothing: 'Nothing is waiting for you.',
      loadError: 'Could not load the work waiting',
      badge: '%{smart_count} item to handle |||| %{smart_count} items to handle',
      oldest: 'the oldest has waited %{duration}',
      nextExpiry: 'the next one expires in %{duration}',
      overdue: '%{smart_count} past the %{hours} hours promised |||| %{smart_count} past the %{hours} hours promised',
      items: {
        credentials_to_supply:
          '%{smart_count} subscription waiting for its credentials |||| %{smart_count} subscriptions waiting for their credentials',
        new_inquiries: '%{smart_count} new inquiry |||| %{smart_count} new inquiries',
        pending_payments:
          '%{smart_count} payment pending for over an hour |||| %{smart_count} payments pending for over an hour',
        refund_requests: '%{smart_count} refund request |||| %{smart_count} refund requests',
        failed_renewals: '%{smart_count} automatic renewal declined |||| %{smart_count} automatic renewals declined',
        expiring_soon:
          '%{smart_count} subscription expiring within 7 days |||| %{smart_count} subscriptions expiring within 7 days',
      },
    },
  },
};
