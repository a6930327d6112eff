import { toStorable, toStorableText } from '@shop/domain';
import type { RecordedEvent } from '@shop/event-store';
import type { Knex } from 'knex';
import { ERASED_VALUE, type PersonalDataVault } from '../personal-data/personal-data-vault.js';

export interface ProjectionContext {
  trx: Knex.Transaction;
  /** Opens personal data sealed in events: "[erased]" (`ERASED_VALUE`) once the person was erased. */
  openPersonalData: (subjectId: string, sealed: string) => Promise<string>;
  /** Physical name of one of the projection's tables in the generation being written. */
  table: (logicalName: string) => string;
  /**
   * True while a rebuild loads a fresh generation, whose secondary indexes are built after the
   * load: work that would need them (look-ups by a non-unique column) may wait for `finishLoading`.
   */
  loading: boolean;
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
  /**
   * Applies several events at once (in log order, only the types it handles), leaving exactly the
   * tables `apply` would leave after each of them in turn: a projection offers it to write a
   * batch with a few set-based statements instead of one or more per event. Without it, the
   * runtime calls `apply` for each event.
   */
  applyBatch?: (events: readonly RecordedEvent[], context: ProjectionContext) => Promise<void>;
  /**
   * Runs once at the end of a rebuild's load, in its own transaction, before the secondary
   * indexes are built and the views switched: finishes what `loading` let wait, in a pass over
   * whole tables (without indexes).
   */
  finishLoading?: (context: ProjectionContext) => Promise<void>;
}

export const physicalTableName = (logicalName: string, generation: number) => `rm_${logicalName}_g${generation}`;

/**
 * The context a projection's handlers write through, and the event as they see it: every string
 * in its data, and every personal value opened from it, made storable (a NUL or a lone surrogate
 * becomes U+FFFD), because the log may hold text PostgreSQL refuses and events are forever.
 */
export function projectionInput(
  trx: Knex.Transaction,
  projection: Projection,
  generation: number,
  vault: PersonalDataVault | undefined,
  loading = false,
): { context: ProjectionContext; storable: (event: RecordedEvent) => RecordedEvent } {
  return {
    context: {
      trx,
      loading,
      table: (logical: string) => {
        if (!(logical in projection.tables)) throw new Error(`${projection.name} has no table ${logical}`);
        return physicalTableName(logical, generation);
      },
      openPersonalData: async (subjectId: string, sealed: string) => {
        if (!vault) throw new Error(`${projection.name} reads personal data but the projector has no vault`);
        const opened = await vault.open(trx, subjectId, sealed);
        return opened === null ? ERASED_VALUE : toStorableText(opened);
      },
    },
    storable: (event) => ({ ...event, data: toStorable(event.data) }),
  };
}

/**
 * Applies events (in log order) through the projection's batch apply when it has one and there
 * are several, else one by one (a single event costs the per-event handler fewer statements);
 * events of types it does not handle are passed over.
 */
export async function applyEvents(
  projection: Projection,
  events: readonly RecordedEvent[],
  context: ProjectionContext,
  storable: (event: RecordedEvent) => RecordedEvent,
): Promise<void> {
  const handled = events.filter((event) => projection.eventTypes.includes(event.type)).map(storable);
  if (handled.length === 0) return;
  if (projection.applyBatch && handled.length > 1) return projection.applyBatch(handled, context);
  for (const event of handled) await projection.apply(event, context);
}

/**
 * Whether `error` is PostgreSQL's "relation does not exist" (42P01): a read model its projector
 * has not built yet, as on a new shop whose API started first.
 */
export function isReadModelNotBuilt(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '42P01';
}
