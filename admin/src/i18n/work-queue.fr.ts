import type { MessageTree } from './merge-messages';

/** The dashboard's work queue and the menu's badge, in French. */
export const workQueueMessages: MessageTree = {
  shop: {
    workQueue: {
      title: 'À traiter',
      total: '%{smart_count} élément attend votre action |||| %{smart_count} éléments attendent votre action',
      nothing: 'Rien n’attend votre action.',
      loadError: 'Erreur lors de la récupération du travail en attente',
      badge: '%{smart_count} élément à traiter |||| %{smart_count} éléments à traiter',
      oldest: 'le plus ancien attend depuis %{duration}',
      nextExpiry: 'le prochain expire dans %{duration}',
      overdue:
        'dont %{smart_count} au-delà des %{hours} h promises |||| dont %{smart_count} au-delà des %{hours} h promises',
      items: {
        credentials_to_supply:
          '%{smart_count} abonnement attend ses identifiants |||| %{smart_count} abonnements attendent leurs identifiants',
        new_inquiries: '%{smart_count} nouvelle demande |||| %{smart_count} nouvelles demandes',
        pending_payments:
          '%{smart_count} paiement en attente depuis plus d’une heure |||| %{smart_count} paiements en attente depuis plus d’une heure',
        refund_requests: '%{smart_count} demande de remboursement |||| %{smart_count} demandes de remboursement',
        failed_renewals:
          '%{smart_count} renouvellement automatique refusé |||| %{smart_count} renouvellements automatiques refusés',
        expiring_soon:
          '%{smart_count} abonnement expire dans les 7 jours |||| %{smart_count} abonnements expirent dans les 7 jours',
      },
    },
  },
};
