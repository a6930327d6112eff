/**
 * GET /api/admin/credentials answers `CredentialsSummary`: never the password, nor the notes; only
 * the reveal (GET /api/admin/credentials/:id) answers them.
 */
export type { CredentialsSummary } from '@shop/contracts';

/** What stands for a password nobody asked to see. */
export const MASKED_PASSWORD = '••••••••';

/** "Aucun abonnement", "1 abonnement", "3 abonnements": how many subscriptions in use a set serves. */
export function servedCount(translate: (key: string, options?: object) => string, count: number): string {
  return count === 0
    ? translate('shop.credentials.servesNone')
    : translate('shop.credentials.serves', { smart_count: count });
}
