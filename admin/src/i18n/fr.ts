import frenchMessages from 'ra-language-french';
import type { TranslationMessages } from 'react-admin';
import { mergeMessages, type MessageTree } from './merge-messages';

/** French, the back-office's default: react-admin's own words, then ours (`resources.*`, `shop.*`). */
const common: TranslationMessages = {
  ...frenchMessages,
  resources: {
    inquiries: {
      name: 'Demande |||| Demandes',
      fields: {
        id: 'Référence',
        kind: 'Type',
        status: 'Statut',
        version: 'Version',
        email: 'E-mail',
        name: 'Nom',
        companyName: 'Société',
        sender: 'Nom / société',
        subject: 'Objet',
        category: 'Catégorie',
        language: 'Langue',
        userId: 'Compte client',
        receivedAt: 'Reçue le',
        updatedAt: 'Mise à jour le',
        statusChangedBy: 'Statut changé par',
        details: 'Contenu',
        q: 'Rechercher',
      },
    },
    subscriptions: {
      name: 'Abonnement |||| Abonnements',
      fields: {
        id: 'Référence',
        customer: 'Client',
        customerEmail: 'E-mail du client',
        customerName: 'Nom du client',
        userId: 'Compte client',
        planId: 'Plan',
        planName: 'Plan',
        months: 'Durée',
        status: 'Statut',
        statusReason: 'Motif du statut',
        totalCents: 'Total',
        discountCents: 'Remise',
        provider: 'Moyen de paiement',
        paymentReference: 'Référence du paiement',
        lastPaymentIssue: 'Dernier incident de paiement',
        createdAt: 'Commandé le',
        paidAt: 'Payé le',
        expiresAt: 'Expire le',
        credentials: 'Identifiants',
        credentialsId: 'Identifiants',
        hasCredentials: 'Identifiants',
        q: 'Rechercher',
      },
    },
    credentials: {
      name: 'Identifiants |||| Identifiants',
      fields: {
        id: 'Référence',
        planId: 'Plan',
        planName: 'Plan',
        email: 'E-mail de connexion',
        password: 'Mot de passe',
        additionalInfo: 'Informations complémentaires',
        clearAdditionalInfo: 'Effacer les informations complémentaires',
        assignedCount: 'Abonnements servis',
        createdAt: 'Créés le',
        createdBy: 'Créés par',
        updatedAt: 'Mis à jour le',
        updatedBy: 'Mis à jour par',
        q: 'Rechercher',
      },
      notifications: {
        created: 'Identifiants créés avec succès',
        updated: 'Identifiants mis à jour',
        deleted: 'Identifiants supprimés',
      },
    },
    users: {
      name: 'Utilisateur |||| Utilisateurs',
      fields: {
        email: 'E-mail',
        fullName: 'Nom complet',
        role: 'Rôle',
        twoFactorEnabled: 'Double authentification',
        createdAt: 'Inscrit le',
      },
    },
  },
  shop: {
    title: 'PremiumShare — Administration',
    backToShop: 'Retour à la boutique',
    refreshed: 'Données actualisées',
    adminOnly: {
      title: 'Réservé aux administrateurs',
      message:
        "Votre compte n'a pas accès à l'administration. Si vous pensez que c'est une erreur, demandez à un administrateur de vous en donner l'accès.",
      signOut: 'Se déconnecter',
    },
    languages: { fr: 'Français', en: 'Anglais' },
    roles: { customer: 'Client', admin: 'Administrateur' },
    empty: 'Non renseigné',
    copy: {
      action: 'Copier %{label}',
      copied: 'Copié',
      done: '%{label} copié dans le presse-papier',
      failed: 'Erreur lors de la copie',
    },
    subscriptions: {
      title: 'Abonnement %{plan}',
      order: 'Commande',
      monthCount: '%{smart_count} mois',
      statuses: {
        pending: 'Paiement en attente',
        active: 'Actif',
        suspended: 'Suspendu',
        cancelled: 'Annulé',
        expired: 'Expiré',
      },
      credentials: {
        assigned: 'Attribués',
        missing: 'À fournir',
        none: 'Aucun',
        with: 'Avec identifiants',
        without: 'Sans identifiants',
        all: 'Tous',
      },
      assign: {
        action: 'Attribuer des identifiants',
        replace: "Attribuer d'autres identifiants",
        confirm: 'Attribuer',
        current: 'actuels',
        choose: 'Identifiants enregistrés pour %{plan} :',
        help: "Le client est prévenu par e-mail et par notification qu'il peut consulter ses identifiants (jamais les identifiants eux-mêmes).",
        none: "Aucun identifiant n'est encore enregistré pour %{plan}.",
        createFirst: 'Créer des identifiants',
        success: 'Identifiants attribués',
        waiting:
          'Le client attend ses identifiants : ils sont promis sous 24 h après le paiement. Choisissez des identifiants de son plan.',
        replaceHelp:
          "Pour remplacer des identifiants défectueux, attribuez-en d'autres : le client est prévenu de nouveau.",
        onlyActive: 'Seul un abonnement actif peut recevoir des identifiants.',
      },
    },
    credentials: {
      title: 'Identifiants %{plan}',
      createTitle: 'Nouveaux identifiants',
      serves: '%{smart_count} abonnement |||| %{smart_count} abonnements',
      servesNone: 'Aucun abonnement',
      updatedOn: 'mis à jour le %{date}',
      passwordHidden: 'Mot de passe masqué',
      reveal: 'Afficher le mot de passe',
      hide: 'Masquer',
      revealError: 'Erreur lors de la récupération des identifiants',
      loadError: 'Erreur lors du chargement des identifiants',
      generate: 'Générer',
      generated: 'Mot de passe généré automatiquement',
      passwordHelp: '12 caractères au hasard avec « Générer », si le service vous laisse le choisir.',
      passwordKeep: 'Laissez vide pour garder le mot de passe actuel.',
      additionalInfoHelp: 'Facultatif : profil à utiliser, code PIN… Visible par les abonnés de ces identifiants.',
      additionalInfoKeep:
        'Laissez vide pour garder les informations actuelles (affichées avec le mot de passe sur la fiche).',
      additionalInfoHidden: 'Masquées (affichées avec le mot de passe)',
      planHelp: "Impossible de changer le plan d'identifiants qui servent des abonnements en cours.",
      deleteTitle: 'Supprimer les identifiants %{email}',
      deleteConfirm: 'Êtes-vous sûr de vouloir supprimer ces identifiants ?',
      inUse:
        "Ces identifiants servent encore %{smart_count} abonnement en cours : attribuez-lui d'autres identifiants avant de les supprimer. |||| Ces identifiants servent encore %{smart_count} abonnements en cours : attribuez-leur d'autres identifiants avant de les supprimer.",
    },
    inquiries: {
      kinds: {
        support: 'Support',
        affiliate: 'Affiliation',
        partnership: 'Partenariat',
        suggestion: 'Suggestion',
      },
      statuses: { new: 'Nouvelle', in_progress: 'En cours', closed: 'Fermée' },
      statusChanged: 'Demande passée à « %{status} »',
      categories: {
        subscriptions: 'Abonnements',
        payment: 'Paiement',
        account: 'Compte',
        technical: 'Technique',
        security: 'Sécurité',
        other: 'Autre',
      },
      partnershipTypes: {
        reseller: 'Revendeur',
        affiliate: 'Affilié',
        integration: 'Intégration',
        content: 'Contenu',
        distribution: 'Distribution',
        other: 'Autre',
      },
      promotionMethods: {
        'social-media': 'Réseaux sociaux',
        blog: 'Blog',
        email: 'E-mail',
        youtube: 'YouTube',
        influencer: 'Influence',
        'paid-ads': 'Publicité payante',
        other: 'Autre',
      },
      details: {
        message: 'Message',
        phone: 'Téléphone',
        website: 'Site web',
        trafficVolume: 'Trafic mensuel',
        promotionMethods: 'Méthodes de promotion',
        experience: 'Expérience',
        motivation: 'Motivation',
        expectedVolume: 'Volume attendu',
        description: 'Description',
        suggestion: 'Suggestion',
      },
      changeStatus: 'Changer le statut',
      statusHelp:
        'Nouvelle → en cours → fermée ; une demande fermée peut être rouverte (en cours). Rien ne revient à « nouvelle ».',
    },
    errors: {
      inquiry: {
        stale:
          "Cette demande a été modifiée par quelqu'un d'autre depuis que vous l'avez ouverte. Rechargez la page pour voir son état actuel, puis recommencez.",
        invalid_transition: "Ce changement de statut n'est pas permis depuis le statut actuel.",
        not_found: "Cette demande n'existe pas (ou plus).",
      },
      subscription: {
        not_found: "Cet abonnement n'existe pas (ou plus).",
        not_active:
          "Cet abonnement n'est pas actif (paiement en attente, annulé ou expiré) : il ne peut pas recevoir d'identifiants.",
      },
      credentials: {
        not_found: "Ces identifiants n'existent pas (ou plus).",
        plan_mismatch:
          "Ces identifiants sont enregistrés pour un autre plan que celui de l'abonnement. Choisissez des identifiants du même plan.",
        in_use:
          "Ces identifiants servent encore des abonnements en cours : attribuez-leur d'autres identifiants d'abord.",
        unknown_plan: "Ce plan n'existe pas dans le catalogue.",
        stale:
          "Ces identifiants ont été modifiés par quelqu'un d'autre depuis que vous les avez ouverts. Rechargez la page pour voir leur version actuelle, puis recommencez.",
      },
      auth: {
        forbidden: "Votre compte n'a pas accès à l'administration.",
        csrf_rejected: 'Votre session a changé. Rechargez la page, puis recommencez.',
      },
      rate_limited: 'Trop de requêtes. Patientez un instant, puis recommencez.',
      network: { unreachable: 'Le serveur ne répond pas. Vérifiez votre connexion, puis recommencez.' },
    },
  },
};

/** Each area's words in French (`<area>.fr.ts`, see merge-messages.ts), added to the common ones. */
const areas = import.meta.glob<Record<string, MessageTree>>('./*.fr.ts', { eager: true });

export const fr = mergeMessages(common, ...Object.values(areas).flatMap((area) => Object.values(area)));
