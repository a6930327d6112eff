import { type Command } from 'commander';
import {
  ALL_PROJECTIONS,
  dropPreviousGeneration,
  NoPreviousGenerationError,
  PreviousGenerationVersionError,
  projectionStatuses,
  rebuildProjection,
  RebuildInProgressError,
  retryParkedEvent,
  rollbackProjection,
  skipParkedEvent,
  type Projection,
} from '@shop/projections';
import { operator, positiveInt, withRuntime } from './cli-runtime.js';
import { formatParked, formatStatuses } from './format.js';

const NAMES = ALL_PROJECTIONS.map((p) => p.name).join(', ');

/** Errors an operator can act on: one line and exit status 1, no stack. */
const isRefusal = (error: unknown) =>
  error instanceof NoPreviousGenerationError ||
  error instanceof PreviousGenerationVersionError ||
  error instanceof RebuildInProgressError;

/** `shopctl projections ...`: status, rebuild, rollback, drop-previous, and the parked events' retry and skip. */
export function registerProjectionCommands(program: Command): void {
  const projections = program.command('projections').description('Read models built from the event log');

  const projectionNamed = (name: string): Projection => {
    const projection = ALL_PROJECTIONS.find((p) => p.name === name);
    if (!projection) return program.error(`Unknown projection "${name}": use one of ${NAMES}`);
    return projection;
  };

  projections
    .command('status')
    .description('Each projection: version, active generation, lag behind the log, the previous generation kept')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      await withRuntime(async ({ knex, store }) => {
        const statuses = await projectionStatuses(knex, store, ALL_PROJECTIONS);
        console.log(
          options.json ? JSON.stringify(statuses, null, 2) : formatStatuses(statuses) + formatParked(statuses),
        );
      });
    });

  projections
    .command('rebuild')
    .argument('[name]', `one of: ${NAMES} (all when absent)`)
    .description(
      'Replay the log into fresh tables, then switch; the shop keeps serving the old tables meanwhile, and they are kept for a rollback',
    )
    .action(async (name?: string) => {
      const selected = name ? [projectionNamed(name)] : ALL_PROJECTIONS;
      await withRuntime(async ({ knex, store, databaseUrl, vault }) => {
        for (const projection of selected) {
          const started = Date.now();
          const result = await rebuildProjection({ knex, databaseUrl, store, projection, vault });
          const seconds = (Date.now() - started) / 1000;
          console.log(
            `${projection.name}: rebuilt generation ${result.generation} from ${result.eventsSeen} events in ${seconds.toFixed(1)} s, now serving`,
          );
        }
      });
    });

  projections
    .command('rollback')
    .argument('<name>', `one of: ${NAMES}`)
    .description(
      'Switch back to the previous generation (it first catches up with the log); the one switched from becomes the previous',
    )
    .action(async (name: string) => {
      const projection = projectionNamed(name);
      await withRuntime(async ({ knex, store, databaseUrl, vault }) => {
        try {
          const result = await rollbackProjection({ knex, databaseUrl, store, projection, vault });
          console.log(
            `${name}: generation ${result.generation} serving again, caught up with ${result.eventsCaughtUp} events; ` +
              `generation ${result.from} kept as the previous (rollback again to return to it, drop-previous to remove it)`,
          );
        } catch (error) {
          if (!isRefusal(error)) throw error;
          console.error(`shopctl: ${(error as Error).message}`);
          process.exitCode = 1;
        }
      });
    });

  projections
    .command('drop-previous')
    .argument('[name]', `one of: ${NAMES}`)
    .option('--all', 'every projection')
    .description(
      "Drop the previous generation's tables, kept by a rebuild or a rollback; no rollback is possible after",
    )
    .action(async (name: string | undefined, options: { all?: boolean }) => {
      if (!name && !options.all) program.error('Name a projection, or pass --all');
      if (name && options.all) program.error('Name a projection or pass --all, not both');
      const selected = name ? [projectionNamed(name)] : ALL_PROJECTIONS;
      await withRuntime(async ({ knex, databaseUrl }) => {
        for (const projection of selected) {
          try {
            const dropped = await dropPreviousGeneration({ knex, databaseUrl, projection });
            console.log(
              dropped
                ? `${projection.name}: previous generation ${dropped.generation} dropped`
                : `${projection.name}: no previous generation`,
            );
          } catch (error) {
            if (!isRefusal(error)) throw error;
            console.error(`shopctl: ${(error as Error).message}`);
            process.exitCode = 1;
          }
        }
      });
    });

  /** `projections <verb> <name> <position>`: a decision on one event a projection parked. */
  const parkedEventCommand = (verb: string, description: string) =>
    projections
      .command(verb)
      .argument('<name>', 'the projection that parked the event')
      .argument('<position>', "the event's position in the log, as `projections status` lists it", positiveInt)
      .description(description);

  parkedEventCommand(
    'retry',
    'Apply a parked event again (after the cause was fixed); it stays parked if it fails again',
  ).action(async (name: string, position: number) => {
    const projection = projectionNamed(name);
    await withRuntime(async ({ knex, store, vault }) => {
      try {
        const resolved = await retryParkedEvent({ knex, store, projection, position, vault, by: operator() });
        console.log(`${name}: event ${resolved.eventId} at position ${position} applied; no longer parked`);
      } catch (error) {
        console.error(`${name}: event at position ${position} still fails: ${(error as Error).message}`);
        process.exitCode = 1;
      }
    });
  });

  parkedEventCommand(
    'skip',
    'Give up on a parked event: the read model goes without it, and the record says who decided',
  ).action(async (name: string, position: number) => {
    const projection = projectionNamed(name);
    await withRuntime(async ({ knex }) => {
      const skipped = await skipParkedEvent({ knex, projection, position, by: operator() });
      console.log(`${name}: event ${skipped.eventId} at position ${position} skipped by ${skipped.resolvedBy}`);
    });
  });
}
