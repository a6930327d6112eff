import type { AdminSubscriptionGrant, AdminSubscriptionGranted, AdminUserCounts } from '@shop/contracts';
import { httpClient } from '../../lib/http-client';

/** The users screens' calls beside react-admin's CRUD ones. */

/** GET /api/admin/users/counts: the counters above the list. */
export async function fetchUserCounts(): Promise<AdminUserCounts> {
  const { json } = await httpClient('/api/admin/users/counts');
  return json as AdminUserCounts;
}

/**
 * POST /api/admin/users/:id/subscriptions. The key is the dialog's: a double click or a retry
 * after a lost answer grants once.
 */
export async function grantSubscription(
  userId: string,
  grant: AdminSubscriptionGrant,
  idempotencyKey: string,
): Promise<AdminSubscriptionGranted> {
  const { json } = await httpClient(`/api/admin/users/${encodeURIComponent(userId)}/subscriptions`, {
    method: 'POST',
    body: JSON.stringify(grant),
    headers: new Headers({ 'Idempotency-Key': idempotencyKey }),
  });
  return json as AdminSubscriptionGranted;
}
