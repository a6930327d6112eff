import type { MessageTree } from './merge-messages';

/** The VAT report's words, in French. */
export const vatReportMessages: MessageTree = {
  shop: {
    vatReport: {
      menu: 'Rapport TVA',
      title: 'Rapport TVA',
      explanation:
        "La TVA collectée sur le mois, par pays de l'acheteur et par taux : factures et avoirs émis ce mois-là, les avoirs déduits. Les montants sont ceux des documents tels qu'émis ; l'export CSV liste chacun d'eux.",
      month: 'Mois',
      monthInvalid: 'Choisissez un mois (AAAA-MM).',
      export: 'Exporter (CSV)',
      exportError: "L'export n'a pas pu être téléchargé. Réessayez.",
      loadError: "Le rapport n'a pas pu être chargé. Réessayez.",
      empty: "Aucune facture ni aucun avoir n'a été émis ce mois-là.",
      tableLabel: 'TVA de %{month}',
      totals: 'Total du mois',
      columns: {
        country: 'Pays',
        rate: 'Taux',
        net: 'Montant HT',
        vat: 'TVA',
        gross: 'Montant TTC',
        documents: 'Documents',
      },
    },
  },
};
