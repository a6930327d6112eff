import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';
import {
  documentNumber,
  type AccountingDocument,
  type AccountingDocumentKind,
  type AccountingEvent,
} from './events.js';

/** A document to number: everything but its number, which its series decides. */
export type DocumentDraft = Omit<AccountingDocument, 'number' | 'sequence' | 'kind'>;

/**
 * Issues the next document of a series (`kind`, `year` of `issuedAt`), numbered one after the
 * last. Never twice for the same `documentId` (a retried job issues nothing new): that guard is
 * the command module's, which keeps each document's number in a table written with its event
 * (docs/adr/0025-invoices-credit-notes-and-vat.md, amendment), so the series' state stays small.
 */
export type IssueDocument = {
  type: 'IssueDocument';
  data: { kind: AccountingDocumentKind; year: number; draft: DocumentDraft };
};
export type AccountingCommand = IssueDocument;

/**
 * A series: how many documents it numbered. Each of its events numbers the next document, so the
 * state after the whole series is the state after its last event alone (`evolveSeries` of the
 * initial state and that event): a command reads one event, however long the year.
 */
export interface SeriesState {
  issued: number;
}

export const initialSeriesState = (): SeriesState => ({ issued: 0 });

export function evolveSeries(state: SeriesState, event: AccountingEvent): SeriesState {
  return { issued: Math.max(state.issued, event.data.sequence) };
}

export function decideSeries(command: AccountingCommand, state: SeriesState): AccountingEvent[] {
  const { kind, year, draft } = command.data;
  if (new Date(draft.issuedAt).getUTCFullYear() !== year) {
    throw new DomainError({
      code: 'accounting.wrong_series',
      message: `A document issued on ${draft.issuedAt} belongs to the ${new Date(draft.issuedAt).getUTCFullYear()} series`,
      details: { year, issuedAt: draft.issuedAt },
    });
  }
  if ((kind === 'credit_note') !== (draft.corrects !== null) || (kind === 'credit_note') !== draft.grossCents < 0) {
    throw new DomainError({
      code: 'accounting.invalid_document',
      message: 'A credit note corrects an invoice with a negative amount; an invoice corrects nothing',
      details: { kind, documentId: draft.documentId },
    });
  }
  if (draft.netCents + draft.vatCents !== draft.grossCents) {
    throw new DomainError({
      code: 'accounting.invalid_document',
      message: 'Net and VAT must add up to the total',
      details: { documentId: draft.documentId },
    });
  }
  const sequence = state.issued + 1;
  const document: AccountingDocument = { ...draft, kind, sequence, number: documentNumber(kind, year, sequence) };
  return [{ type: kind === 'invoice' ? 'InvoiceIssued' : 'CreditNoteIssued', data: document }];
}

export const accountingSeriesDecider: Decider<AccountingCommand, AccountingEvent, SeriesState> = {
  initialState: initialSeriesState,
  evolve: evolveSeries,
  decide: decideSeries,
};
