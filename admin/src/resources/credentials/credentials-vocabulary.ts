/**
 * GET /api/admin/credentials (services/app/src/credentials/credential-service.ts, CredentialsSummary):
 * never the password, nor the notes; only the reveal (GET /api/admin/credentials/:id) answers them.
 */
export interface CredentialsSummary {
  id: string;
  planId: string;
  planName: string;
  /** The login e-mail of the service account. */
  email: string;
  hasPassword: boolean;
  hasAdditionalInfo: boolean;
  /** Active or suspended subscriptions this set serves. */
  assignedCount: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  updatedBy: string | null;
}

/** What stands for a password nobody asked to see. */
export const MASKED_PASSWORD = '••••••••';

/** "Aucun abonnement", "1 abonnement", "3 abonnements": how many subscriptions in use a set serves. */
export function servedCount(translate: (key: string, options?: object) => string, count: number): string {
  return count === 0
    ? translate('shop.credentials.servesNone')
    : translate('shop.credentials.serves', { smart_count: count });
}
