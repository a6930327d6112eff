import type { MessageTree } from './merge-messages';

/**
 * How a subscription was paid (`provider`) and what last went wrong with its payment
 * (`lastPaymentIssue`), as the operator says it, in English.
 */
export const paymentMethodsMessages: MessageTree = {
  shop: {
    paymentMethods: {
      sandbox: 'Test payment',
      stripe: 'Stripe',
      mollie: 'Mollie',
      paypal: 'PayPal',
      payssion: 'Payssion',
      free_offer: 'Free offer',
      operator: 'Granted by an operator',
    },
    paymentIssues: {
      disputed: 'Payment disputed',
      amount_mismatch: 'Amount received differs from the price (order left pending)',
      paid_twice: 'Paid twice (to refund)',
    },
  },
};
