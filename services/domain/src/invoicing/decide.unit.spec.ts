import { describe, expect, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import {
  accountingSeriesDecider,
  evolveSeries,
  initialSeriesState,
  type DocumentDraft,
  type IssueDocument,
} from './decide.js';
import type { AccountingEvent } from './events.js';

const spec = () => DeciderSpec.for(accountingSeriesDecider);

const draft = (data: Partial<DocumentDraft> = {}): DocumentDraft => ({
  documentId: 'invoice:pi_1',
  issuedAt: '2026-11-26T10:00:00.000Z',
  subscriptionId: 'sub-1',
  userId: 'user-1',
  paymentReference: 'pi_1',
  provider: 'stripe',
  paidAt: '2026-11-26T09:59:00.000Z',
  buyer: { name: 'pd1:sealed', country: 'FR', companyName: null, vatNumber: null },
  item: {
    planName: 'Netflix',
    months: 3,
    periodFrom: '2026-11-26T09:59:00.000Z',
    periodTo: '2027-02-26T09:59:00.000Z',
  },
  currency: 'EUR',
  grossCents: 1359,
  netCents: 1133,
  vatCents: 226,
  vatRate: 0.2,
  corrects: null,
  ...data,
});

const issueInvoice = (data: Partial<DocumentDraft> = {}): IssueDocument => ({
  type: 'IssueDocument',
  data: { kind: 'invoice', year: 2026, draft: draft(data) },
});

const invoiceIssued = (sequence: number, data: Partial<DocumentDraft> = {}): AccountingEvent => ({
  type: 'InvoiceIssued',
  data: { ...draft(data), kind: 'invoice', sequence, number: `F2026-${String(sequence).padStart(6, '0')}` },
});

describe('a series of accounting documents', () => {
  it('numbers the first invoice of the year F<year>-000001 and each next one after the last', () => {
    spec()
      .given([])
      .when(issueInvoice())
      .then([invoiceIssued(1)]);
    spec()
      .given([invoiceIssued(1), invoiceIssued(2, { documentId: 'invoice:pi_2' })])
      .when(issueInvoice({ documentId: 'invoice:pi_3' }))
      .then([invoiceIssued(3, { documentId: 'invoice:pi_3' })]);
  });

  it('decides from the last event of the series alone as from the whole series: one event read per document', () => {
    const series = Array.from({ length: 250 }, (_, i) => invoiceIssued(i + 1, { documentId: `invoice:pi_${i + 1}` }));
    const whole = series.reduce(evolveSeries, initialSeriesState());
    expect(whole).toEqual({ issued: 250 });
    expect(evolveSeries(initialSeriesState(), series.at(-1)!)).toEqual(whole);
    spec()
      .given(series.slice(-1))
      .when(issueInvoice({ documentId: 'invoice:pi_251' }))
      .then([invoiceIssued(251, { documentId: 'invoice:pi_251' })]);
  });

  it('numbers credit notes in their own series, A<year>-, each naming the invoice it corrects', () => {
    const creditNote: IssueDocument = {
      type: 'IssueDocument',
      data: {
        kind: 'credit_note',
        year: 2026,
        draft: draft({
          documentId: 'credit:pi_1:1359',
          grossCents: -1359,
          netCents: -1133,
          vatCents: -226,
          corrects: { documentId: 'invoice:pi_1', number: 'F2026-000001' },
        }),
      },
    };
    spec()
      .given([])
      .when(creditNote)
      .then([
        {
          type: 'CreditNoteIssued',
          data: { ...creditNote.data.draft, kind: 'credit_note', sequence: 1, number: 'A2026-000001' },
        },
      ]);
  });

  it('refuses a document of another year, a credit note without its invoice, amounts that do not add up', () => {
    spec()
      .given([])
      .when(issueInvoice({ issuedAt: '2027-01-01T00:00:00.000Z' }))
      .thenThrows({ code: 'accounting.wrong_series' });
    spec()
      .given([])
      .when({ type: 'IssueDocument', data: { kind: 'credit_note', year: 2026, draft: draft({ grossCents: -1359 }) } })
      .thenThrows({ code: 'accounting.invalid_document' });
    spec()
      .given([])
      .when(issueInvoice({ vatCents: 200 }))
      .thenThrows({ code: 'accounting.invalid_document' });
  });
});
