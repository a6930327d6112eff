import { followLog } from '@shop/event-store';
import { migrateToLatest, migrationStatus } from '@shop/projections';
import { randomUUID } from 'node:crypto';
import { Command, InvalidArgumentError } from 'commander';
import { DomainError, isStaffRole, STAFF_ROLES, type StaffRole } from '@shop/domain';
import { normalizeEmail } from '../accounts/account-service.js';
import { ConfigError } from '../config.js';
import { seedCatalogue } from '../catalogue/catalogue-seed.js';
import { registerApiKeyCommands } from './api-key-commands.js';
import { registerAuditCommands } from './audit-commands.js';
import { registerBackupCommands } from './backup-commands.js';
import { registerJobCommands } from './job-commands.js';
import { registerPaymentCommands } from './payment-commands.js';
import { operator, positiveInt, stopQuietlyWhenOutputCloses, withDatabase, withRuntime } from './cli-runtime.js';
import { formatEvent } from './format.js';
import { registerHistoryCommands } from './history-commands.js';
import { registerProjectionCommands } from './projection-commands.js';

// Once for every command: output cut by `| head` ends the command quietly, not with a stack trace.
stopQuietlyWhenOutputCloses();

// Every command the operator has, read top to bottom in the order `shopctl --help` lists them;
// an area with several commands of its own registers them from its own module (`*-commands.ts`).
const program = new Command('shopctl').description(
  'Operate the shop: schema migrations, projections, event history, accounts, inquiries, catalogue, backups, jobs, API keys.',
);

registerProjectionCommands(program);

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

const users = program.command('users').description('Accounts');

/** A staff role named on the command line, or a refusal listing the roles there are. */
const staffRole = (value: string): StaffRole => {
  if (!isStaffRole(value)) throw new InvalidArgumentError(`a role is one of ${STAFF_ROLES.join(', ')}`);
  return value;
};

/** Who changes a role from here: the operator's login, as the event's actor and in `grantedBy`/`revokedBy`. */
const fromShopctl = () => ({ by: operator(), actor: { type: 'system' as const, id: operator() } });

users
  .command('grant')
  .argument('<email>', 'the e-mail of an existing account')
  .argument('<role>', `${STAFF_ROLES.join(' | ')}`, staffRole)
  .description(
    'Give an account a staff role (RoleGranted); the first owner is made this way or by ADMIN_EMAILS (while the shop has none)',
  )
  .action(async (email: string, role: StaffRole) => {
    await withRuntime(async ({ accounts }) => {
      const userId = await accounts.userIdOf(email);
      const { changed } = await accounts.grantRole(userId, role, fromShopctl());
      console.log(`${email} (${userId}) ${changed ? 'is now' : 'was already'} ${role}`);
    });
  });

users
  .command('revoke')
  .argument('<email>', 'the e-mail of an existing account')
  .argument('<role>', `${STAFF_ROLES.join(' | ')}`, staffRole)
  .description('Take a staff role back (RoleRevoked); the last owner keeps the role')
  .action(async (email: string, role: StaffRole) => {
    await withRuntime(async ({ accounts }) => {
      const userId = await accounts.userIdOf(email);
      try {
        const { changed } = await accounts.revokeRole(userId, role, fromShopctl());
        console.log(`${email} (${userId}) ${changed ? 'is no longer' : 'was not'} ${role}`);
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'role.last_owner') throw error;
        console.error(
          `shopctl: ${email} is the last owner and keeps the role (role.last_owner): grant it to someone else first`,
        );
        process.exitCode = 1;
      }
    });
  });

users
  .command('grant-admin')
  .argument('<email>', 'the e-mail of an existing account')
  .description('Make an account an owner (as `users grant <email> owner`; kept for older scripts)')
  .action(async (email: string) => {
    await withRuntime(async ({ accounts }) => {
      const userId = await accounts.userIdOf(email);
      const { changed } = await accounts.grantRole(userId, 'owner', fromShopctl());
      console.log(changed ? `${email} (${userId}) is now an owner` : `${email} (${userId}) was already an owner`);
    });
  });

users
  .command('erase')
  .argument('<email>', 'the e-mail of the account')
  .description(
    "Erase a person (GDPR): take their staff roles back (never the last owner's), destroy their key, end their sessions and sign-in, erase their inquiries, cancel their live subscriptions ('customer erased'); their subscriptions' history stays, anonymous",
  )
  .action(async (email: string) => {
    await withRuntime(async ({ accounts, inquiries, knex, operatorSubscriptions }) => {
      // Every account that can sign in has this row, which erasure removes: an erased person is not found again.
      const credentials = await knex('account_credentials')
        .where({ email_normalized: normalizeEmail(email) })
        .first<{ user_id: string } | undefined>('user_id');
      const userId = credentials?.user_id;
      if (!userId) {
        console.error(`shopctl: no account with the e-mail ${email}`);
        process.exitCode = 1;
        return;
      }
      const correlationId = randomUUID();
      // Their staff roles are taken back first, each recorded: the last owner keeps the role, and
      // is not erased (the shop would be left without one); nothing of theirs is touched then.
      try {
        for (const role of (await accounts.currentRoles(userId)).filter(isStaffRole))
          await accounts.revokeRole(userId, role, { ...fromShopctl(), correlationId });
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'role.last_owner') throw error;
        console.error(
          `shopctl: ${email} is the last owner and is not erased (role.last_owner): grant the role to someone else first`,
        );
        process.exitCode = 1;
        return;
      }
      const erased = await inquiries.eraseSender(
        { email, userId },
        { actor: { type: 'system', id: operator() }, correlationId },
      );
      let ended: string[] = [];
      await accounts.erasePerson(userId, { operatorId: operator(), actorType: 'system', correlationId }, async () => {
        ended = await operatorSubscriptions.endForErasedCustomer(userId, {
          adminId: operator(),
          actorType: 'system',
          correlationId,
        });
      });
      console.log(
        `${email} (${userId}) erased; ${erased.length} inquiry(ies) erased; ${ended.length} live subscription(s) cancelled`,
      );
    });
  });

program
  .command('inquiries')
  .description('Visitor inquiries (support, affiliate, partnership, suggestion)')
  .command('erase')
  .argument('<email>', 'the address the inquiries were sent from')
  .description("Erase a person's inquiries: destroy their keys, recording who erased them")
  .action(async (email: string) => {
    await withRuntime(async ({ inquiries }) => {
      const erased = await inquiries.eraseSender(
        { email },
        { actor: { type: 'system', id: operator() }, correlationId: randomUUID() },
      );
      if (erased.length === 0) {
        console.log(`No inquiry from ${email} left to erase`);
        return;
      }
      console.log(`${erased.length} inquiry(ies) erased: ${erased.join(', ')}`);
    });
  });

program
  .command('catalogue')
  .description('The plans on sale')
  .command('seed')
  .description('Publish the launch plans (no event when they are already published unchanged)')
  .action(async () => {
    await withRuntime(async ({ commands, clock }) => {
      const written = await seedCatalogue(commands.plans, clock());
      console.log(written === 0 ? 'Catalogue already up to date' : `Catalogue seeded: ${written} event(s)`);
    });
  });

registerHistoryCommands(program);
registerAuditCommands(program);
registerBackupCommands(program);
registerPaymentCommands(program);
registerJobCommands(program);
registerApiKeyCommands(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `shopctl: ${(error as Error).message}`);
  process.exit(1);
});
