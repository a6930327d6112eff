import { randomUUID } from 'node:crypto';
import {
  accountingSeriesStreamId,
  documentNumber,
  type AccountingDocument,
  type DocumentDraft,
  type InvoiceIssued,
} from '@shop/domain';
import type { EventStore, NewEvent } from '@shop/event-store';

/**
 * The draft of an invoice for 3 months of Netflix bought in France (13.59 € with 20 % VAT) and paid
 * on the sandbox, issued and paid at `issuedAt`, for a subscription and a customer of its own; with `overrides`.
 */
export const netflixInvoiceDraft = (
  documentId: string,
  issuedAt: string,
  overrides: Partial<DocumentDraft> = {},
): DocumentDraft => ({
  documentId,
  issuedAt,
  subscriptionId: randomUUID(),
  userId: randomUUID(),
  paymentReference: `pi_${documentId}`,
  provider: 'sandbox',
  paidAt: issuedAt,
  buyer: { name: 'pd1:sealed', country: 'FR', companyName: null, vatNumber: null },
  item: { planName: 'Netflix', months: 3, periodFrom: issuedAt, periodTo: issuedAt },
  currency: 'EUR',
  grossCents: 1359,
  netCents: 1133,
  vatCents: 226,
  vatRate: 0.2,
  corrects: null,
  ...overrides,
});

/** `store` as it is, but for the events its reads return, counted whichever stream they read. */
export function countingReads(store: EventStore): { store: EventStore; read: () => number } {
  let read = 0;
  const counted = Object.create(store) as EventStore;
  counted.readStream = async (...args) => {
    const events = await store.readStream(...args);
    read += events.length;
    return events;
  };
  return { store: counted, read: () => read };
}

/**
 * Appends invoices 1 to `count` to the year's series, `batch` events at a time, as the shop issued
 * them before the numbers table: `draftOf` gives each sequence its draft; `afterBatch`, when given,
 * is told of each batch's documents once they are appended.
 */
export async function seedInvoiceSeries(
  store: EventStore,
  year: number,
  count: number,
  draftOf: (sequence: number) => DocumentDraft,
  options: { batch?: number; afterBatch?: (documents: AccountingDocument[]) => Promise<unknown> } = {},
): Promise<void> {
  const batch = options.batch ?? 500;
  for (let from = 1; from <= count; from += batch) {
    const documents: AccountingDocument[] = [];
    for (let sequence = from; sequence <= Math.min(count, from + batch - 1); sequence++) {
      documents.push({
        ...draftOf(sequence),
        kind: 'invoice',
        sequence,
        number: documentNumber('invoice', year, sequence),
      });
    }
    const events: NewEvent[] = documents.map((data) => ({ type: 'InvoiceIssued', data }) satisfies InvoiceIssued);
    await store.appendToStream(accountingSeriesStreamId('invoice', year), events, {
      expectedVersion: from === 1 ? 'no_stream' : from - 1,
    });
    await options.afterBatch?.(documents);
  }
}
