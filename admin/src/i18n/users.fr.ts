import type { MessageTree } from './merge-messages';

/** The users screens' words, in French (the seeds' wording where they give one). */
export const usersMessages: MessageTree = {
  resources: {
    users: {
      fields: {
        id: 'Référence',
        customer: 'Utilisateur',
        segment: 'Statut',
        totalSpentCents: 'Total dépensé',
        subscriptions: 'Abonnements',
        lastSignInAt: 'Dernière connexion',
        profileVersion: 'Version du profil',
        q: 'Rechercher',
      },
      notifications: {
        created: 'Utilisateur créé avec succès',
        updated: 'Utilisateur mis à jour avec succès',
        deleted: 'Utilisateur supprimé avec succès',
      },
    },
  },
  shop: {
    users: {
      createTitle: 'Nouvel utilisateur',
      noName: 'Nom non défini',
      segments: {
        with: 'Avec abonnement',
        without: 'Sans abonnement',
        expired: 'Expiré',
      },
      counters: {
        label: 'Répartition des utilisateurs',
        with: 'Avec abonnement',
        without: 'Sans abonnement',
        expired: 'Abonnement expiré',
        total: 'Total',
      },
      groups: {
        with: 'Avec abonnement',
        without: 'Sans abonnement',
        expired: 'Abonnement expiré',
        empty: 'Aucun utilisateur dans ce groupe.',
      },
      filters: { segment: 'Abonnement' },
      noSubscription: 'Aucun abonnement',
      expires: 'expire le %{date}',
      createHelp:
        "Le compte est ouvert avec un mot de passe que personne ne connaît : l'utilisateur reçoit par e-mail un lien pour choisir le sien.",
      emailHelp: "L'utilisateur se connecte avec cette adresse.",
      sections: {
        subscriptions: 'Abonnements',
        inquiries: 'Demandes',
        credentials: 'Identifiants attribués',
        noInquiries: 'Aucune demande',
      },
      erase: {
        action: 'Supprimer',
        title: "Supprimer l'utilisateur %{name} ?",
        content:
          "Ses données personnelles (nom, e-mail, connexions, demandes) sont effacées définitivement : c'est irréversible. Il ne peut plus se connecter et ses sessions prennent fin. Ses abonnements en cours sont annulés (motif « customer erased ») et quittent les statistiques ; ce qu'il a payé reste dans le chiffre d'affaires. L'historique de ses abonnements est conservé, anonyme.",
      },
      erased: {
        value: '[effacé]',
        notice:
          'Cette personne a été effacée le %{date} : ses données personnelles ne sont plus lisibles. Ses abonnements et son historique restent consultables.',
      },
      grant: {
        action: 'Attribuer un abonnement',
        title: 'Attribuer un abonnement à %{name}',
        plan: 'Plan',
        months: 'Durée (mois)',
        customPrice: 'Prix personnalisé (€)',
        customPriceHelp: 'Laisser vide pour le prix automatique (prix du catalogue pour cette durée).',
        help: "L'abonnement est actif tout de suite ; l'utilisateur reçoit l'e-mail et la notification de paiement confirmé.",
        perMonth: '%{price} / mois',
        confirm: 'Attribuer',
        success: 'Abonnement attribué',
        invalidMonths: 'Une durée entière d’au moins 1 mois',
        invalidPrice: 'Un prix positif, au centime près',
      },
      export: { failed: "L'export n'a pas pu être enregistré : rien n'a été téléchargé." },
    },
    errors: {
      account: {
        changed_meanwhile:
          "Cet utilisateur a été modifié par quelqu'un d'autre depuis que vous l'avez ouvert. Rechargez la page pour voir son état actuel, puis recommencez.",
        not_found: "Cet utilisateur n'existe pas (ou plus).",
        erased: 'Cet utilisateur a été supprimé.',
        cannot_erase_self: 'Vous ne pouvez pas supprimer votre propre compte : demandez à un autre administrateur.',
        cannot_erase_admin:
          "Le compte d'un administrateur ne se supprime pas depuis le back-office : utilisez l'outil de la boutique (shopctl users erase).",
        staff_protected: "Le compte d'un membre de l'équipe se corrige par un propriétaire : demandez-le à l'un d'eux.",
      },
      auth: { email_taken: 'Cette adresse e-mail a déjà un compte.' },
      order: { unknown_plan: "Ce plan n'existe pas dans le catalogue." },
    },
  },
};
