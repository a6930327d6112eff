import type { MessageTree } from './merge-messages';

/** The dashboard screens' words, in French. */
export const dashboardMessages: MessageTree = {
  shop: {
    credentials: {
      counters: {
        label: 'Identifiants en chiffres',
        total: 'Identifiants enregistrés',
        plans: 'Plans distincts',
        logins: 'E-mails de connexion distincts',
      },
    },
    dashboard: {
      title: 'Tableau de bord',
      loadError: 'Erreur lors de la récupération des statistiques',
      asOf: {
        title: 'Au…',
        showing: 'Chiffres tels qu’ils étaient le %{date}, lus dans le journal des événements.',
        inFuture: 'Cette date est dans le futur : les chiffres ne sont connus que jusqu’à maintenant.',
      },
      cards: {
        totalUsers: 'Utilisateurs',
        activeSubscriptions: 'Abonnements actifs',
        totalRevenue: 'Revenus totaux',
        monthlyRevenue: 'Revenus du mois',
        newUsers: 'Nouveaux membres (ce mois)',
        revenuePerUser: 'Revenu par utilisateur',
      },
      activity: {
        title: "Taux d'activité",
        detail: 'Actifs : %{active} · expirés : %{expired}',
        help: 'Abonnements actifs par rapport aux abonnements actifs et expirés.',
      },
      financial: {
        title: 'Indicateurs financiers',
        revenuePerUser: 'Revenu par utilisateur',
        revenuePerUserHelp: 'Revenus totaux (payés, non remboursés) divisés par le nombre d’utilisateurs.',
        growth: 'Croissance mensuelle',
        growthHelp: 'Nouveaux membres ce mois par rapport aux membres déjà inscrits.',
        conversion: 'Taux de conversion',
        conversionHelp: 'Abonnements actifs par rapport au nombre d’utilisateurs.',
      },
      toHandle: {
        refundRequests: 'Demandes de remboursement en attente',
        loadError: 'Erreur lors de la récupération des demandes de remboursement',
        requestedOn: 'demandé le %{date}',
        quoted: '« %{text} »',
      },
      jobs: {
        failed:
          '%{smart_count} tâche de fond en échec (e-mail, avis de paiement ou expiration) : « shopctl jobs failed » la montre, « shopctl jobs retry » la relance |||| %{smart_count} tâches de fond en échec (e-mails, avis de paiement ou expirations) : « shopctl jobs failed » les montre, « shopctl jobs retry » les relance',
        none: 'Aucune tâche de fond en échec.',
      },
      charts: {
        revenue: 'Revenus des 30 derniers jours',
        revenueTotal: 'Total sur la période : %{total}',
        revenueSeries: 'Revenus',
        subscriptions: 'Nouveaux abonnements (30 derniers jours)',
        subscriptionsTotal: '%{smart_count} abonnement sur la période |||| %{smart_count} abonnements sur la période',
        subscriptionsSeries: 'Abonnements',
      },
    },
  },
};
