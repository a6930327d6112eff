import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { httpClient } from '../lib/http-client';

const restProvider = simpleRestProvider('/api/admin', httpClient);

/**
 * The back-office API (`/api/admin/<resource>`, ra-data-simple-rest dialect). An inquiry's change
 * sends only what the server reads: the new status and the version the operator saw, so a change
 * made meanwhile by someone else is refused (409 inquiry.stale) instead of overwritten.
 */
export const dataProvider: DataProvider = {
  ...restProvider,
  update(resource, params) {
    if (resource !== 'inquiries') return restProvider.update(resource, params);
    const version = (params.previousData as { version?: number } | undefined)?.version ?? params.data.version;
    return restProvider.update(resource, { ...params, data: { status: params.data.status, version } });
  },
};
