import type { LogCheckpoint, RecordedEvent } from '@shop/event-store';
import type { Knex } from 'knex';
import type { PersonalDataVault } from '../personal-data/personal-data-vault.js';
import { physicalTableName, type Projection } from './projection.js';

export type BatchOutcome = 'applied' | 'generation_changed';

/**
 * Applies a batch and advances the checkpoint in one transaction: a crash anywhere leaves
 * the read model and its checkpoint in agreement, so no event is applied twice or skipped.
 */
export async function applyBatch(
  knex: Knex,
  projection: Projection,
  generation: number,
  events: readonly RecordedEvent[],
  checkpoint: LogCheckpoint | null,
  options: { requireActive: boolean; vault?: PersonalDataVault },
): Promise<BatchOutcome> {
  const handled = new Set(projection.eventTypes);
  return knex.transaction(async (trx) => {
    if (options.requireActive) {
      // Taken first: a rebuild's switch waits for this batch, and this batch sees a finished switch.
      const state = await trx('projection_state').where({ name: projection.name }).forUpdate().first();
      if (!state || state.active_generation !== generation) return 'generation_changed';
    }
    const table = (logical: string) => {
      if (!(logical in projection.tables)) throw new Error(`${projection.name} has no table ${logical}`);
      return physicalTableName(logical, generation);
    };
    const openPersonalData = (subjectId: string, sealed: string) => {
      if (!options.vault) throw new Error(`${projection.name} reads personal data but the projector has no vault`);
      return options.vault.open(trx, subjectId, sealed);
    };
    for (const event of events) {
      if (handled.has(event.type)) await projection.apply(event, { trx, table, openPersonalData });
    }
    const last = events.at(-1);
    await trx('projection_checkpoints')
      .where({ name: projection.name, generation })
      .update({
        checkpoint,
        last_position: last?.globalPosition ?? trx.raw('last_position'),
        events_seen: trx.raw('events_seen + ?', [events.length]),
        updated_at: trx.fn.now(),
      });
    return 'applied';
  });
}
