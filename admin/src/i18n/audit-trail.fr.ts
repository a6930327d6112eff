import type { MessageTree } from './merge-messages';

/** The auditor's tools in French: a customer's history narrowed and exported, and who read which credentials. */
export const auditTrailMessages: MessageTree = {
  shop: {
    historyFilter: {
      label: 'Filtrer l’historique',
      types: 'Types d’événements',
      allTypes: 'Tous les types',
      signIns: 'Afficher les connexions',
      asOf: 'Jusqu’au',
      asOfShown: 'Jusqu’au %{date}',
      exportCsv: 'Exporter (CSV)',
      exportJson: 'Exporter (JSON)',
      exportFailed: 'L’export n’a pas pu être fait.',
      subscription: 'Abonnement %{plan} · %{id}',
    },
    reveals: {
      title: 'Consultations des mots de passe',
      titleByUser: 'Mots de passe consultés',
      empty: 'Aucune consultation enregistrée.',
      count: '%{smart_count} consultation |||| %{smart_count} consultations',
      version: 'version %{version}',
      unknownVersion: 'version inconnue',
      set: 'Jeu %{id}',
      viaSubscription: 'par l’abonnement %{id}',
      carriedOver: 'reprise des anciens relevés',
      viewers: { admin: 'Opérateur', customer: 'Client' },
      erased: '[effacé]',
    },
  },
};
