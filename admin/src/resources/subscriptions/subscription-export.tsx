import { useCallback } from 'react';
import { ExportButton, useListContext, useLocaleState, useNotify, type Exporter } from 'react-admin';
import { csvEuros, toCsv, type CsvColumn } from '../../lib/csv';
import { exportCsv } from '../../lib/export-csv';
import type { Subscription } from './subscription-vocabulary';

const as =
  (key: keyof Subscription): CsvColumn<Subscription>['value'] =>
  (row) =>
    row[key] as string | number | boolean | null | undefined;

/** The columns of the file, in order: the order, its customer, its payment (amounts in euros), its credentials (never the credentials themselves). */
const COLUMNS: ReadonlyArray<CsvColumn<Subscription>> = [
  ...(['id', 'customerName', 'customerEmail', 'userId', 'planName', 'months', 'status', 'statusReason'] as const).map(
    (key) => ({ header: key, value: as(key) }),
  ),
  { header: 'totalEuros', value: (row) => csvEuros(row.totalCents) },
  { header: 'discountEuros', value: (row) => csvEuros(row.discountCents) },
  ...(['currency', 'promoCode', 'provider', 'createdAt', 'paidAt', 'expiresAt', 'credentialsAssigned'] as const).map(
    (key) => ({ header: key, value: as(key) }),
  ),
];

export const subscriptionsCsv = (rows: readonly Subscription[]): string => toCsv(COLUMNS, rows);

/**
 * 'Exporter': the list as filtered, to a CSV file, recorded first (`exportCsv`); nothing is
 * downloaded when the export cannot be recorded.
 */
export function ExportSubscriptionsButton() {
  const { filterValues, total } = useListContext<Subscription>();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const exporter = useCallback<Exporter<Subscription>>(
    async (records) => {
      try {
        await exportCsv({ list: 'subscriptions', filter: filterValues ?? {}, columns: COLUMNS, rows: records, locale });
      } catch (error) {
        notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
      }
    },
    [filterValues, notify, locale],
  );
  // The API answers at most 1000 rows a page: the file holds the first 1000 of the list as sorted.
  return <ExportButton exporter={exporter} disabled={total === 0} maxResults={1000} />;
}
