import type { MessageTree } from './merge-messages';

/** How a subscription was paid (`provider`), as the operator says it (`shop.paymentMethods.<provider>`), in English. */
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
  },
};
