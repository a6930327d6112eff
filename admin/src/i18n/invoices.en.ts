import type { MessageTree } from './merge-messages';

/** The invoices screens' words, in English. */
export const invoicesMessages: MessageTree = {
  resources: {
    invoices: {
      name: 'Invoice |||| Invoices',
      fields: {
        id: 'Reference',
        number: 'Number',
        kind: 'Kind',
        issuedAt: 'Issued on',
        customer: 'Customer',
        customerName: 'Customer',
        companyName: 'Company',
        vatNumber: 'VAT number',
        country: 'Country',
        vatRate: 'VAT rate',
        netCents: 'Net',
        vatCents: 'VAT',
        grossCents: 'Gross',
        currency: 'Currency',
        correctsNumber: 'Corrected invoice',
        subscriptionId: 'Subscription',
        userId: 'Customer account',
        planName: 'Plan',
        months: 'Duration',
        periodFrom: 'Period from',
        periodTo: 'Period to',
        paymentReference: 'Payment reference',
        provider: 'Payment method',
        paidAt: 'Paid on',
        from: 'Issued from',
        until: 'Issued until',
        q: 'Search',
      },
    },
  },
  shop: {
    invoices: {
      kinds: { invoice: 'Invoice', credit_note: 'Credit note' },
      title: { invoice: 'Invoice %{number}', credit_note: 'Credit note %{number}' },
      sections: { document: 'Document', buyer: 'Buyer', sale: 'Sale' },
      section: 'Invoices and credit notes',
      none: 'No invoice issued yet.',
      pdf: 'PDF',
      pdfError: 'The PDF could not be downloaded. Try again.',
    },
  },
};
