/**
 * The back-office's data provider as react-admin builds it (ra-data-simple-rest over
 * `/api/admin`), signed in with an operator's access token: integration tests drive the admin
 * routes exactly as the screens do. A refusal rejects with react-admin's HttpError (`status`,
 * `body`).
 *
 * The packages are loaded by a computed name: their typings bring React's global stubs
 * (`interface HTMLElement {}`), which would retype every browser test's DOM callbacks. The part of
 * the provider the tests call is typed here instead.
 */

type Row = { id: string | number } & Record<string, unknown>;

export interface AdminDataProvider {
  getList(
    resource: string,
    params: {
      pagination: { page: number; perPage: number };
      sort: { field: string; order: 'ASC' | 'DESC' };
      filter: Record<string, unknown>;
    },
  ): Promise<{ data: Row[]; total?: number }>;
  getOne(resource: string, params: { id: string | number }): Promise<{ data: Row }>;
  getMany(resource: string, params: { ids: Array<string | number> }): Promise<{ data: Row[] }>;
  create(resource: string, params: { data: Record<string, unknown> }): Promise<{ data: Row }>;
  update(
    resource: string,
    params: { id: string | number; data: Record<string, unknown>; previousData: Row },
  ): Promise<{ data: Row }>;
  delete(resource: string, params: { id: string | number; previousData?: Row }): Promise<{ data: Row }>;
}

interface FetchJson {
  (url: string, options?: { method?: string; body?: string; headers?: Headers }): Promise<unknown>;
}

const RA_CORE: string = 'ra-core';
const RA_DATA_SIMPLE_REST: string = 'ra-data-simple-rest';

export async function adminDataProvider(shopUrl: string, token: string): Promise<AdminDataProvider> {
  const { fetchUtils } = (await import(RA_CORE)) as { fetchUtils: { fetchJson: FetchJson } };
  const { default: simpleRestProvider } = (await import(RA_DATA_SIMPLE_REST)) as {
    default: (apiUrl: string, httpClient: FetchJson) => AdminDataProvider;
  };
  const httpClient: FetchJson = (url, options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    headers.set('Authorization', `Bearer ${token}`);
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
  return simpleRestProvider(`${shopUrl}/api/admin`, httpClient);
}

/** The refusal a data-provider call rejects with (react-admin's HttpError): its status and problem code. */
export async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: unknown }> {
  try {
    await promise;
  } catch (error) {
    const { status, body } = error as { status: number; body?: { code?: unknown } };
    return { status, code: body?.code };
  }
  throw new Error('expected a refusal');
}
