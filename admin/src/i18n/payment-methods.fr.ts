import type { MessageTree } from './merge-messages';

/** How a subscription was paid (`provider`), as the operator says it (`shop.paymentMethods.<provider>`), in French. */
export const paymentMethodsMessages: MessageTree = {
  shop: {
    paymentMethods: {
      sandbox: 'Paiement de test',
      stripe: 'Stripe',
      mollie: 'Mollie',
      paypal: 'PayPal',
      payssion: 'Payssion',
      free_offer: 'Offre gratuite',
      operator: 'Accordé par un opérateur',
    },
  },
};
