import type { Knex } from 'knex';
import { initialSchema } from './0001-initial-schema.js';
import { paymentSessionsProjection } from './0002-payment-sessions-projection.js';
import { pendingRowCommits } from './0003-pending-row-commits.js';
import { eventSeals } from './0004-event-seals.js';
import { credentialSetVersions } from './0005-credential-set-versions.js';
import { projectionPreviousGeneration } from './0006-projection-previous-generation.js';
import { credentialRevealVersion } from './0007-credential-reveal-version.js';
import { rateLimits } from './0008-rate-limits.js';
import { jobLedgerAndHeartbeats } from './0009-job-ledger-and-heartbeats.js';
import { sandboxSavedCards } from './0010-sandbox-saved-cards.js';
import { apiKeys } from './0011-api-keys.js';
import { webhookEndpoints } from './0012-webhook-endpoints.js';
import { accountingDocumentNumbers } from './0013-accounting-document-numbers.js';
import type { SchemaMigration } from './schema-migration.js';

export type { SchemaMigration };

/**
 * Every table the shop keeps beside the event log (`es_events`, which its adapter creates) and
 * the read-model generations (which the projector creates). In order; a change of schema is a
 * new step at the end, imported here, never an edit of an applied one.
 */
export const SCHEMA_MIGRATIONS: readonly SchemaMigration[] = [
  initialSchema,
  paymentSessionsProjection,
  pendingRowCommits,
  eventSeals,
  credentialSetVersions,
  projectionPreviousGeneration,
  credentialRevealVersion,
  rateLimits,
  jobLedgerAndHeartbeats,
  sandboxSavedCards,
  apiKeys,
  webhookEndpoints,
  accountingDocumentNumbers,
];

/**
 * Imports the steps statically instead of globbing a folder, so the same list runs under tsx,
 * in tests and in a bundle.
 */
export const schemaMigrationSource: Knex.MigrationSource<SchemaMigration> = {
  getMigrations: async () => [...SCHEMA_MIGRATIONS],
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};

const MIGRATIONS_TABLE = 'knex_migrations';

/** One migration run at a time across processes; the same key the shop used before it had versions. */
const MIGRATION_LOCK_KEY = 4_810_000;

export interface AppliedMigration {
  name: string;
  batch: number;
  migratedAt: Date;
  /** False when a newer version of the shop applied it. */
  known: boolean;
}

export interface MigrationStatus {
  applied: AppliedMigration[];
  pending: string[];
}

export class UnknownMigrationsError extends Error {
  readonly code = 'schema.unknown_migrations';
  constructor(readonly names: string[]) {
    super(
      `The database was migrated by a newer version of the shop (${names.join(', ')} unknown here): run that version`,
    );
  }
}

/** What is applied and what would run. Reads only: on a fresh database it creates nothing, not even knex's tables. */
export async function migrationStatus(knex: Knex | Knex.Transaction): Promise<MigrationStatus> {
  const rows: Array<{ name: string; batch: number; migration_time: Date }> = (await knex.schema.hasTable(
    MIGRATIONS_TABLE,
  ))
    ? await knex(MIGRATIONS_TABLE).orderBy('id').select('name', 'batch', 'migration_time')
    : [];
  const known = new Set(SCHEMA_MIGRATIONS.map((m) => m.name));
  const done = new Set(rows.map((row) => row.name));
  return {
    applied: rows.map((row) => ({
      name: row.name,
      batch: row.batch,
      migratedAt: row.migration_time,
      known: known.has(row.name),
    })),
    pending: SCHEMA_MIGRATIONS.map((m) => m.name).filter((name) => !done.has(name)),
  };
}

/**
 * Applies the pending steps, all in one transaction under an advisory lock: processes that
 * start together (API, projector, worker) wait for the first, then find nothing left to do,
 * and a process that dies half-way leaves nothing applied and no lock behind. Runs on a
 * single connection, which the embedded database (one session) needs too. Answers the names
 * of the steps it applied.
 */
export async function migrateToLatest(knex: Knex): Promise<string[]> {
  return knex.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY]);
    const { applied, pending } = await migrationStatus(trx);
    const unknown = applied.filter((m) => !m.known).map((m) => m.name);
    if (unknown.length > 0) throw new UnknownMigrationsError(unknown);
    if (pending.length === 0) return [];
    const [, names] = (await trx.migrate.latest({ migrationSource: schemaMigrationSource })) as [number, string[]];
    return names;
  });
}
