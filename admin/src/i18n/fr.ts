import frenchMessages from 'ra-language-french';
import type { TranslationMessages } from 'react-admin';

/** French, the back-office's default: react-admin's own words, then ours (`resources.*`, `shop.*`). */
export const fr: TranslationMessages = {
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
    adminOnly: {
      title: 'Réservé aux administrateurs',
      message:
        "Votre compte n'a pas accès à l'administration. Si vous pensez que c'est une erreur, demandez à un administrateur de vous en donner l'accès.",
      signOut: 'Se déconnecter',
    },
    languages: { fr: 'Français', en: 'Anglais' },
    roles: { customer: 'Client', admin: 'Administrateur' },
    empty: 'Non renseigné',
    inquiries: {
      kinds: {
        support: 'Support',
        affiliate: 'Affiliation',
        partnership: 'Partenariat',
        suggestion: 'Suggestion',
      },
      statuses: { new: 'Nouvelle', in_progress: 'En cours', closed: 'Fermée' },
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
      auth: {
        forbidden: "Votre compte n'a pas accès à l'administration.",
        csrf_rejected: 'Votre session a changé. Rechargez la page, puis recommencez.',
      },
      rate_limited: 'Trop de requêtes. Patientez un instant, puis recommencez.',
      network: { unreachable: 'Le serveur ne répond pas. Vérifiez votre connexion, puis recommencez.' },
    },
  },
};
