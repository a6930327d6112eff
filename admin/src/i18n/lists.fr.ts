import type { MessageTree } from './merge-messages';

/**
 * What each list says when it has nothing yet (react-admin's `resources.<name>.empty`, and
 * `invite` where something can be created), in French: react-admin's own sentence puts the
 * resource's name after « Pas encore de », which reads wrong for most of ours.
 */
export const listsMessages: MessageTree = {
  resources: {
    inquiries: { empty: 'Aucune demande pour l’instant.' },
    subscriptions: { empty: 'Aucun abonnement pour l’instant.' },
    credentials: {
      empty: 'Aucun identifiant pour l’instant.',
      invite: 'Enregistrez les premiers identifiants d’un plan.',
    },
    users: { empty: 'Aucun utilisateur pour l’instant.', invite: 'Voulez-vous en créer un ?' },
    invoices: { empty: 'Aucune facture ni aucun avoir pour l’instant.' },
    'promo-codes': { empty: 'Aucun code promo pour l’instant.', invite: 'Voulez-vous en créer un ?' },
    plans: { empty: 'Aucun plan pour l’instant.' },
  },
};
