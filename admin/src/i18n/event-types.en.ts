import type { MessageTree } from './merge-messages';

/** The recorded events' types as the operator reads them (`shop.eventTypes.<type>`), in English. */
export const eventTypesMessages: MessageTree = {
  shop: {
    eventTypes: {
      OrderPlaced: 'Order placed',
      PaymentSessionOpened: 'Checkout opened',
      PaymentAttemptFailed: 'Payment attempt failed',
      PaymentConfirmed: 'Payment confirmed',
      PaymentRefunded: 'Payment refunded',
      PaymentMismatchRecorded: 'Amount paid differs from the price',
      ExtraPaymentRecorded: 'Second payment received',
      ExtraPaymentRefunded: 'Second payment refunded',
      CredentialsAssigned: 'Credentials assigned',
      SubscriptionStatusChanged: 'Status changed',
      SubscriptionExpired: 'Subscription expired',
      SubscriptionVoided: 'Subscription voided as a mistake',
      RenewalOrdered: 'Renewal ordered',
      AutoRenewalEnabled: 'Automatic renewal turned on',
      RenewalChargeFailed: 'Renewal payment declined',
      SubscriptionRenewed: 'Subscription renewed',
      RenewalRefunded: 'Renewal refunded',
      OrderRefunded: 'Order refunded, renewals kept',
      OrderAbandoned: 'Order abandoned, never paid',
      RenewalAbandoned: 'Renewal given up, never paid',
      SubscriptionCancellationRecorded: 'Cancellation recorded',
      RefundRequested: 'Refund requested',
      PartialRefundRecorded: 'Partial refund recorded',
      RefundInitiated: 'Refund initiated',
      RefundSettled: 'Refund settled',
      RefundFailed: 'Refund failed',
      PaymentDisputed: 'Payment disputed',
      ApiKeyCreated: 'API key created',
      ApiKeyRevoked: 'API key revoked',
    },
  },
};
