import { useCallback } from 'react';
import { downloadCSV, ExportButton, useListContext, useNotify, type Exporter } from 'react-admin';
import { httpClient } from '../../lib/http-client';
import type { Subscription } from './subscription-vocabulary';

/** The columns of the file, in order: the order, its customer, its payment, its credentials (never the credentials themselves). */
const COLUMNS: Array<keyof Subscription> = [
  'id',
  'customerName',
  'customerEmail',
  'userId',
  'planName',
  'months',
  'status',
  'statusReason',
  'totalCents',
  'discountCents',
  'currency',
  'promoCode',
  'provider',
  'createdAt',
  'paidAt',
  'expiresAt',
  'credentialsAssigned',
];

/**
 * One CSV cell. A cell a spreadsheet would read as a formula (=, +, -, @ first) is quoted with a
 * leading apostrophe: a customer's name must not run in the operator's spreadsheet.
 */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function subscriptionsCsv(rows: readonly Subscription[]): string {
  const lines = [COLUMNS.join(','), ...rows.map((row) => COLUMNS.map((column) => cell(row[column])).join(','))];
  return lines.join('\r\n');
}

/**
 * 'Exporter': the list as filtered, to a CSV file. The file carries personal data out of the shop,
 * so the export is recorded first (POST /api/admin/exports: who, which list, which filters by name,
 * how many rows); nothing is downloaded when it cannot be.
 */
export function ExportSubscriptionsButton() {
  const { filterValues, total } = useListContext<Subscription>();
  const notify = useNotify();
  const exporter = useCallback<Exporter<Subscription>>(
    async (records) => {
      try {
        await httpClient('/api/admin/exports', {
          method: 'POST',
          body: JSON.stringify({ resource: 'subscriptions', filter: filterValues ?? {}, count: records.length }),
        });
      } catch (error) {
        notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
        return;
      }
      downloadCSV(subscriptionsCsv(records), 'subscriptions');
    },
    [filterValues, notify],
  );
  // The API answers at most 1000 rows a page: the file holds the first 1000 of the list as sorted.
  return <ExportButton exporter={exporter} disabled={total === 0} maxResults={1000} />;
}
