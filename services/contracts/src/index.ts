// The API's shapes, one module per area. The server validates requests and documents responses
// with these schemas (services/app/src/api); the shop and the back-office import their types.
export * from './text.js';
export * from './personal-data.js';
export * from './problem.js';
export * from './vocabulary.js';
export * from './orders.js';
export * from './accounts.js';
export * from './notifications.js';
export * from './catalogue.js';
export * from './health.js';
export * from './payments.js';
export * from './subscriptions.js';
export * from './users.js';
export * from './inquiries.js';
export * from './credentials.js';
export * from './stats.js';
export * from './promo-codes.js';
export * from './catalogue-limits.js';
export * from './history.js';
export * from './free-offer.js';
export * from './refunds.js';
export * from './mail-previews.js';
export * from './invoices.js';
export * from './bulk.js';
export * from './api-keys.js';
export * from './webhooks.js';
