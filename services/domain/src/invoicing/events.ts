import type { DomainEvent } from '../shared/decider.js';

/** An invoice (`F`) or a credit note (`A`, avoir): one gap-free series of each per calendar year. */
export const ACCOUNTING_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type AccountingDocumentKind = (typeof ACCOUNTING_DOCUMENT_KINDS)[number];

const SERIES_PREFIX: Record<AccountingDocumentKind, string> = { invoice: 'F', credit_note: 'A' };

/** The stream of one series: `accounting-F2026` holds every invoice of 2026, in number order. */
export const accountingSeriesStreamId = (kind: AccountingDocumentKind, year: number) =>
  `accounting-${SERIES_PREFIX[kind]}${year}`;

/** `F2026-000042`: the series' prefix and year, and the document's place in it on six digits. */
export const documentNumber = (kind: AccountingDocumentKind, year: number, sequence: number) =>
  `${SERIES_PREFIX[kind]}${year}-${String(sequence).padStart(6, '0')}`;

/**
 * One accounting document, as issued: it never changes (a correction is a credit note). Amounts
 * are VAT-inclusive `grossCents` split into `netCents` and `vatCents` at `vatRate` (0.2 for 20 %);
 * a credit note's are negative. The buyer is as billed: their name (and company) sealed under the
 * accounting key of the year, which outlives the erasure of the customer (kept ten years).
 */
export interface AccountingDocument {
  /** What it records, stable across retries: `invoice:<payment reference>`, `credit:<refund>`. */
  documentId: string;
  number: string;
  sequence: number;
  kind: AccountingDocumentKind;
  issuedAt: string;
  subscriptionId: string;
  userId: string;
  /** The payment it records or corrects, and how it was paid. */
  paymentReference: string;
  provider: string;
  paidAt: string;
  buyer: {
    /** Sealed under `accountingSubject(year)`. */
    name: string;
    country: string;
    /** Sealed likewise; null for a consumer. */
    companyName: string | null;
    vatNumber: string | null;
  };
  /** What was sold: the plan, how many months, and the period they cover. */
  item: { planName: string; months: number; periodFrom: string; periodTo: string };
  currency: string;
  grossCents: number;
  netCents: number;
  vatCents: number;
  vatRate: number;
  /** The invoice a credit note corrects. */
  corrects: { documentId: string; number: string } | null;
}

/** The vault's subject whose key seals the buyers of a year's documents (kept for the legal period). */
export const accountingSubject = (year: number) => `accounting-${year}`;

export type InvoiceIssued = DomainEvent<'InvoiceIssued', AccountingDocument>;
export type CreditNoteIssued = DomainEvent<'CreditNoteIssued', AccountingDocument>;
export type AccountingEvent = InvoiceIssued | CreditNoteIssued;
export const ACCOUNTING_EVENT_TYPES: ReadonlyArray<AccountingEvent['type']> = ['InvoiceIssued', 'CreditNoteIssued'];
