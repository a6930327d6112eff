import type { MessageTree } from './merge-messages';

/** The lists' bulk actions in French. */
export const bulkMessages: MessageTree = {
  shop: {
    bulk: {
      exportSelection: 'Exporter la sélection',
      changed: '%{smart_count} modifié |||| %{smart_count} modifiés',
      unchanged: '%{smart_count} déjà ainsi |||| %{smart_count} déjà ainsi',
      refused: '%{smart_count} refusé : %{reason} |||| %{smart_count} refusés : %{reason}',
      selected: '%{smart_count} élément sélectionné |||| %{smart_count} éléments sélectionnés',
      status: {
        action: 'Changer le statut',
        title: 'Changer le statut de %{smart_count} élément |||| Changer le statut de %{smart_count} éléments',
        intro:
          'Chaque élément sélectionné passe au statut choisi, par sa propre action enregistrée dans son historique. Ceux que leur statut actuel ne permet pas de changer ainsi restent tels quels et sont signalés.',
        to: 'Nouveau statut',
        reasonHelp: 'Le même motif est gardé dans l’historique de chaque abonnement.',
        confirm: 'Appliquer',
      },
      assign: {
        action: 'Attribuer des identifiants',
        title:
          'Attribuer des identifiants à %{smart_count} abonnement |||| Attribuer des identifiants à %{smart_count} abonnements',
        intro:
          'Chaque abonnement sélectionné reçoit le même jeu d’identifiants, et son client en est averti. Ceux qui ne sont pas actifs sont signalés et restent tels quels.',
        onePlan: 'Sélectionnez des abonnements d’un seul plan : un jeu d’identifiants sert un plan.',
        confirm: 'Attribuer',
      },
    },
  },
};
