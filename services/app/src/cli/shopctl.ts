import { followLog } from '@shop/event-store';
import {
  ALL_PROJECTIONS,
  inquiriesProjection,
  migrateToLatest,
  migrationStatus,
  projectionStatuses,
  rebuildProjection,
  retryParkedEvent,
  skipParkedEvent,
  type Projection,
} from '@shop/projections';
import { userInfo } from 'node:os';
import { Command, InvalidArgumentError } from 'commander';
import knexFactory, { type Knex } from 'knex';
import { ConfigError, loadConfig } from '../config.js';
import { createLogger } from '../infrastructure/logger.js';
import { connectDatabase, openRuntime, type Runtime } from '../runtime.js';
import { seedCatalogue } from '../seed/catalogue-seed.js';
import { formatEvent, formatParked, formatStatuses } from './format.js';

/** Opens the shop's stores with its own configuration; on the embedded default, reuses a running shop's database. */
async function withRuntime<T>(work: (runtime: Runtime) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const runtime = await openRuntime(config, {
    logger: createLogger({ level: 'warn', name: 'shopctl' }),
    attachToRunningShop: true,
  });
  try {
    return await work(runtime);
  } finally {
    await runtime.close();
  }
}

/**
 * Only the database, for `migrate`: opening the runtime would apply the migrations (and create
 * the event store's table) before the command could say what is pending.
 */
async function withDatabase<T>(work: (knex: Knex) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const { url, embedded } = await connectDatabase(config, { attachToRunningShop: true });
  const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 2 } });
  try {
    return await work(knex);
  } finally {
    await knex.destroy();
    await embedded?.close();
  }
}

const positiveInt = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('must be a positive integer');
  return n;
};

const program = new Command('shopctl').description(
  'Operate the shop: schema migrations, projections, event history, catalogue.',
);

const projections = program.command('projections').description('Read models built from the event log');

projections
  .command('status')
  .description('Each projection: version, active generation, lag behind the log')
  .option('--json', 'print JSON')
  .action(async (options: { json?: boolean }) => {
    await withRuntime(async ({ knex, store }) => {
      const statuses = await projectionStatuses(knex, store, ALL_PROJECTIONS);
      console.log(options.json ? JSON.stringify(statuses, null, 2) : formatStatuses(statuses) + formatParked(statuses));
    });
  });

projections
  .command('rebuild')
  .argument('[name]', `one of: ${ALL_PROJECTIONS.map((p) => p.name).join(', ')} (all when absent)`)
  .description('Replay the log into fresh tables, then switch; the shop keeps serving the old tables meanwhile')
  .action(async (name?: string) => {
    const selected = name ? ALL_PROJECTIONS.filter((p) => p.name === name) : ALL_PROJECTIONS;
    if (selected.length === 0) {
      program.error(`Unknown projection "${name}": use one of ${ALL_PROJECTIONS.map((p) => p.name).join(', ')}`);
    }
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

const projectionNamed = (name: string): Projection => {
  const projection = ALL_PROJECTIONS.find((p) => p.name === name);
  if (!projection) {
    return program.error(`Unknown projection "${name}": use one of ${ALL_PROJECTIONS.map((p) => p.name).join(', ')}`);
  }
  return projection;
};
/** Who resolved a parked event, as the record keeps it. */
const operator = () => `shopctl:${userInfo().username}`;

projections
  .command('retry')
  .argument('<name>', 'the projection that parked the event')
  .argument('<position>', "the event's position in the log, as `projections status` lists it", positiveInt)
  .description('Apply a parked event again (after the cause was fixed); it stays parked if it fails again')
  .action(async (name: string, position: number) => {
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

projections
  .command('skip')
  .argument('<name>', 'the projection that parked the event')
  .argument('<position>', "the event's position in the log, as `projections status` lists it", positiveInt)
  .description('Give up on a parked event: the read model goes without it, and the record says who decided')
  .action(async (name: string, position: number) => {
    const projection = projectionNamed(name);
    await withRuntime(async ({ knex }) => {
      const skipped = await skipParkedEvent({ knex, projection, position, by: operator() });
      console.log(`${name}: event ${skipped.eventId} at position ${position} skipped by ${skipped.resolvedBy}`);
    });
  });

const migrate = program
  .command('migrate')
  .description('The database schema: versioned migrations, applied in order (every process applies them at start-up)');

const listNames = (names: readonly string[]) => names.map((name) => `  ${name}`).join('\n');

migrate
  .command('latest', { isDefault: true })
  .description('Apply every pending migration, waiting for any other process applying them')
  .option('--dry-run', 'list the migrations that would run, and change nothing')
  .action(async (options: { dryRun?: boolean }) => {
    await withDatabase(async (knex) => {
      if (options.dryRun) {
        const { pending } = await migrationStatus(knex);
        console.log(
          pending.length === 0
            ? 'Nothing to migrate: the schema is up to date'
            : `Would apply ${pending.length} migration(s):\n${listNames(pending)}`,
        );
        return;
      }
      const applied = await migrateToLatest(knex);
      console.log(
        applied.length === 0
          ? 'Nothing to migrate: the schema is up to date'
          : `Applied ${applied.length} migration(s):\n${listNames(applied)}`,
      );
    });
  });

migrate
  .command('status')
  .description('The migrations applied (when, in which batch) and those pending; changes nothing')
  .option('--json', 'print JSON')
  .action(async (options: { json?: boolean }) => {
    await withDatabase(async (knex) => {
      const status = await migrationStatus(knex);
      if (options.json) {
        console.log(JSON.stringify(status, null, 2));
        return;
      }
      const applied = status.applied.map(
        (m) =>
          `  ${m.name}  batch ${m.batch}  ${m.migratedAt.toISOString()}${m.known ? '' : '  (unknown to this version)'}`,
      );
      console.log(`applied (${status.applied.length}):\n${applied.join('\n') || '  none'}`);
      console.log(`pending (${status.pending.length}):\n${listNames(status.pending) || '  none'}`);
    });
  });

const events = program.command('events').description('The event log');

events
  .command('stream')
  .argument('<streamId>', 'for example subscription-<id> or plan-netflix')
  .description('The full history of one stream: time, version, type, actor and data')
  .action(async (streamId: string) => {
    await withRuntime(async ({ store }) => {
      const history = await store.readStream(streamId);
      if (history.length === 0) {
        console.error(`No events in stream ${streamId}`);
        process.exitCode = 1;
        return;
      }
      console.log(`${streamId}: ${history.length} event(s)\n`);
      for (const event of history) console.log(formatEvent(event));
    });
  });

events
  .command('tail')
  .description('Print events as they are appended (from now, or from the start of the log)')
  .option('--from-start', 'print the whole log first')
  .option('-n, --limit <count>', 'stop after this many events', positiveInt)
  .action(async (options: { fromStart?: boolean; limit?: number }) => {
    await withRuntime(async ({ store }) => {
      const stop = new AbortController();
      process.once('SIGINT', () => stop.abort());
      const after = options.fromStart ? null : (await store.head()).checkpoint;
      let printed = 0;
      for await (const batch of followLog(store, { after, signal: stop.signal })) {
        for (const event of batch) {
          console.log(formatEvent(event, { withStream: true }));
          printed++;
          if (options.limit && printed >= options.limit) {
            stop.abort();
            break;
          }
        }
      }
    });
  });

program
  .command('users')
  .description('Accounts')
  .command('grant-admin')
  .argument('<email>', 'the e-mail of an existing account')
  .description('Make an account an admin (the first admin is created this way)')
  .action(async (email: string) => {
    await withRuntime(async ({ accounts }) => {
      const { userId, changed } = await accounts.grantRole(email, 'admin', 'shopctl');
      console.log(changed ? `${email} (${userId}) is now an admin` : `${email} (${userId}) was already an admin`);
    });
  });

program
  .command('inquiries')
  .description('Visitor inquiries (support, affiliate, partnership, suggestion)')
  .command('erase')
  .argument('<email>', 'the address the inquiries were sent from')
  .description("Erase a person's inquiries: destroy their keys, then rebuild the inquiries read model")
  .action(async (email: string) => {
    await withRuntime(async ({ inquiries, knex, databaseUrl, store, vault }) => {
      const erased = await inquiries.eraseSender(email);
      if (erased.length === 0) {
        console.log(`No inquiry from ${email}`);
        return;
      }
      await rebuildProjection({ knex, databaseUrl, store, projection: inquiriesProjection, vault });
      console.log(`${erased.length} inquiry(ies) erased: ${erased.join(', ')}`);
    });
  });

program
  .command('catalogue')
  .description('The plans on sale')
  .command('seed')
  .description('Publish the launch plans (no event when they are already published unchanged)')
  .action(async () => {
    await withRuntime(async ({ store, clock }) => {
      const written = await seedCatalogue(store, clock());
      console.log(written === 0 ? 'Catalogue already up to date' : `Catalogue seeded: ${written} event(s)`);
    });
  });

program.parseAsync(process.argv).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `shopctl: ${(error as Error).message}`);
  process.exit(1);
});
