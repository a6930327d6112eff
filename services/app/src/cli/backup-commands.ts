import { PostgresEventStore } from '@shop/event-store';
import { type Command } from 'commander';
import pg from 'pg';
import { verifyChain } from '../audit/chain-verification.js';
import { loadConfig } from '../config.js';
import { CHAIN_BROKEN_EXIT } from './audit-commands.js';
import { BackupRefusal } from './backup-archive.js';
import { restoreBackup, writeBackup } from './backup.js';
import { withDatabase } from './cli-runtime.js';

/** Exit status of `backup` and `restore` when they refuse (an archive or a target they must not use): nothing changed. */
export const BACKUP_REFUSED_EXIT = 4;

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs a backup or restore command; a refusal is one line with its code, and exit status 4. */
async function refusingPlainly(work: () => Promise<void>): Promise<void> {
  try {
    if (loadConfig().eventStoreUrl) {
      throw new BackupRefusal(
        'backup.log_elsewhere',
        'The event log is in KurrentDB (EVENTSTORE_URL), outside this database: back it up with KurrentDB’s own tools',
      );
    }
    await work();
  } catch (error) {
    if (!(error instanceof BackupRefusal)) throw error;
    console.error(`shopctl: ${error.message} (${error.code})`);
    process.exitCode = BACKUP_REFUSED_EXIT;
  }
}

/** `shopctl backup <file>` and `shopctl restore <file>`: a consistent logical copy of what cannot be rebuilt. */
export function registerBackupCommands(program: Command): void {
  program
    .command('backup')
    .argument('<file>', 'the archive to write (gzip; must not exist yet); it holds personal data: store it encrypted')
    .description(
      'Write one consistent archive of the event log, its seals, the keys and the other tables (not the read models), while the shop runs',
    )
    .action(async (file: string) => {
      await refusingPlainly(() =>
        withDatabase(async (knex, { config, embedded }) => {
          const started = Date.now();
          const { trailer, header, bytes } = await writeBackup(knex, config, file, { embedded });
          const events = trailer.rows.es_events ?? 0;
          console.log(
            `Backup written to ${file}: ${events} event(s), ${trailer.rows.event_seals ?? 0} seal(s), ${header.tables.length} table(s), ${formatSize(bytes)} in ${seconds(started)}`,
          );
          console.log(
            `Log head: position ${trailer.logHead?.position ?? '-'}; chain head: ${trailer.sealHead ? `${trailer.sealHead.seq}:${trailer.sealHead.link}` : 'nothing sealed'}`,
          );
          console.log(
            header.masterKey.source === 'file'
              ? 'The master key (secrets.key) is in the archive: keep the archive encrypted, readable only by the operator'
              : 'The master key is not in the archive (it comes from SECRETS_KEY): keep your own copy, a restore needs it',
          );
        }),
      );
    });

  program
    .command('restore')
    .argument('<file>', 'an archive written by `shopctl backup`')
    .description(
      'Restore an archive into an empty database (and data folder), then check the chain; the shop builds the read models when it starts',
    )
    .action(async (file: string) => {
      await refusingPlainly(() =>
        withDatabase(async (knex, { config, url }) => {
          const started = Date.now();
          const pool = new pg.Pool({ connectionString: url, max: 1 });
          try {
            const { trailer, header, wroteMasterKey } = await restoreBackup(knex, pool, config, file);
            console.log(
              `Restored ${trailer.rows.es_events ?? 0} event(s), ${trailer.rows.event_seals ?? 0} seal(s) and ${header.tables.length} table(s) from the backup of ${header.createdAt} in ${seconds(started)}`,
            );
            if (wroteMasterKey) console.log(`The master key was written to the data folder ${config.dataDir}`);
            const store = new PostgresEventStore({ pool, listen: false, migrate: false });
            const report = await verifyChain({ knex, store });
            await store.close();
            if (report.break) {
              console.error(`TAMPERED: the restored chain breaks at seal ${report.break.seq}: ${report.break.reason}`);
              process.exitCode = CHAIN_BROKEN_EXIT;
              return;
            }
            console.log(
              `Chain intact: ${report.verified} event(s) verified; head ${report.headSeq}:${report.headLink}`,
            );
            console.log(
              'The read models are built from the log when the shop starts (or: shopctl projections rebuild)',
            );
          } finally {
            await pool.end();
          }
        }),
      );
    });
}
