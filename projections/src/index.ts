export * from './runtime/projection.js';
export * from './runtime/registry.js';
export * from './runtime/apply-batch.js';
export * from './runtime/rebuild.js';
export * from './runtime/projector.js';
export * from './runtime/status.js';
export * from './runtime/parked-events.js';
export * from './runtime/advisory-lock.js';
export * from './personal-data/personal-data-vault.js';
export * from './migrations/schema-migrations.js';
export * from './catalogue/catalogue-projection.js';
export * from './catalogue/catalogue-queries.js';
export * from './subscriptions/subscriptions-projection.js';
export * from './subscriptions/subscriptions-queries.js';
export * from './accounts/accounts-projection.js';
export * from './accounts/accounts-queries.js';
export * from './inquiries/inquiries-projection.js';
export * from './inquiries/inquiries-queries.js';

import { accountsProjection } from './accounts/accounts-projection.js';
import { catalogueProjection } from './catalogue/catalogue-projection.js';
import { inquiriesProjection } from './inquiries/inquiries-projection.js';
import type { Projection } from './runtime/projection.js';
import { subscriptionsProjection } from './subscriptions/subscriptions-projection.js';

export const ALL_PROJECTIONS: readonly Projection[] = [
  catalogueProjection,
  subscriptionsProjection,
  accountsProjection,
  inquiriesProjection,
];
