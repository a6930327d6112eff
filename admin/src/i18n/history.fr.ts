import type { MessageTree } from './merge-messages';

/** The auditor's panels in French: a record's history and its state as of an instant. */
export const historyMessages: MessageTree = {
  shop: {
    history: {
      title: 'Historique',
      empty: 'Aucun événement enregistré.',
      newestFirst: 'Plus récents d’abord',
      oldestFirst: 'Plus anciens d’abord',
      more: 'Voir plus',
      count: '%{shown} sur %{total} événements',
      showEvent: 'Voir l’événement',
      hideEvent: 'Masquer l’événement',
      causedBy: 'Cause : %{summary}',
      causeElsewhere: 'Cause : événement %{id}',
      actors: {
        customer: 'Client',
        admin: 'Opérateur',
        system: 'Système',
        provider: 'Prestataire',
        unknown: 'Inconnu',
      },
      event: 'Événement %{type}, %{stream} version %{version}, position %{position}',
    },
    asOf: {
      title: 'État au…',
      instant: 'Date et heure',
      show: 'Afficher',
      clear: 'Revenir à maintenant',
      notYet: 'Cet abonnement n’existait pas encore à cette date.',
      heading: 'État au %{date}',
      version:
        '%{smart_count} événement : %{type} le %{date} |||| %{smart_count} événements, le dernier : %{type} le %{date}',
      credentials: 'Identifiants : %{id}, version %{version}',
      credentialsUnknownVersion: 'Identifiants : %{id}',
      noCredentials: 'Aucun identifiant attribué',
      refunded: 'Remboursé',
      voided: 'Annulé comme erroné',
      invalid: 'Choisissez une date et une heure.',
    },
  },
};
