import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider, type RaRecord } from 'react-admin';
import { httpClient } from '../lib/http-client';

const restProvider = simpleRestProvider('/api/admin', httpClient);

/** A plan of the catalogue (GET /api/plans), read by the plan filters and pickers. */
export interface Plan {
  id: string;
  name: string;
  monthlyPriceCents: number;
  currency: string;
}

/** What only the reveal answers: the password and the notes of a set of credentials. */
export interface CredentialsSecret {
  password: string;
  additionalInfo: string | null;
}

/** The back-office's own calls, next to react-admin's CRUD ones. */
export interface ShopDataProvider extends DataProvider {
  /** GET /api/admin/credentials/:id: the password and notes of one set; the server records who read them. */
  revealCredentials(id: string): Promise<CredentialsSecret>;
  /** POST /api/admin/credentials/generate-password: a random password; nothing is stored. */
  generateServicePassword(): Promise<string>;
  /** POST /api/admin/subscriptions/:id/credentials: gives a stored set to a subscription. */
  assignCredentials(subscriptionId: string, credentialsId: string): Promise<{ changed: boolean }>;
}

// The plans are the shop's public catalogue, read at once: a handful, the same for every screen.
let plans: Promise<Plan[]> | undefined;
function allPlans(): Promise<Plan[]> {
  plans ??= httpClient('/api/plans').then(({ json }) => (json as { data: Plan[] }).data);
  plans.catch(() => (plans = undefined));
  return plans;
}

/** A set of credentials as the screens may keep it: without what only the reveal should carry. */
function withoutSecrets<T extends RaRecord>(record: T): T {
  const { password: _password, additionalInfo: _additionalInfo, ...rest } = record as T & Partial<CredentialsSecret>;
  return rest as T;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The credentials form's values as the API reads them. An empty password keeps the stored one; empty
 * notes keep theirs too unless the operator asked to clear them (the form never holds the old ones).
 */
function credentialsBody(data: Record<string, unknown>, creating: boolean) {
  const password = text(data.password);
  const additionalInfo = text(data.additionalInfo).trim();
  return {
    planId: data.planId,
    email: data.email,
    ...(creating || password !== '' ? { password } : {}),
    ...(additionalInfo !== ''
      ? { additionalInfo }
      : data.clearAdditionalInfo === true || creating
        ? { additionalInfo: null }
        : {}),
  };
}

/**
 * The back-office API (`/api/admin/<resource>`, ra-data-simple-rest dialect), with four twists:
 * - an inquiry's change sends only what the server reads: the new status and the version the operator
 *   saw, so a change made meanwhile by someone else is refused (409 inquiry.stale) instead of overwritten;
 * - `plans` is the public catalogue (GET /api/plans);
 * - one set of credentials is read from the list, which never carries the password: the reveal
 *   (GET /api/admin/credentials/:id) is recorded, so only the operator's click asks for it;
 * - credentials sent or answered leave their password out of react-admin's cache.
 */
export const dataProvider: ShopDataProvider = {
  ...restProvider,

  async getList(resource, params) {
    if (resource !== 'plans') return restProvider.getList(resource, params);
    const data = await allPlans();
    return { data: data as never[], total: data.length };
  },

  async getMany(resource, params) {
    if (resource !== 'plans') return restProvider.getMany(resource, params);
    const data = await allPlans();
    return { data: data.filter((plan) => params.ids.includes(plan.id)) as never[] };
  },

  async getOne(resource, params) {
    if (resource !== 'credentials') return restProvider.getOne(resource, params);
    const { data } = await restProvider.getList(resource, {
      filter: { id: [String(params.id)] },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
    });
    if (!data[0]) throw new HttpError('shop.errors.credentials.not_found', 404, { code: 'credentials.not_found' });
    return { data: data[0] };
  },

  async create(resource, params) {
    if (resource !== 'credentials') return restProvider.create(resource, params);
    const { data } = await restProvider.create(resource, { ...params, data: credentialsBody(params.data, true) });
    return { data: withoutSecrets(data) };
  },

  async update(resource, params) {
    if (resource === 'inquiries') {
      const version = (params.previousData as { version?: number } | undefined)?.version ?? params.data.version;
      return restProvider.update(resource, { ...params, data: { status: params.data.status, version } });
    }
    if (resource === 'credentials') {
      const { data } = await restProvider.update(resource, { ...params, data: credentialsBody(params.data, false) });
      return { data: withoutSecrets(data) };
    }
    return restProvider.update(resource, params);
  },

  async revealCredentials(id) {
    const { json } = await httpClient(`/api/admin/credentials/${encodeURIComponent(id)}`);
    const { password, additionalInfo } = json as CredentialsSecret;
    return { password, additionalInfo };
  },

  async generateServicePassword() {
    const { json } = await httpClient('/api/admin/credentials/generate-password', { method: 'POST', body: '{}' });
    return (json as { password: string }).password;
  },

  async assignCredentials(subscriptionId, credentialsId) {
    const { json } = await httpClient(`/api/admin/subscriptions/${encodeURIComponent(subscriptionId)}/credentials`, {
      method: 'POST',
      body: JSON.stringify({ credentialsId }),
    });
    return json as { changed: boolean };
  },
};
