export * from './types.js';
export * from './errors.js';
export * from './upcasting.js';
export * from './command-handler.js';
export * from './follow-log.js';
export { PostgresEventStore, NOTIFY_CHANNEL, type PostgresEventStoreOptions } from './postgres/postgres-event-store.js';
export { migrateEventStore } from './postgres/schema.js';
export { postgresAnswers } from './postgres/postgres-answers.js';
export { KurrentDbEventStore, type KurrentDbEventStoreOptions } from './kurrentdb/kurrentdb-event-store.js';
