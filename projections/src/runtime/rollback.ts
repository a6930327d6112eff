import type { Knex } from 'knex';
import type { Projection } from './projection.js';
import { replayIntoGeneration, withGenerationsLock, type RebuildOptions } from './rebuild.js';
import { activateGeneration, activeState, dropGeneration, readCheckpoint } from './registry.js';

export class NoPreviousGenerationError extends Error {
  readonly code = 'projection.no_previous_generation';
}

export class PreviousGenerationVersionError extends Error {
  readonly code = 'projection.previous_generation_version';
}

export interface RollbackResult {
  /** The generation now active (the one that was previous). */
  generation: number;
  /** The generation rolled back from, now kept as the previous one. */
  from: number;
  /** Events the generation applied to catch up with the log before serving again. */
  eventsCaughtUp: number;
}

/**
 * Switches a projection back to its previous generation. That generation first catches up
 * from its own checkpoint (where it stopped when it was switched away from), so it never
 * serves stale; the live projector then follows it. The generation rolled back from becomes
 * the previous one: a second rollback switches to it again. Refused when there is no previous
 * generation, or when it was built by another version of the projection than the running code.
 */
export async function rollbackProjection(options: RebuildOptions): Promise<RollbackResult> {
  const { knex, projection } = options;
  return withGenerationsLock(options.databaseUrl, projection, async () => {
    const state = await activeState(knex, projection.name);
    const previous = state?.previous;
    if (!state || !previous) {
      throw new NoPreviousGenerationError(
        `${projection.name} has no previous generation to roll back to (a rebuild keeps one until drop-previous)`,
      );
    }
    if (previous.codeVersion !== projection.version) {
      throw new PreviousGenerationVersionError(
        `${projection.name}: the previous generation ${previous.generation} was built by version ${previous.codeVersion} ` +
          `of the projection and this code is version ${projection.version}; run the code of version ` +
          `${previous.codeVersion} to use it, or drop it`,
      );
    }
    const { checkpoint } = await readCheckpoint(knex, projection.name, previous.generation);
    const { eventsSeen } = await replayIntoGeneration({
      ...options,
      generation: previous.generation,
      after: checkpoint,
    });
    await knex.transaction(async (trx) => {
      // Waits for the live projector's batch in flight; its next batch follows the generation switched to.
      await trx('projection_state').where({ name: projection.name }).forUpdate();
      await activateGeneration(trx, projection, previous.generation, {
        generation: state.generation,
        codeVersion: state.codeVersion,
      });
    });
    return { generation: previous.generation, from: state.generation, eventsCaughtUp: eventsSeen };
  });
}

/**
 * Drops the previous generation's tables (after which no rollback is possible until the next
 * rebuild). Answers the generation dropped, or null when there was none.
 */
export async function dropPreviousGeneration(options: {
  knex: Knex;
  databaseUrl: string;
  projection: Projection;
}): Promise<{ generation: number } | null> {
  const { knex, projection } = options;
  return withGenerationsLock(options.databaseUrl, projection, () =>
    knex.transaction(async (trx) => {
      await trx('projection_state').where({ name: projection.name }).forUpdate();
      const previous = (await activeState(trx, projection.name))?.previous;
      if (!previous) return null;
      await dropGeneration(trx, projection, previous.generation);
      await trx('projection_state')
        .where({ name: projection.name })
        .update({ previous_generation: null, previous_code_version: null });
      return { generation: previous.generation };
    }),
  );
}
