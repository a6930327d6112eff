import type { ApiKeyScope } from '@shop/contracts';

/**
 * The documented operations each scope opens to a key, and none other: a key is refused
 * everywhere else (the shop's own pages and the customer's routes included). An operation named
 * under two scopes needs both. `read:personal-data` lets what a key reads carry the customers'
 * personal data (withheld otherwise: `personalData` in the contracts); alone it opens nothing, and
 * it is needed beside the other scope where an answer cannot withhold it (an invoice's PDF).
 */
export const API_KEY_SCOPE_ROUTES: Readonly<Record<ApiKeyScope, readonly string[]>> = {
  'read:subscriptions': ['GET /api/admin/subscriptions', 'GET /api/admin/subscriptions/:id'],
  'read:invoices': ['GET /api/admin/invoices', 'GET /api/admin/invoices/:id', 'GET /api/admin/invoices/:id/pdf'],
  'read:customers': ['GET /api/admin/users', 'GET /api/admin/users/:id'],
  'read:events': ['GET /api/events'],
  'read:personal-data': ['GET /api/admin/invoices/:id/pdf'],
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

/** The scopes a documented operation needs from a key, all of them; none when no key may call it. */
export function apiKeyScopesFor(method: string, documentedPath: string): ApiKeyScope[] {
  const operation = `${method.toUpperCase()} ${documentedPath}`;
  return Object.entries(API_KEY_SCOPE_ROUTES)
    .filter(([, operations]) => operations.includes(operation))
    .map(([scope]) => scope as ApiKeyScope);
}
