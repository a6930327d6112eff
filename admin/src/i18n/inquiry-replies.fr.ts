import type { MessageTree } from './merge-messages';

/** The thread of an inquiry and the operator's reply, in French. */
export const inquiryRepliesMessages: MessageTree = {
  shop: {
    inquiries: {
      replies: {
        title: 'Échanges',
        visitor: 'Le visiteur',
        label: 'Votre réponse',
        help: 'Envoyée par e-mail à %{email} (langue : %{language}) et gardée dans l’historique de la demande.',
        tooLong: '%{length} caractères : %{max} au plus.',
        send: 'Envoyer la réponse',
        sent: 'Réponse envoyée à %{email}',
        loadError: 'Erreur lors de la récupération des réponses',
        noEmail: 'Le visiteur n’a pas laissé d’adresse e-mail : personne à qui répondre.',
        erased: 'Les données de ce visiteur ont été effacées : on ne peut plus lui répondre.',
      },
    },
    errors: {
      inquiry: {
        erased: 'Les données de ce visiteur ont été effacées : on ne peut plus lui répondre.',
        no_email: 'Le visiteur n’a pas laissé d’adresse e-mail : personne à qui répondre.',
      },
    },
  },
};
