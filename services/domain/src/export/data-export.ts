import type { Decider, DomainEvent } from '../shared/decider.js';
import { DomainError } from '../shared/domain-error.js';

/**
 * An operator saved a back-office list to a file: personal data leaving the shop. Each export is
 * recorded on the month's stream (`exports-2026-11`) with the operator as actor: who, which list,
 * which filters (their names only: a search may hold an e-mail), how many rows. Nothing of the
 * people exported enters the event.
 */
export const exportStreamId = (at: Date) => `exports-${at.toISOString().slice(0, 7)}`;

export const EXPORTED_LISTS = ['users', 'subscriptions', 'invoices', 'user-history'] as const;
export type ExportedList = (typeof EXPORTED_LISTS)[number];

/** The most filters an export names; a list screen has a handful. */
const MAX_FILTERS = 20;
const FILTER_NAME = /^[A-Za-z][A-Za-z0-9_.]{0,63}$/;
const MAX_ROWS = 10_000_000;

export type DataExportedEvent = DomainEvent<
  'DataExported',
  {
    exportId: string;
    resource: ExportedList;
    /** The filters applied, by name, sorted; their values are left out. */
    filters: string[];
    rowCount: number;
    exportedBy: string;
    exportedAt: string;
  }
>;
export const DATA_EXPORT_EVENT_TYPES = ['DataExported'] as const;

export interface RecordExport {
  type: 'RecordExport';
  data: {
    exportId: string;
    resource: string;
    filterNames: readonly string[];
    rowCount: number;
    exportedBy: string;
    exportedAt: string;
  };
}

/** The ids already recorded on the stream: the same export sent twice is recorded once. */
export interface DataExportState {
  exportIds: readonly string[];
}

const invalid = (message: string, details: Record<string, unknown>) =>
  new DomainError({ code: 'export.invalid', message, details });

export function decideExport(command: RecordExport, state: DataExportState): DataExportedEvent[] {
  const { data } = command;
  if (state.exportIds.includes(data.exportId)) return [];
  if (!(EXPORTED_LISTS as readonly string[]).includes(data.resource))
    throw invalid(`No export of ${data.resource}`, { resource: data.resource });
  if (!Number.isInteger(data.rowCount) || data.rowCount < 0 || data.rowCount > MAX_ROWS)
    throw invalid('The row count is a whole number from 0', { rowCount: data.rowCount });
  const filters = [...new Set(data.filterNames)].sort();
  if (filters.length > MAX_FILTERS || filters.some((name) => !FILTER_NAME.test(name)))
    throw invalid('Filters are named by a few letters', { filters: filters.length });
  if (data.exportedBy.trim() === '') throw invalid('An export is made by someone', {});
  return [
    {
      type: 'DataExported',
      data: {
        exportId: data.exportId,
        resource: data.resource as ExportedList,
        filters,
        rowCount: data.rowCount,
        exportedBy: data.exportedBy,
        exportedAt: data.exportedAt,
      },
    },
  ];
}

export const dataExportDecider: Decider<RecordExport, DataExportedEvent, DataExportState> = {
  initialState: () => ({ exportIds: [] }),
  evolve: (state, event) =>
    event.type === 'DataExported' ? { exportIds: [...state.exportIds, event.data.exportId] } : state,
  decide: decideExport,
};
