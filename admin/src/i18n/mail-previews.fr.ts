import type { MessageTree } from './merge-messages';

/** The preview of the subscription e-mails in French. */
export const mailPreviewsMessages: MessageTree = {
  shop: {
    mailPreviews: {
      menu: 'E-mails clients',
      title: 'E-mails des abonnements',
      explanation:
        "Les e-mails que la boutique envoie aux clients au sujet de leurs abonnements, tels qu'ils les reçoivent, écrits ici pour un abonnement d'exemple (Netflix Premium, 3 mois, 13,59 €). Chacun part dans la langue du client, en HTML avec une version texte.",
      list: 'E-mails',
      language: 'Langue',
      languages: { fr: 'Français', en: 'Anglais' },
      subject: 'Objet :',
      html: 'Version HTML',
      text: 'Version texte',
      kinds: {
        order_received: 'Commande reçue',
        order_abandoned: 'Commande annulée faute de paiement',
        payment_confirmed: 'Paiement confirmé',
        credentials_ready: 'Identifiants prêts',
        expiring_soon: 'Expire dans 3 jours',
        expired: 'Abonnement expiré',
        renewal_confirmed: 'Renouvellement confirmé',
        cancellation_confirmed: 'Résiliation confirmée',
        refund_requested: 'Demande de remboursement reçue',
        refund_issued: 'Remboursement effectué',
        suspended: 'Abonnement suspendu',
        renewal_reminder: 'Rappel de renouvellement (7 jours et 1 jour avant)',
        renewal_failed: 'Renouvellement automatique refusé',
        renewal_upcoming: 'Renouvellement automatique à venir (7 jours avant)',
        plan_withdrawn: 'Offre retirée : pas de renouvellement (7 jours avant)',
      },
    },
  },
};
