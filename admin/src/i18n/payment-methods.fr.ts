import type { MessageTree } from './merge-messages';

/**
 * How a subscription was paid (`provider`) and what last went wrong with its payment
 * (`lastPaymentIssue`), as the operator says it, in French.
 */
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
    paymentIssues: {
      disputed: 'Paiement contesté',
      amount_mismatch: 'Montant reçu différent du prix (commande laissée en attente)',
      paid_twice: 'Payé deux fois (à rembourser)',
    },
  },
};
