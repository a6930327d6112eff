import type { ApiKeyScope } from '@shop/contracts';

/**
 * The documented operations each scope opens to a key, and none other: a key is refused
 * everywhere else (the shop's own pages and the customer's routes included). `read:personal-data`
 * opens no route: it lets the events read or delivered carry the customers' personal data.
 */
export const API_KEY_SCOPE_ROUTES: Readonly<Record<ApiKeyScope, readonly string[]>> = {
  'read:subscriptions': ['GET /api/admin/subscriptions', 'GET /api/admin/subscriptions/:id'],
  'read:invoices': ['GET /api/admin/invoices', 'GET /api/admin/invoices/:id', 'GET /api/admin/invoices/:id/pdf'],
  'read:customers': ['GET /api/admin/users', 'GET /api/admin/users/:id'],
  'read:events': ['GET /api/events'],
  'read:personal-data': [],
  // Storing and assigning sets takes their ids: the list (never a password) comes with it. Reading a
  // stored password stays a person's act, recorded with their name.
  'write:credentials': [
    'GET /api/admin/credentials',
    'POST /api/admin/credentials',
    'POST /api/admin/credentials/generate-password',
    'PUT /api/admin/credentials/:id',
    'DELETE /api/admin/credentials/:id',
    'POST /api/admin/credentials/:id/assignments',
    'POST /api/admin/subscriptions/:id/credentials',
  ],
};

/** The scope a documented operation needs from a key; null when no key may call it. */
export function apiKeyScopeFor(method: string, documentedPath: string): ApiKeyScope | null {
  const operation = `${method.toUpperCase()} ${documentedPath}`;
  const entry = Object.entries(API_KEY_SCOPE_ROUTES).find(([, operations]) => operations.includes(operation));
  return entry ? (entry[0] as ApiKeyScope) : null;
}
