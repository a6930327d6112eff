import {
  accountingDocument,
  adminInvoiceFilter,
  adminInvoiceList,
  identifier,
  vatReport,
  vatReportQuery,
  type AccountingDocumentView,
  type VatReport,
} from '@shop/contracts';
import type { Language } from '@shop/domain';
import {
  ACCOUNTING_SORT_FIELDS,
  accountingDocumentsOfMonth,
  getAccountingDocument,
  listAccountingDocumentsForAdmin,
  vatReportOf,
} from '@shop/projections';
import { Router, type Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { SellerIdentity } from '../config.js';
import type { Logger } from '../infrastructure/logger.js';
import { adminListQuery, adminListRoute, oneOrMany } from '../api/admin-list-query.js';
import { currentUser, requireUser } from '../api/auth/authentication.js';
import { requestLanguage } from '../api/language.js';
import { problem, type ApiDocument } from '../api/openapi.js';
import { HttpProblem, parseOrReject } from '../api/problem.js';
import { recordExport } from '../audit/data-exports.js';
import type { DataExportCommands } from '../audit/data-export-commands.js';
import { customerLanguage } from '../notifications/customer-preferences.js';
import { renderAccountingDocumentPdf } from './invoice-pdf.js';
import { warnOfDemoSeller } from './seller-warning.js';

/** The list the VAT report and its CSV are recorded under when they are exported. */
export const INVOICE_EXPORT_RESOURCE = 'invoices';

const listQuery = adminListQuery(
  ACCOUNTING_SORT_FIELDS,
  ['number', 'desc'],
  // A document's id names its subscription and payment (`invoice:<subscription>:<payment>`): longer
  // than the 64 characters the contract's `id` filter allows.
  adminInvoiceFilter.extend({ id: oneOrMany(identifier()).optional() }),
  '{"q":"F2026-000001 or words of the customer or company","kind":"invoice","from":"2026-11-01","until":"2026-11-30"}',
);

const documentParams = z.object({ id: identifier() });
const pdfQuery = z.object({
  lang: z.enum(['fr', 'en']).optional().describe("The PDF's language; else the request's Accept-Language"),
});
/** The customer's PDF: in the language of the page that asks, else the customer's own. */
const myPdfQuery = z.object({
  lang: z.enum(['fr', 'en']).optional().describe("The PDF's language (the page's); else the customer's language"),
});

const notFound = (id: string) =>
  new HttpProblem({ status: 404, code: 'invoice.not_found', detail: 'No such invoice or credit note', extra: { id } });

/** `YYYY-MM-DD` is that whole day (UTC): from its start, until its end; an instant is itself. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const startOf = (value: string) => new Date(DAY.test(value) ? `${value}T00:00:00.000Z` : value);
function endOf(value: string): Date {
  if (!DAY.test(value)) return new Date(value);
  const next = new Date(`${value}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

async function sendPdf(res: Response, document: AccountingDocumentView, seller: SellerIdentity, language: Language) {
  const pdf = await renderAccountingDocumentPdf(document, seller, language);
  res
    .status(200)
    .type('application/pdf')
    .set('Content-Disposition', `attachment; filename="${document.number}.pdf"`)
    .set('Content-Language', language)
    .send(pdf);
}

/** `13.59`, `-5.00`: amounts as an accountant's spreadsheet reads them, whatever its language. */
const decimal = (cents: number) => (cents / 100).toFixed(2);

/** A CSV field, quoted when it must be; text a spreadsheet would run as a formula is defused. */
export function csvField(value: string | number | null, options: { text?: boolean } = {}): string {
  if (value === null) return '';
  let field = String(value);
  if (options.text && /^[=+\-@\t\r]/.test(field)) field = `'${field}`;
  return /[",\r\n;]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

const CSV_HEADER = [
  'number',
  'kind',
  'issued_at',
  'customer',
  'company',
  'vat_number',
  'country',
  'vat_rate_percent',
  'net',
  'vat',
  'gross',
  'currency',
  'corrects',
];

/** The month's documents, one line each, for the accountant. */
export function accountingCsv(documents: readonly AccountingDocumentView[]): string {
  const lines = documents.map((d) =>
    [
      csvField(d.number),
      csvField(d.kind),
      csvField(d.issuedAt),
      csvField(d.customerName, { text: true }),
      csvField(d.companyName, { text: true }),
      csvField(d.vatNumber, { text: true }),
      csvField(d.country),
      csvField(Number((d.vatRate * 100).toFixed(4))),
      csvField(decimal(d.netCents)),
      csvField(decimal(d.vatCents)),
      csvField(decimal(d.grossCents)),
      csvField(d.currency),
      csvField(d.correctsNumber),
    ].join(','),
  );
  return [CSV_HEADER.join(','), ...lines].join('\r\n') + '\r\n';
}

/** A customer's own documents as PDFs. */
export function myInvoicePdfRoutes(deps: { knex: Knex; seller: SellerIdentity; logger: Logger }, doc: ApiDocument) {
  const router = Router();
  warnOfDemoSeller(deps.seller, deps.logger);

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/me/invoices/:id/pdf',
      operationId: 'getMyInvoicePdf',
      summary: 'Download one of your invoices or credit notes as a PDF',
      description:
        'The document as a PDF (application/pdf, an attachment named after its number), in the language asked (`lang`, the page’s), else yours. Anyone else’s, or an unknown id, is 404.',
      tags: ['me'],
      params: documentParams,
      query: myPdfQuery,
      responses: {
        200: { description: 'The PDF (application/pdf)' },
        404: problem('invoice.not_found'),
      },
    },
    requireUser,
    async (req, res) => {
      const id = String(req.params.id);
      const { lang } = parseOrReject(myPdfQuery, req.query);
      const { userId } = currentUser(req);
      const document = await getAccountingDocument(deps.knex, id);
      if (!document || document.userId !== userId) throw notFound(id);
      await sendPdf(res, document, deps.seller, lang ?? (await customerLanguage(deps.knex, userId)));
    },
  );

  return router;
}

/**
 * The back-office's invoices and credit notes, their PDFs, and the accountant's monthly VAT
 * report and CSV; the report and the CSV carry customers' data out of the shop, so each is
 * recorded as an export (`recordExport`), as the back-office's list exports are.
 */
export function adminInvoiceRoutes(
  deps: {
    knex: Knex;
    seller: SellerIdentity;
    logger: Logger;
    commands: { dataExports: DataExportCommands };
    clock: () => Date;
  },
  doc: ApiDocument,
): Router {
  const router = Router();
  warnOfDemoSeller(deps.seller, deps.logger);

  adminListRoute(
    doc,
    router,
    {
      path: '/api/admin/invoices',
      operationId: 'listInvoices',
      summary: 'List invoices and credit notes',
      description:
        'Every document issued (ra-data-simple-rest list; Content-Range: invoices a-b/total), sorted by `number` or `issuedAt`; filters `q` (number, customer or company), `kind`, `from` and `until` (a day, YYYY-MM-DD, up to its end; or an instant), `userId`, `subscriptionId`, `id`.',
      query: listQuery,
      rows: { description: 'Invoices and credit notes', schema: adminInvoiceList },
    },
    async ({ filter, ...page }) =>
      listAccountingDocumentsForAdmin(deps.knex, {
        ...page,
        filter: {
          ids: filter.id,
          q: filter.q,
          kind: filter.kind,
          from: filter.from ? startOf(filter.from) : undefined,
          until: filter.until ? endOf(filter.until) : undefined,
          userId: filter.userId,
          subscriptionId: filter.subscriptionId,
        },
      }),
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/invoices/:id',
      operationId: 'getInvoice',
      summary: 'Get one invoice or credit note',
      description: 'The document as issued.',
      tags: ['admin'],
      params: documentParams,
      responses: {
        200: { description: 'The document', schema: accountingDocument },
        404: problem('invoice.not_found'),
      },
    },
    async (req, res) => {
      const id = String(req.params.id);
      const document = await getAccountingDocument(deps.knex, id);
      if (!document) throw notFound(id);
      const answer: AccountingDocumentView = document;
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/invoices/:id/pdf',
      operationId: 'getInvoicePdf',
      summary: 'Download an invoice or credit note as a PDF',
      description:
        'The document as a PDF (application/pdf, an attachment named after its number), in the language asked (`lang`, else Accept-Language).',
      tags: ['admin'],
      params: documentParams,
      query: pdfQuery,
      responses: {
        200: { description: 'The PDF (application/pdf)' },
        404: problem('invoice.not_found'),
      },
    },
    async (req, res) => {
      const id = String(req.params.id);
      parseOrReject(pdfQuery, req.query);
      const document = await getAccountingDocument(deps.knex, id);
      if (!document) throw notFound(id);
      await sendPdf(res, document, deps.seller, requestLanguage(req));
    },
  );

  const recorded = (req: Parameters<Parameters<typeof router.get>[1]>[0], rowCount: number) =>
    recordExport(
      deps,
      { resource: INVOICE_EXPORT_RESOURCE, filterNames: ['month'], rowCount },
      { operatorId: currentUser(req).userId, idempotencyKey: undefined, correlationId: String(req.id) },
    );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/reports/vat',
      operationId: 'getVatReport',
      summary: "Get a month's VAT report",
      description:
        'The VAT of the documents issued in the month (UTC), per buyer country and rate, credit notes deducted, with the totals: what the One-Stop Shop return declares. Recorded as an export (DataExported, resource `invoices`).',
      tags: ['admin'],
      query: vatReportQuery,
      responses: {
        200: { description: 'The report', schema: vatReport },
        400: problem('validation.failed (month is not YYYY-MM)'),
        409: problem('export.invalid (the export could not be recorded: nothing is given)'),
      },
    },
    async (req, res) => {
      const { month } = parseOrReject(vatReportQuery, req.query);
      const [lines, documents] = await Promise.all([
        vatReportOf(deps.knex, month),
        accountingDocumentsOfMonth(deps.knex, month),
      ]);
      const sum = (pick: (line: (typeof lines)[number]) => number) => lines.reduce((total, l) => total + pick(l), 0);
      const answer: VatReport = {
        month,
        currency: documents[0]?.currency ?? 'EUR',
        data: lines,
        totals: {
          netCents: sum((l) => l.netCents),
          vatCents: sum((l) => l.vatCents),
          grossCents: sum((l) => l.grossCents),
          documents: sum((l) => l.documents),
        },
      };
      await recorded(req, lines.length);
      res.json(answer);
    },
  );

  doc.route(
    router,
    {
      method: 'get',
      path: '/api/admin/reports/vat.csv',
      operationId: 'getVatReportCsv',
      summary: "Download a month's documents as CSV",
      description:
        'Every invoice and credit note issued in the month (UTC), one line each (text/csv, UTF-8): number, kind, issued at, customer, company, VAT number, country, rate, net, VAT, gross, currency, corrected invoice. Recorded as an export (DataExported, resource `invoices`).',
      tags: ['admin'],
      query: vatReportQuery,
      responses: {
        200: { description: 'The CSV (text/csv)' },
        400: problem('validation.failed (month is not YYYY-MM)'),
        409: problem('export.invalid (the export could not be recorded: nothing is given)'),
      },
    },
    async (req, res) => {
      const { month } = parseOrReject(vatReportQuery, req.query);
      const documents = await accountingDocumentsOfMonth(deps.knex, month);
      await recorded(req, documents.length);
      res
        .status(200)
        .type('text/csv; charset=utf-8')
        .set('Content-Disposition', `attachment; filename="documents-${month}.csv"`)
        // A byte order mark, so that a spreadsheet reads the accents as UTF-8.
        .send(`\uFEFF${accountingCsv(documents)}`);
    },
  );

  return router;
}
