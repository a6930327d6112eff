export * from './runtime/projection.js';
export * from './runtime/registry.js';
export * from './runtime/apply-batch.js';
export * from './runtime/rebuild.js';
export * from './runtime/rollback.js';
export * from './runtime/projector.js';
export * from './runtime/status.js';
export * from './runtime/parked-events.js';
export * from './runtime/advisory-lock.js';
export * from './runtime/when-projected.js';
export * from './personal-data/personal-data-vault.js';
export * from './migrations/schema-migrations.js';
export * from './catalogue/catalogue-projection.js';
export * from './catalogue/catalogue-queries.js';
export * from './subscriptions/subscriptions-projection.js';
export * from './subscriptions/subscriptions-queries.js';
export * from './accounts/accounts-projection.js';
export * from './accounts/accounts-queries.js';
export * from './accounts/admin-users-queries.js';
export * from './accounts/user-segment.js';
export * from './admin/admin-stats-queries.js';
export * from './inquiries/inquiries-projection.js';
export * from './inquiries/inquiries-queries.js';
export * from './payment-sessions/payment-sessions-projection.js';
export * from './payment-sessions/payment-sessions-queries.js';
export * from './promotions/promotions-projection.js';
export * from './promotions/promotions-queries.js';
export * from './accounting/accounting-projection.js';
export * from './accounting/accounting-queries.js';
export * from './credentials/credential-reveals-projection.js';
export * from './credentials/credential-reveals-queries.js';

import { accountingProjection } from './accounting/accounting-projection.js';
import { accountsProjection } from './accounts/accounts-projection.js';
import { catalogueProjection } from './catalogue/catalogue-projection.js';
import { credentialRevealsProjection } from './credentials/credential-reveals-projection.js';
import { inquiriesProjection } from './inquiries/inquiries-projection.js';
import { paymentSessionsProjection } from './payment-sessions/payment-sessions-projection.js';
import { promotionsProjection } from './promotions/promotions-projection.js';
import type { Projection } from './runtime/projection.js';
import { subscriptionsProjection } from './subscriptions/subscriptions-projection.js';

export const ALL_PROJECTIONS: readonly Projection[] = [
  catalogueProjection,
  subscriptionsProjection,
  accountsProjection,
  inquiriesProjection,
  paymentSessionsProjection,
  promotionsProjection,
  accountingProjection,
  credentialRevealsProjection,
];
