import type { RecordedEvent } from '@shop/event-store';
import type { Knex } from 'knex';

export interface ProjectionContext {
  trx: Knex.Transaction;
  /** Opens personal data sealed in events (null once the person was erased). */
  openPersonalData: (subjectId: string, sealed: string) => Promise<string | null>;
  /** Physical name of one of the projection's tables in the generation being written. */
  table: (logicalName: string) => string;
}

/**
 * A read model built from the log. Its tables exist once per generation
 * (`rm_<table>_g<n>`); the API reads a view named after the logical table, which points
 * at the active generation, so a rebuild fills fresh tables while the old ones keep serving.
 */
export interface Projection {
  name: string;
  /** Bump when the tables or the handlers change: the projector then rebuilds on start. */
  version: number;
  tables: Record<string, (table: Knex.CreateTableBuilder) => void>;
  eventTypes: readonly string[];
  apply: (event: RecordedEvent, context: ProjectionContext) => Promise<void>;
}

export const physicalTableName = (logicalName: string, generation: number) => `rm_${logicalName}_g${generation}`;
