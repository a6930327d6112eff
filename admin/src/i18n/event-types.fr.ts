import type { MessageTree } from './merge-messages';

/** The recorded events' types as the operator reads them (`shop.eventTypes.<type>`), in French. */
export const eventTypesMessages: MessageTree = {
  shop: {
    eventTypes: {
      OrderPlaced: 'Commande passée',
      PaymentSessionOpened: 'Paiement ouvert',
      PaymentAttemptFailed: 'Tentative de paiement échouée',
      PaymentConfirmed: 'Paiement confirmé',
      PaymentRefunded: 'Paiement remboursé',
      PaymentMismatchRecorded: 'Montant payé différent du prix',
      ExtraPaymentRecorded: 'Deuxième paiement reçu',
      ExtraPaymentRefunded: 'Deuxième paiement remboursé',
      CredentialsAssigned: 'Identifiants attribués',
      SubscriptionStatusChanged: 'Statut changé',
      SubscriptionExpired: 'Abonnement expiré',
      SubscriptionVoided: 'Abonnement annulé comme erroné',
      RenewalOrdered: 'Renouvellement commandé',
      AutoRenewalEnabled: 'Renouvellement automatique activé',
      RenewalChargeFailed: 'Paiement du renouvellement refusé',
      SubscriptionRenewed: 'Abonnement renouvelé',
      RenewalRefunded: 'Renouvellement remboursé',
      OrderRefunded: 'Commande remboursée, renouvellements conservés',
      OrderAbandoned: 'Commande abandonnée, jamais payée',
      RenewalAbandoned: 'Renouvellement abandonné, jamais payé',
      SubscriptionCancellationRecorded: 'Résiliation enregistrée',
      RefundRequested: 'Remboursement demandé',
      PartialRefundRecorded: 'Remboursement partiel enregistré',
      RefundInitiated: 'Remboursement lancé',
      RefundSettled: 'Remboursement effectué',
      RefundFailed: 'Remboursement échoué',
      PaymentDisputed: 'Paiement contesté',
      ApiKeyCreated: 'Clé d’API créée',
      ApiKeyRevoked: 'Clé d’API révoquée',
    },
  },
};
