import { useCallback } from 'react';
import { ExportButton, useListContext, useLocaleState, useNotify, type Exporter } from 'react-admin';
import { csvEuros, toCsv, type CsvColumn } from '../../lib/csv';
import { exportCsv } from '../../lib/export-csv';
import type { Subscription } from './subscription-vocabulary';
import { ExportSelectionButton } from '../../components/bulk-dialog';

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
 * The subscriptions' exporter, given the filters that chose the rows and the operator's language
 * (the file's name): the export is recorded first (`exportCsv`), and nothing is downloaded when it
 * cannot be (`onUnrecorded` is told why).
 */
export const subscriptionsExporter =
  (filter: Record<string, unknown>, locale: string, onUnrecorded: (error: unknown) => void) =>
  async (rows: readonly Subscription[]): Promise<void> => {
    try {
      await exportCsv({ list: 'subscriptions', filter, columns: COLUMNS, rows, locale });
    } catch (error) {
      onUnrecorded(error);
    }
  };

/** Says why an export was not made. */
export function useExportRefusal() {
  const notify = useNotify();
  return useCallback(
    (error: unknown) =>
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' }),
    [notify],
  );
}

/** 'Exporter': the list as filtered, to a CSV file. */
export function ExportSubscriptionsButton() {
  const { filterValues, total } = useListContext<Subscription>();
  const refused = useExportRefusal();
  const [locale] = useLocaleState();
  const exporter = useCallback<Exporter<Subscription>>(
    (records) => subscriptionsExporter(filterValues ?? {}, locale, refused)(records),
    [filterValues, locale, refused],
  );
  // The API answers at most 1000 rows a page: the file holds the first 1000 of the list as sorted.
  return <ExportButton exporter={exporter} disabled={total === 0} maxResults={1000} />;
}

/** 'Exporter' over the selected subscriptions: those alone, to the same file. */
export function ExportSelectedSubscriptionsButton() {
  const refused = useExportRefusal();
  const [locale] = useLocaleState();
  return (
    <ExportSelectionButton<Subscription>
      exporter={(filter, rows) => subscriptionsExporter(filter, locale, refused)(rows)}
    />
  );
}
