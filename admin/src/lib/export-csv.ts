import type { AdminExportRecord } from '@shop/contracts';
import { downloadCSV } from 'react-admin';
import { csvFileName, toCsv, type CsvColumn, type ExportedList } from './csv';
import { httpClient } from './http-client';

/**
 * Saves a list to a file. The file carries personal data out of the shop, so the export is
 * recorded first (POST /api/admin/exports: who, which list, which filters by name, how many rows);
 * nothing is downloaded when it cannot be (the error is thrown to the caller).
 */
export async function exportCsv<Row>(options: {
  list: ExportedList;
  filter: Record<string, unknown>;
  columns: ReadonlyArray<CsvColumn<Row>>;
  rows: readonly Row[];
  locale: string;
}): Promise<void> {
  const record: AdminExportRecord = { resource: options.list, filter: options.filter, count: options.rows.length };
  await httpClient('/api/admin/exports', { method: 'POST', body: JSON.stringify(record) });
  downloadCSV(toCsv(options.columns, options.rows), csvFileName(options.list, options.locale));
}
