/** One column of an exported file: its heading, and what a row writes in it. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/**
 * What a spreadsheet reads as the start of a formula (or, for tab and carriage return, hides before
 * one): a cell starting with one gets a leading apostrophe, so a customer's name never runs.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formulas defused, then quoted when it holds a separator, a quote or a line break. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file: a heading line, then a line per row, CRLF between lines (RFC 4180). */
export function toCsv<Row>(columns: ReadonlyArray<CsvColumn<Row>>, rows: readonly Row[]): string {
  const lines = [
    columns.map((column) => csvCell(column.header)).join(','),
    ...rows.map((row) => columns.map((column) => csvCell(column.value(row))).join(',')),
  ];
  return lines.join('\r\n');
}

/** An amount of every exported file: euros with two decimals and a point (`1234.50`), as spreadsheets read it in any language. */
export const csvEuros = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : (cents / 100).toFixed(2);

const FILE_NAMES = {
  users: { fr: 'utilisateurs', en: 'users' },
  subscriptions: { fr: 'abonnements', en: 'subscriptions' },
} as const;

/** The lists the back-office saves to files. */
export type ExportedList = keyof typeof FILE_NAMES;

/**
 * An exported file's name: the list in the operator's language and the day it was made, in the
 * operator's time zone (`utilisateurs-2026-11-26`, `subscriptions-2026-11-26`); `.csv` is added on download.
 */
export function csvFileName(list: ExportedList, locale: string, now = new Date()): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return `${FILE_NAMES[list][locale === 'en' ? 'en' : 'fr']}-${day}`;
}
