import type { Knex } from 'knex';

/**
 * The number each accounting document was given (docs/adr/0025-invoices-credit-notes-and-vat.md,
 * amendment): one row per invoice or credit note, written in the transaction that appends its
 * `InvoiceIssued` or `CreditNoteIssued` event to its series, so a second issue of the same
 * document fails the primary key and answers the number already given. Derived from the log: the
 * step fills it from the events a PostgreSQL log already holds; a series whose last document has
 * no row yet (a KurrentDB log) is filled from its stream the next time it numbers one.
 */
export const accountingDocumentNumbers = {
  name: '0013-accounting-document-numbers',
  up: async (knex: Knex) => {
    await knex.raw(`
      CREATE TABLE IF NOT EXISTS accounting_document_numbers (
        document_id text PRIMARY KEY,
        number text NOT NULL UNIQUE,
        series_stream text NOT NULL
      );`);
    const { rows } = (await knex.raw(`SELECT to_regclass('es_events') IS NOT NULL AS "logHere"`)) as {
      rows: Array<{ logHere: boolean }>;
    };
    if (!rows[0]?.logHere) return;
    await knex.raw(`
      INSERT INTO accounting_document_numbers (document_id, number, series_stream)
      SELECT data->>'documentId', data->>'number', stream_id FROM es_events
      WHERE stream_id LIKE 'accounting-%' AND event_type IN ('InvoiceIssued', 'CreditNoteIssued')
      ORDER BY global_position
      ON CONFLICT DO NOTHING`);
  },
  down: async (knex: Knex) => {
    await knex.raw('DROP TABLE IF EXISTS accounting_document_numbers');
  },
};
