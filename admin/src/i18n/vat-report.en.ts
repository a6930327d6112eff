import type { MessageTree } from './merge-messages';

/** The VAT report's words, in English. */
export const vatReportMessages: MessageTree = {
  shop: {
    vatReport: {
      menu: 'VAT report',
      title: 'VAT report',
      explanation:
        "The VAT collected over the month, per buyer's country and rate: the invoices and credit notes issued that month, credit notes deducted. The amounts are the documents' as issued; the CSV export lists each of them.",
      month: 'Month',
      monthInvalid: 'Pick a month (YYYY-MM).',
      export: 'Export (CSV)',
      exportError: 'The export could not be downloaded. Try again.',
      loadError: 'The report could not be loaded. Try again.',
      empty: 'No invoice or credit note was issued that month.',
      tableLabel: 'VAT of %{month}',
      totals: 'Month total',
      columns: {
        country: 'Country',
        rate: 'Rate',
        net: 'Net',
        vat: 'VAT',
        gross: 'Gross',
        documents: 'Documents',
      },
    },
  },
};
