import type {
  AdminPlan,
  AdminSubscriptionAfterChange,
  BulkOutcome,
  AdminRefundRequest,
  CredentialsAssigned,
  CredentialsDetail,
  GeneratedPassword,
  HistoryEntry,
  SubscriptionAsOf,
  SubscriptionMoney,
  SubscriptionRefund,
  VatReport,
  VoidedSubscription,
} from '@shop/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider, type RaRecord } from 'react-admin';
import { httpClient } from '../lib/http-client';

const restProvider = simpleRestProvider('/api/admin', httpClient);

/** A plan as the back-office reads it (GET /api/admin/plans), on sale or not: the plan filters and pickers. */
export type Plan = AdminPlan;

/** What only the reveal answers: the password and the notes of a set of credentials. */
export type CredentialsSecret = Pick<CredentialsDetail, 'password' | 'additionalInfo'>;

/** The back-office's own calls, next to react-admin's CRUD ones. */
export interface ShopDataProvider extends DataProvider {
  /** GET /api/admin/credentials/:id: the password and notes of one set; the server records who read them. */
  revealCredentials(id: string, reason?: string): Promise<CredentialsSecret>;
  /** POST /api/admin/credentials/generate-password: a random password; nothing is stored. */
  generateServicePassword(): Promise<string>;
  /** POST /api/admin/subscriptions/:id/credentials: gives a stored set to a subscription. */
  assignCredentials(subscriptionId: string, credentialsId: string): Promise<CredentialsAssigned>;
  /** POST /api/admin/{subscriptions,inquiries}/bulk-status: one status (and, for subscriptions, one reason) for each selected record. */
  changeStatuses(resource: 'subscriptions' | 'inquiries', change: BulkStatusChange): Promise<BulkOutcome>;
  /** POST /api/admin/credentials/:id/assignments: gives one stored set to each selected subscription of its plan. */
  assignCredentialsToMany(credentialsId: string, subscriptionIds: string[]): Promise<BulkOutcome>;
  /**
   * DELETE /api/admin/subscriptions/:id with the operator's reason (react-admin's delete sends no
   * body); `insist` voids a paid one all the same, its payment taken out of the revenue.
   */
  voidSubscription(id: string, reason: string, insist?: boolean): Promise<VoidedSubscription>;
  /** POST /api/admin/subscriptions/:id/reactivation: a cancelled subscription active again, with the operator's reason. */
  reactivateSubscription(id: string, reason: string): Promise<AdminSubscriptionAfterChange>;
  /** GET /api/admin/{subscriptions,users}/:id/history: one page of a record's history, summaries in `language`. */
  getHistory(
    of: HistorySubject,
    id: string,
    page: { from: number; to: number; order: 'ASC' | 'DESC'; language: string; filter?: HistoryFilter },
  ): Promise<{ entries: HistoryEntry[]; total: number }>;
  /** GET /api/admin/subscriptions/:id/payments: each payment of a subscription, what is refundable, and its refunds. */
  getSubscriptionMoney(id: string): Promise<SubscriptionMoney>;
  /** POST /api/admin/subscriptions/:id/refunds: gives back part or all of a payment, with the operator's reason. */
  refundSubscription(id: string, refund: AdminRefundRequest): Promise<SubscriptionRefund>;
  /** GET /api/admin/subscriptions/:id?asOf=: the subscription as it stood at that instant; null when it did not exist yet. */
  getSubscriptionAsOf(id: string, asOf: Date): Promise<SubscriptionAsOf | null>;
  /** GET /api/admin/reports/vat?month=YYYY-MM: the month's VAT per country and rate, credit notes deducted, with totals. */
  getVatReport(month: string): Promise<VatReport>;
}

/** What a bulk status change sends: the selected records, the status, and (subscriptions) the reason. */
export interface BulkStatusChange {
  ids: string[];
  status: string;
  reason?: string;
}

/** Whose history: a subscription's or a customer's. */
export type HistorySubject = 'subscriptions' | 'users';

/** What a history is narrowed to: event types, sign-ins shown, up to an instant (ISO 8601). */
export interface HistoryFilter {
  types?: string[];
  signIns?: boolean;
  asOf?: string;
}

/** A set of credentials as the screens may keep it: without what only the reveal should carry. */
function withoutSecrets<T extends RaRecord>(record: T): T {
  const { password: _password, additionalInfo: _additionalInfo, ...rest } = record as T & Partial<CredentialsSecret>;
  return rest as T;
}

/** An address of the admin API, each part encoded: `adminUrl('subscriptions', id, 'refunds')`. */
const adminUrl = (...parts: string[]) => `/api/admin/${parts.map(encodeURIComponent).join('/')}`;

/** Reads `url` from the API. */
async function getJson<T>(url: string): Promise<T> {
  const { json } = await httpClient(url);
  return json as T;
}

/** Sends `body` to the API as JSON and answers what the API answers. */
async function sendJson<T>(method: 'POST' | 'DELETE', url: string, body: unknown): Promise<T> {
  const { json } = await httpClient(url, { method, body: JSON.stringify(body) });
  return json as T;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The credentials form's values as the API reads them. An empty password keeps the stored one; empty
 * notes keep theirs too unless the operator asked to clear them (the form never holds the old ones).
 */
function credentialsBody(data: Record<string, unknown>, creating: boolean, version?: unknown) {
  const password = text(data.password);
  const additionalInfo = text(data.additionalInfo).trim();
  return {
    // The version the operator saw: a change made meanwhile by someone else is refused (409), not overwritten.
    ...(typeof version === 'number' ? { version } : {}),
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
 * The back-office API (`/api/admin/<resource>`, ra-data-simple-rest dialect), with three twists:
 * - an inquiry's change sends only what the server reads: the new status and the version the operator
 *   saw, so a change made meanwhile by someone else is refused (409 inquiry.stale) instead of overwritten;
 * - one set of credentials is read from the list, which never carries the password: the reveal
 *   (GET /api/admin/credentials/:id) is recorded, so only the operator's click asks for it;
 * - credentials sent or answered leave their password out of react-admin's cache.
 */
export const dataProvider: ShopDataProvider = {
  ...restProvider,

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
      const seen = (params.previousData as { version?: unknown } | undefined)?.version;
      const { data } = await restProvider.update(resource, {
        ...params,
        data: credentialsBody(params.data, false, seen),
      });
      return { data: withoutSecrets(data) };
    }
    if (resource === 'subscriptions') {
      // A status change is the new status and why, nothing else of the record.
      return restProvider.update(resource, {
        ...params,
        data: { status: params.data.status, reason: params.data.reason },
      });
    }
    return restProvider.update(resource, params);
  },

  async delete(resource, params) {
    const version = (params.previousData as { version?: unknown } | undefined)?.version;
    if (resource !== 'credentials' || typeof version !== 'number') return restProvider.delete(resource, params);
    const { json } = await httpClient(`${adminUrl('credentials', String(params.id))}?version=${version}`, {
      method: 'DELETE',
    });
    return { data: json };
  },

  async getHistory(of, id, { from, to, order, language, filter = {} }) {
    const query = new URLSearchParams({
      sort: JSON.stringify(['position', order]),
      range: JSON.stringify([from, to]),
      filter: JSON.stringify(filter),
      lang: language,
    });
    const { json, headers } = await httpClient(`${adminUrl(of, id, 'history')}?${query}`);
    const total = Number(headers.get('content-range')?.split('/').pop() ?? 0);
    return { entries: json as HistoryEntry[], total };
  },

  async getSubscriptionAsOf(id, asOf) {
    try {
      return await getJson<SubscriptionAsOf>(
        `${adminUrl('subscriptions', id)}?${new URLSearchParams({ asOf: asOf.toISOString() })}`,
      );
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  },

  getVatReport: (month) => getJson<VatReport>(`/api/admin/reports/vat?${new URLSearchParams({ month })}`),

  getSubscriptionMoney: (id) => getJson<SubscriptionMoney>(adminUrl('subscriptions', id, 'payments')),

  refundSubscription: (id, refund) =>
    sendJson<SubscriptionRefund>('POST', adminUrl('subscriptions', id, 'refunds'), refund),

  changeStatuses: (resource, change) => sendJson<BulkOutcome>('POST', adminUrl(resource, 'bulk-status'), change),

  assignCredentialsToMany: (credentialsId, subscriptionIds) =>
    sendJson<BulkOutcome>('POST', adminUrl('credentials', credentialsId, 'assignments'), { subscriptionIds }),

  async revealCredentials(id, reason) {
    const query = reason?.trim() ? `?reason=${encodeURIComponent(reason.trim())}` : '';
    const { password, additionalInfo } = await getJson<CredentialsSecret>(`${adminUrl('credentials', id)}${query}`);
    return { password, additionalInfo };
  },

  async generateServicePassword() {
    return (await sendJson<GeneratedPassword>('POST', adminUrl('credentials', 'generate-password'), {})).password;
  },

  assignCredentials: (subscriptionId, credentialsId) =>
    sendJson<CredentialsAssigned>('POST', adminUrl('subscriptions', subscriptionId, 'credentials'), { credentialsId }),

  voidSubscription: (id, reason, insist) =>
    sendJson<VoidedSubscription>(
      'DELETE',
      adminUrl('subscriptions', id),
      insist ? { reason, insist: true } : { reason },
    ),

  reactivateSubscription: (id, reason) =>
    sendJson<AdminSubscriptionAfterChange>('POST', adminUrl('subscriptions', id, 'reactivation'), { reason }),
};
