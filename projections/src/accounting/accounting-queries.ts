import type { AccountingDocumentKind } from '@shop/domain';
import type { AccountingDocumentView } from '@shop/contracts';
import type { Knex } from 'knex';
import { pageWithTotal, sortTable, whereEveryWordIn, type AdminListQuery } from '../admin-list-query.js';

interface DocumentRow {
  id: string;
  number: string;
  kind: AccountingDocumentKind;
  issued_at: Date;
  subscription_id: string;
  user_id: string;
  customer_name: string;
  company_name: string | null;
  vat_number: string | null;
  country: string;
  vat_rate: string | number;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  currency: string;
  corrects_number: string | null;
  plan_name: string;
  months: number;
  period_from: Date;
  period_to: Date;
  payment_reference: string;
  provider: string;
  paid_at: Date;
}

const toView = (row: DocumentRow): AccountingDocumentView => ({
  id: row.id,
  number: row.number,
  kind: row.kind,
  issuedAt: row.issued_at.toISOString(),
  subscriptionId: row.subscription_id,
  userId: row.user_id,
  customerName: row.customer_name,
  companyName: row.company_name,
  vatNumber: row.vat_number,
  country: row.country,
  vatRate: Number(row.vat_rate),
  netCents: row.net_cents,
  vatCents: row.vat_cents,
  grossCents: row.gross_cents,
  currency: row.currency,
  correctsNumber: row.corrects_number,
  planName: row.plan_name,
  months: row.months,
  periodFrom: row.period_from.toISOString(),
  periodTo: row.period_to.toISOString(),
  paymentReference: row.payment_reference,
  provider: row.provider,
  paidAt: row.paid_at.toISOString(),
});

/** One document by its id, or null. */
export async function getAccountingDocument(knex: Knex, id: string): Promise<AccountingDocumentView | null> {
  const row = await knex<DocumentRow>('accounting_documents').where({ id }).first();
  return row ? toView(row) : null;
}

/** A customer's documents, newest first. */
export async function listAccountingDocumentsOfUser(knex: Knex, userId: string): Promise<AccountingDocumentView[]> {
  const rows = await knex<DocumentRow>('accounting_documents')
    .where({ user_id: userId })
    .orderBy([
      { column: 'issued_at', order: 'desc' },
      { column: 'number', order: 'desc' },
    ]);
  return rows.map(toView);
}

/** The invoice issued for a payment of a subscription, if it was issued. */
export async function invoiceOfPayment(
  knex: Knex,
  subscriptionId: string,
  paymentReference: string,
): Promise<AccountingDocumentView | null> {
  const row = await knex<DocumentRow>('accounting_documents')
    .where({ subscription_id: subscriptionId, payment_reference: paymentReference, kind: 'invoice' })
    .first();
  return row ? toView(row) : null;
}

export const ACCOUNTING_SORT_FIELDS = sortTable(['number', 'issuedAt']);
export type AccountingSortField = keyof typeof ACCOUNTING_SORT_FIELDS;

export type AccountingListQuery = AdminListQuery<
  AccountingSortField,
  {
    ids?: readonly string[];
    /** Words matched against the number, the customer's name and the company. */
    q?: string;
    kind?: AccountingDocumentKind;
    /** Issued at or after. */
    from?: Date;
    /** Issued before. */
    until?: Date;
    userId?: string;
    subscriptionId?: string;
  }
>;

/** The back-office's list of documents. */
export async function listAccountingDocumentsForAdmin(
  knex: Knex,
  query: AccountingListQuery,
): Promise<{ data: AccountingDocumentView[]; total: number }> {
  const { filter } = query;
  const filtered = () => {
    const builder = knex<DocumentRow>('accounting_documents');
    if (filter.ids) builder.whereIn('id', [...filter.ids]);
    if (filter.kind) builder.where('kind', filter.kind);
    if (filter.from) builder.where('issued_at', '>=', filter.from);
    if (filter.until) builder.where('issued_at', '<', filter.until);
    if (filter.userId) builder.where('user_id', filter.userId);
    if (filter.subscriptionId) builder.where('subscription_id', filter.subscriptionId);
    whereEveryWordIn(builder, filter.q, ['number', 'customer_name', 'company_name']);
    return builder;
  };
  return pageWithTotal(filtered, query, { columns: ACCOUNTING_SORT_FIELDS, tiebreaker: 'number' }, toView);
}

/** The documents issued in `month` (YYYY-MM, UTC). */
function issuedIn<Builder extends Knex.QueryBuilder>(documents: Builder, month: string): Builder {
  const from = new Date(`${month}-01T00:00:00.000Z`);
  const until = new Date(from);
  until.setUTCMonth(until.getUTCMonth() + 1);
  return documents.where('issued_at', '>=', from).andWhere('issued_at', '<', until) as Builder;
}

/**
 * The VAT of the documents issued in `month` (YYYY-MM, UTC), per country and rate, credit notes
 * deducted: what the One-Stop Shop return declares.
 */
export async function vatReportOf(
  knex: Knex,
  month: string,
): Promise<
  Array<{ country: string; rate: number; netCents: number; vatCents: number; grossCents: number; documents: number }>
> {
  const rows = (await issuedIn(knex('accounting_documents'), month)
    .groupBy('country', 'vat_rate')
    .orderBy([{ column: 'country' }, { column: 'vat_rate' }])
    .select('country', 'vat_rate')
    .sum({ net: 'net_cents', vat: 'vat_cents', gross: 'gross_cents' })
    .count({ documents: '*' })) as Array<{
    country: string;
    vat_rate: string;
    net: string;
    vat: string;
    gross: string;
    documents: string;
  }>;
  return rows.map((row) => ({
    country: row.country,
    rate: Number(row.vat_rate),
    netCents: Number(row.net),
    vatCents: Number(row.vat),
    grossCents: Number(row.gross),
    documents: Number(row.documents),
  }));
}

/** Every document issued in `month`, in number order: the accountant's export. */
export async function accountingDocumentsOfMonth(knex: Knex, month: string): Promise<AccountingDocumentView[]> {
  const rows = await issuedIn(knex<DocumentRow>('accounting_documents'), month).orderBy([
    { column: 'kind' },
    { column: 'number' },
  ]);
  return rows.map(toView);
}
