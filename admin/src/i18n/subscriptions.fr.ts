import type { MessageTree } from './merge-messages';

/** The subscriptions screens' words, in French. */
export const subscriptionsMessages: MessageTree = {
  resources: {
    subscriptions: {
      fields: { reason: 'Motif' },
    },
  },
  shop: {
    subscriptions: {
      actions: 'Actions',
      counters: {
        label: 'Abonnements en chiffres',
        total: 'Total',
        withCredentials: 'Avec identifiants',
        withoutCredentials: 'Sans identifiants',
        active: 'Actifs',
      },
      reason: {
        label: 'Motif',
        statusHelp: "Obligatoire : il reste dans l'historique de l'abonnement.",
        voidHelp: "Obligatoire (commande en double, erreur de saisie…) : il reste dans l'historique.",
      },
      statusChange: {
        action: 'Changer le statut',
        current: 'Statut actuel : %{status}',
        to: 'Nouveau statut',
        confirm: 'Enregistrer',
        success: 'Statut mis à jour vers %{status}',
      },
      void: {
        action: 'Supprimer',
        title: "Supprimer l'abonnement %{plan}",
        confirm: 'Êtes-vous sûr de vouloir supprimer cet abonnement ?',
        help: "Il disparaît des listes, de l'espace du client et des statistiques ; son historique est conservé.",
        submit: 'Supprimer',
        success: 'Abonnement supprimé',
      },
    },
    errors: {
      subscription: {
        invalid_transition: "Ce changement de statut n'est pas permis depuis le statut actuel.",
        past_expiry: "Cet abonnement a dépassé sa date d'expiration : il ne peut plus être réactivé.",
        voided: 'Cet abonnement a été supprimé : il ne peut plus changer.',
      },
    },
  },
};
