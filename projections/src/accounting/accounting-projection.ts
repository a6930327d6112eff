import { ACCOUNTING_EVENT_TYPES, accountingSubject, type AccountingEvent } from '@shop/domain';
import type { Projection } from '../runtime/projection.js';

/**
 * One row per invoice and credit note, as issued: what the customer's invoices, the back-office's
 * list, the PDFs and the VAT report read. A document never changes, so its row is written once.
 * The buyer's name was sealed under the accounting key of its year, which outlives the customer's
 * erasure for the legal period; once that key is destroyed the name reads "[erased]".
 */
export const accountingProjection: Projection = {
  name: 'accounting',
  version: 1,
  tables: {
    accounting_documents: (table) => {
      table.text('id').primary();
      table.text('number').notNullable().unique();
      table.text('kind').notNullable();
      table.integer('year').notNullable();
      table.integer('sequence').notNullable();
      table.timestamp('issued_at', { useTz: true }).notNullable().index();
      table.text('subscription_id').notNullable().index();
      table.text('user_id').notNullable().index();
      table.text('customer_name').notNullable();
      table.text('company_name');
      table.text('vat_number');
      table.text('country').notNullable();
      table.decimal('vat_rate', 6, 4).notNullable();
      table.integer('net_cents').notNullable();
      table.integer('vat_cents').notNullable();
      table.integer('gross_cents').notNullable();
      table.text('currency').notNullable();
      table.text('corrects_id');
      table.text('corrects_number');
      table.text('plan_name').notNullable();
      table.integer('months').notNullable();
      table.timestamp('period_from', { useTz: true }).notNullable();
      table.timestamp('period_to', { useTz: true }).notNullable();
      table.text('payment_reference').notNullable().index();
      table.text('provider').notNullable();
      table.timestamp('paid_at', { useTz: true }).notNullable();
      table.index(['kind', 'issued_at']);
    },
  },
  eventTypes: ACCOUNTING_EVENT_TYPES,
  apply: async (recorded, { trx, table, openPersonalData }) => {
    const { data } = { type: recorded.type, data: recorded.data } as AccountingEvent;
    const year = new Date(data.issuedAt).getUTCFullYear();
    const open = async (sealed: string | null) =>
      sealed === null ? null : openPersonalData(accountingSubject(year), sealed);
    await trx(table('accounting_documents'))
      .insert({
        id: data.documentId,
        number: data.number,
        kind: data.kind,
        year,
        sequence: data.sequence,
        issued_at: data.issuedAt,
        subscription_id: data.subscriptionId,
        user_id: data.userId,
        customer_name: await open(data.buyer.name),
        company_name: await open(data.buyer.companyName),
        vat_number: data.buyer.vatNumber,
        country: data.buyer.country,
        vat_rate: data.vatRate,
        net_cents: data.netCents,
        vat_cents: data.vatCents,
        gross_cents: data.grossCents,
        currency: data.currency,
        corrects_id: data.corrects?.documentId ?? null,
        corrects_number: data.corrects?.number ?? null,
        plan_name: data.item.planName,
        months: data.item.months,
        period_from: data.item.periodFrom,
        period_to: data.item.periodTo,
        payment_reference: data.paymentReference,
        provider: data.provider,
        paid_at: data.paidAt,
      })
      .onConflict('id')
      .ignore();
  },
};
