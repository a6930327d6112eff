import { describe, expect, it } from 'vitest';
import { DeciderSpec } from '../shared/decider-spec.js';
import { dataExportDecider, exportStreamId, type DataExportedEvent, type RecordExport } from './data-export.js';

const at = '2026-11-24T10:00:00.000Z';
const record = (overrides: Partial<RecordExport['data']> = {}): RecordExport => ({
  type: 'RecordExport',
  data: {
    exportId: 'e1',
    resource: 'users',
    filterNames: ['segment', 'q'],
    rowCount: 42,
    exportedBy: 'admin-1',
    exportedAt: at,
    ...overrides,
  },
});
const exported: DataExportedEvent = {
  type: 'DataExported',
  data: {
    exportId: 'e1',
    resource: 'users',
    filters: ['q', 'segment'],
    rowCount: 42,
    exportedBy: 'admin-1',
    exportedAt: at,
  },
};
const spec = () => DeciderSpec.for(dataExportDecider);

describe('data exports', () => {
  it('are recorded with the list, the filters by name and the row count, nothing of the people', () => {
    spec().when(record()).then([exported]);
  });

  it('are recorded once when the same export is sent twice', () => {
    spec().given([exported]).when(record()).thenNothing();
    spec()
      .given([exported])
      .when(record({ exportId: 'e2' }))
      .then([{ ...exported, data: { ...exported.data, exportId: 'e2' } }]);
  });

  it('name a list the back-office exports', () => {
    spec()
      .when(record({ resource: 'credentials' }))
      .thenThrows({ code: 'export.invalid', details: { resource: 'credentials' } });
  });

  it('count whole rows', () => {
    spec()
      .when(record({ rowCount: -1 }))
      .thenThrows({ code: 'export.invalid' });
    spec()
      .when(record({ rowCount: 1.5 }))
      .thenThrows({ code: 'export.invalid' });
  });

  it('name filters, never carry their values', () => {
    spec()
      .when(record({ filterNames: ['alice@example.com'] }))
      .thenThrows({ code: 'export.invalid' });
    spec()
      .when(record({ filterNames: ['segment', 'segment'] }))
      .then([{ ...exported, data: { ...exported.data, filters: ['segment'] } }]);
  });

  it('are made by someone', () => {
    spec()
      .when(record({ exportedBy: ' ' }))
      .thenThrows({ code: 'export.invalid' });
  });

  it('go to the month’s stream', () => {
    expect(exportStreamId(new Date(at))).toBe('exports-2026-11');
  });
});
