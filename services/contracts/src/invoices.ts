import { z } from 'zod';
import { cents } from './money.js';
import { ACCOUNTING_DOCUMENT_KINDS } from './vocabulary.js';
import { personalData } from './personal-data.js';
import { text } from './text.js';

/**
 * An invoice or a credit note, as issued: never changed once issued. Amounts are in cents, VAT
 * included in `grossCents` (`netCents` + `vatCents`); a credit note's are negative and it names the
 * invoice it corrects. The customer's list and the back-office read the same shape.
 */
export const accountingDocument = z
  .object({
    id: z.string(),
    /** `F2026-000001` (invoice) or `A2026-000001` (credit note): gap-free per kind and year. */
    number: z.string(),
    kind: z.enum(ACCOUNTING_DOCUMENT_KINDS),
    issuedAt: z.string(),
    subscriptionId: z.string(),
    userId: z.string(),
    /** The buyer's name as billed (kept for the legal period, also after the customer's erasure). */
    customerName: personalData(z.string()),
    companyName: personalData(z.string().nullable()),
    vatNumber: personalData(z.string().nullable()),
    /** The buyer's country of residence (ISO 3166-1 alpha-2). */
    country: z.string(),
    /** 0.2 for 20 %; 0 outside the EU. */
    vatRate: z.number(),
    netCents: cents,
    vatCents: cents,
    grossCents: cents,
    currency: z.string(),
    /** The invoice a credit note corrects, or null. */
    correctsNumber: z.string().nullable(),
    planName: z.string(),
    months: z.number().int(),
    /** The period the payment covers. */
    periodFrom: z.string(),
    periodTo: z.string(),
    paymentReference: z.string(),
    provider: z.string(),
    paidAt: z.string(),
  })
  .meta({ id: 'AccountingDocument' });
export type AccountingDocumentView = z.infer<typeof accountingDocument>;

/** `GET /api/me/invoices`: the customer's documents, newest first. */
export const myInvoices = z.object({ data: z.array(accountingDocument) });
export type MyInvoices = z.infer<typeof myInvoices>;

/** `GET /api/admin/invoices`: one page (ra-data-simple-rest; the total is in Content-Range). */
export const adminInvoiceList = z.array(accountingDocument);

/** A day (YYYY-MM-DD) or an instant with its offset. */
const dayOrInstant = z.iso.date().or(z.iso.datetime({ offset: true }));

/** The filters of the back-office's list: number or customer words, kind, issue dates. */
export const adminInvoiceFilter = z.strictObject({
  q: personalData(text({ max: 200 })).optional(),
  kind: z.enum(ACCOUNTING_DOCUMENT_KINDS).optional(),
  /** Issued on or after this day (YYYY-MM-DD) or instant. */
  from: dayOrInstant.optional(),
  /** Issued before the end of this day (YYYY-MM-DD) or before this instant. */
  until: dayOrInstant.optional(),
  userId: text({ max: 64 }).optional(),
  subscriptionId: text({ max: 64 }).optional(),
  id: z.union([text({ max: 200 }), z.array(text({ max: 200 })).max(200)]).optional(),
});

/** `GET /api/admin/reports/vat?month=2026-11`. */
export const vatReportQuery = z.strictObject({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month, YYYY-MM'),
});

/** One country's line of the month: its rate, and the documents' amounts, credit notes deducted. */
export const vatReportLine = z.object({
  country: z.string(),
  rate: z.number(),
  netCents: cents,
  vatCents: cents,
  grossCents: cents,
  /** How many documents (invoices and credit notes) make it. */
  documents: z.number().int(),
});

export const vatReport = z
  .object({
    month: z.string(),
    currency: z.string(),
    data: z.array(vatReportLine),
    totals: vatReportLine.omit({ country: true, rate: true }),
  })
  .meta({ id: 'VatReport' });
export type VatReport = z.infer<typeof vatReport>;

/** `GET /api/me/billing`: what the customer's last order was billed to, offered at the next checkout. */
export const billingDetails = z
  .object({
    billingCountry: z.string().nullable(),
    companyName: personalData(z.string().nullable()),
    vatNumber: personalData(z.string().nullable()),
  })
  .meta({ id: 'BillingDetails' });
export type BillingDetails = z.infer<typeof billingDetails>;
