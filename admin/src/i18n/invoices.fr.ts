import type { MessageTree } from './merge-messages';

/** The invoices screens' words, in French. */
export const invoicesMessages: MessageTree = {
  resources: {
    invoices: {
      name: 'Facture |||| Factures',
      fields: {
        id: 'Référence',
        number: 'Numéro',
        kind: 'Type',
        issuedAt: 'Émise le',
        customer: 'Client',
        customerName: 'Client',
        companyName: 'Société',
        vatNumber: 'N° de TVA',
        country: 'Pays',
        vatRate: 'Taux de TVA',
        netCents: 'Montant HT',
        vatCents: 'TVA',
        grossCents: 'Montant TTC',
        currency: 'Devise',
        correctsNumber: 'Facture corrigée',
        subscriptionId: 'Abonnement',
        userId: 'Compte client',
        planName: 'Plan',
        months: 'Durée',
        periodFrom: 'Période du',
        periodTo: 'Période au',
        paymentReference: 'Référence du paiement',
        provider: 'Moyen de paiement',
        paidAt: 'Payée le',
        from: 'Émises à partir du',
        until: "Émises jusqu'au",
        q: 'Rechercher',
      },
    },
  },
  shop: {
    invoices: {
      kinds: { invoice: 'Facture', credit_note: 'Avoir' },
      title: { invoice: 'Facture %{number}', credit_note: 'Avoir %{number}' },
      sections: { document: 'Document', buyer: 'Acheteur', sale: 'Vente' },
      section: 'Factures et avoirs',
      none: "Aucune facture n'a encore été émise.",
      pdf: 'PDF',
      pdfError: "Le PDF n'a pas pu être téléchargé. Réessayez.",
    },
  },
};
