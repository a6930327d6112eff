import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrateEventStore } from '@shop/event-store';
import { migrationStatus, SCHEMA_MIGRATIONS, schemaMigrationSource } from '@shop/projections';
import type { Knex } from 'knex';
import type pg from 'pg';
import type { ShopConfig } from '../config.js';
import { keyOpensPersonalData, keySource } from '../security/key-check.js';
import { loadKeys, MASTER_KEY_FILE } from '../security/keys.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ArchiveWriter,
  BackupRefusal,
  readArchive,
  type ArchiveHeader,
  type ArchiveTrailer,
} from './backup-archive.js';

/** Serialises the shop's start-up migrations (schema-migrations.ts): a shop starting meanwhile waits for the restore. */
const MIGRATION_LOCK_KEY = 4_810_000;

/**
 * Left out of the archive: what the shop builds again from the log or at start-up. The read models'
 * generations (`rm_*`) and their bookkeeping, the aggregate snapshots, the migration records (the
 * header lists them; a restore applies the migrations), and the heartbeats of the source's processes.
 */
const REBUILT_TABLES = new Set([
  'projection_state',
  'projection_checkpoints',
  'projection_parked_events',
  'es_snapshots',
  'knex_migrations',
  'knex_migrations_lock',
  'process_heartbeats',
]);
const isRebuilt = (table: string) => REBUILT_TABLES.has(table) || table.startsWith('rm_');

/** The log first (every checkpoint column points into it), the seals next, then the rest. */
const FIRST_TABLES = ['es_events', 'event_seals'];

const ROW_ORDER: Record<string, string> = {
  es_events: 'transaction_id, global_position',
  event_seals: 'seq',
};

const FETCH_ROWS = 1000;
/** Rows per INSERT on restore: a batch of events stays a few megabytes. */
const INSERT_ROWS = 500;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tells on restore, without revealing the key, whether the master key there is the one the source used. */
function keyFingerprint(config: ShopConfig): string {
  return createHash('sha256').update('shop backup key check v1').update(loadKeys(config).personalData).digest('hex');
}

/** An archive whose master key does not open the database's personal data keys would restore useless: refused. */
async function checkMasterKeyOpens(trx: Knex.Transaction, config: ShopConfig): Promise<void> {
  if (await keyOpensPersonalData(trx, loadKeys(config).personalData)) return;
  throw new BackupRefusal(
    'backup.key_mismatch',
    `The master key here (${keySource(config)}) does not open this database's personal data: run shopctl with the shop's own settings`,
  );
}

/** The archive's tables, each after the tables its foreign keys reference. */
async function tablesInLoadOrder(trx: Knex.Transaction): Promise<string[]> {
  const { rows: tables } = await trx.raw<{ rows: Array<{ name: string }> }>(
    `SELECT relname AS name FROM pg_class
     WHERE relkind IN ('r', 'p') AND relnamespace = current_schema()::regnamespace ORDER BY relname`,
  );
  const { rows: references } = await trx.raw<{ rows: Array<{ child: string; parent: string }> }>(
    `SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint c
     JOIN pg_class child ON child.oid = c.conrelid JOIN pg_class parent ON parent.oid = c.confrelid
     WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
  );
  const kept = tables.map((t) => t.name).filter((name) => !isRebuilt(name));
  const ordered: string[] = FIRST_TABLES.filter((name) => kept.includes(name));
  const visit = (name: string, path: string[]) => {
    if (ordered.includes(name) || path.includes(name)) return;
    for (const { parent } of references.filter((r) => r.child === name && r.parent !== name))
      if (kept.includes(parent)) visit(parent, [...path, name]);
    ordered.push(name);
  };
  for (const name of kept) visit(name, []);
  return ordered;
}

export interface BackupSummary {
  header: ArchiveHeader;
  trailer: ArchiveTrailer;
  bytes: number;
}

/**
 * Writes the archive of what cannot be rebuilt, read in one REPEATABLE READ READ ONLY transaction:
 * one snapshot of the log, the seals and the tables, consistent whatever the shop commits meanwhile.
 * The file appears whole or not at all (written beside it, then renamed).
 */
export async function writeBackup(
  knex: Knex,
  config: ShopConfig,
  file: string,
  options: { embedded: boolean },
): Promise<BackupSummary> {
  if (existsSync(file))
    throw new BackupRefusal('backup.file_exists', `${file} exists already: give the backup a new name`);
  // Never a key made up here: without SECRETS_KEY, the one the shop made in its data folder.
  if (!config.secretsKey && !existsSync(path.join(config.dataDir, MASTER_KEY_FILE))) {
    throw new BackupRefusal(
      'backup.key_missing',
      `Neither SECRETS_KEY nor ${path.join(config.dataDir, MASTER_KEY_FILE)}: run shopctl with the shop's own settings (DATA_DIR, SECRETS_KEY)`,
    );
  }
  const partial = `${file}.partial`;
  const writer = new ArchiveWriter(partial);
  try {
    await writer.opened();
    const masterKey = {
      source: config.secretsKey ? ('environment' as const) : ('file' as const),
      fingerprint: keyFingerprint(config),
    };
    const { header, trailer } = await knex.transaction(
      async (trx) => {
        await checkMasterKeyOpens(trx, config);
        const { applied } = await migrationStatus(trx);
        const { rows } = await trx.raw<{ rows: Array<{ snapshot: string }> }>(
          'SELECT pg_current_snapshot()::text AS snapshot',
        );
        const header: ArchiveHeader = {
          format: ARCHIVE_FORMAT,
          version: ARCHIVE_VERSION,
          createdAt: new Date().toISOString(),
          source: options.embedded ? 'embedded' : 'postgresql',
          migrations: applied.map((m) => m.name),
          snapshot: rows[0]!.snapshot,
          tables: await tablesInLoadOrder(trx),
          masterKey,
        };
        await writer.header(header);
        if (masterKey.source === 'file')
          await writer.file(MASTER_KEY_FILE, readFileSync(path.join(config.dataDir, MASTER_KEY_FILE)));
        let logHead: ArchiveTrailer['logHead'] = null;
        let sealHead: ArchiveTrailer['sealHead'] = null;
        for (const table of header.tables) {
          const order = ROW_ORDER[table] ? ` ORDER BY ${ROW_ORDER[table]}` : '';
          await trx.raw(
            `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r FROM ${quoted(table)} t${order}`,
          );
          for (;;) {
            const { rows: batch } = await trx.raw<{ rows: Array<{ r: string }> }>(
              `FETCH ${FETCH_ROWS} FROM backup_rows`,
            );
            for (const { r } of batch) await writer.row(table, r);
            const last = batch.at(-1);
            if (last && table === 'es_events') {
              const event = JSON.parse(last.r) as { global_position: number; transaction_id: string };
              logHead = {
                position: event.global_position,
                checkpoint: `${event.transaction_id}:${event.global_position}`,
              };
            }
            if (last && table === 'event_seals') {
              const seal = JSON.parse(last.r) as { seq: number; link: string };
              sealHead = { seq: seal.seq, link: seal.link };
            }
            if (batch.length < FETCH_ROWS) break;
          }
          await trx.raw('CLOSE backup_rows');
        }
        return { header, trailer: await writer.close({ logHead, sealHead }) };
      },
      { isolationLevel: 'repeatable read', readOnly: true },
    );
    renameSync(partial, file);
    return { header, trailer, bytes: statSync(file).size };
  } catch (error) {
    writer.abort();
    rmSync(partial, { force: true });
    throw error;
  }
}

/** What the archive holds, checked before anything is changed: the header, the trailer, and what a restore needs. */
interface CheckedArchive {
  header: ArchiveHeader;
  trailer: ArchiveTrailer;
  masterKeyFile: Buffer | null;
  /** The log's runs: where each begins, in its reading order (see `LogRuns`). */
  logRuns: LogRuns;
}

function checkHeader(file: string, header: ArchiveHeader): void {
  if (header.version > ARCHIVE_VERSION) {
    throw new BackupRefusal(
      'backup.newer_format',
      `${file} was written in archive format ${header.version}, newer than this version of the shop reads (${ARCHIVE_VERSION}): restore it with that version`,
    );
  }
  const known = SCHEMA_MIGRATIONS.map((m) => m.name);
  const unknown = header.migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new BackupRefusal(
      'backup.newer_schema',
      `${file} comes from a database migrated by a newer version of the shop (${unknown.join(', ')} unknown here): restore it with that version`,
    );
  }
  if (header.migrations.some((name, i) => known[i] !== name)) {
    throw new BackupRefusal('backup.not_an_archive', `${file} lists its schema migrations out of order`);
  }
}

/** Reads the whole archive once, changing nothing: the checksum, the row counts, the header's levels. */
export async function checkArchive(file: string): Promise<CheckedArchive> {
  let header: ArchiveHeader | null = null;
  let masterKeyFile: Buffer | null = null;
  const counted: Record<string, number> = {};
  const logRuns = new LogRuns();
  const records = readArchive(file, (read) => {
    checkHeader(file, read);
    header = read;
  });
  for (;;) {
    const next = await records.next();
    if (next.done) {
      const trailer = next.value;
      const tables = new Set([...Object.keys(counted), ...Object.keys(trailer.rows)]);
      if ([...tables].some((t) => counted[t] !== trailer.rows[t])) {
        throw new BackupRefusal('backup.checksum_mismatch', `${file} does not hold the rows its trailer counts`);
      }
      return { header: header!, trailer, masterKeyFile, logRuns };
    }
    const record = next.value;
    if (record.kind === 'file') {
      if (record.name === MASTER_KEY_FILE) masterKeyFile = record.content;
      continue;
    }
    counted[record.table] = (counted[record.table] ?? 0) + 1;
    if (record.table === 'es_events') {
      const event = JSON.parse(record.json) as { global_position: number; transaction_id: string };
      logRuns.read(BigInt(event.transaction_id), event.global_position);
    }
  }
}

/**
 * Whether the target holds a shop already: any schema migration applied or any event. A database
 * the shop never started on, or a first restore that failed (its transaction rolled back), is empty.
 */
async function targetHoldsAShop(db: Knex | Knex.Transaction): Promise<boolean> {
  if ((await migrationStatus(db)).applied.length > 0) return true;
  if (!(await db.schema.hasTable('es_events'))) return false;
  return (await db('es_events').first(db.raw('1'))) !== undefined;
}

/**
 * The master key the restored shop will use: `SECRETS_KEY`, else the data folder's key file if
 * there is one, else the archive's (written there). Refused when it is not the key the source sealed with.
 */
function prepareMasterKey(config: ShopConfig, checked: CheckedArchive): { write: Buffer | null } {
  const file = path.join(config.dataDir, MASTER_KEY_FILE);
  const fromArchive = !config.secretsKey && !existsSync(file) ? checked.masterKeyFile : null;
  if (!config.secretsKey && !existsSync(file) && !fromArchive) {
    throw new BackupRefusal(
      'backup.key_missing',
      'The archive does not hold the master key (the source read it from SECRETS_KEY): set SECRETS_KEY to the source shop’s key, then restore',
    );
  }
  const candidate = fromArchive ? { ...config, secretsKey: fromArchive.toString('utf8').trim() } : config;
  if (keyFingerprint(candidate) !== checked.header.masterKey.fingerprint) {
    throw new BackupRefusal(
      'backup.key_mismatch',
      config.secretsKey
        ? 'SECRETS_KEY is not the master key of the shop this archive comes from: personal data would not open. Set the source shop’s key'
        : `${file} is not the master key of the shop this archive comes from: restore into an empty data folder`,
    );
  }
  return { write: fromArchive };
}

/** The migrations up to the archive's level, and no further: its rows have that shape. */
const migrationsUpTo = (level: number): Knex.MigrationSource<(typeof SCHEMA_MIGRATIONS)[number]> => ({
  ...schemaMigrationSource,
  getMigrations: async () => SCHEMA_MIGRATIONS.slice(0, level),
});

/**
 * The log's reading order is (transaction id, position); the ids are the source cluster's and mean
 * nothing in the target, whose own transactions must all sort after the restored events (and stay
 * below its readers' horizon). Each run of events whose positions rise in reading order gets one
 * small number, 1, 2, 3...: the order is exactly kept, positions are untouched (the seals cover
 * them), and there are few runs (a new one where a transaction that took its positions early
 * committed late). Every checkpoint (`<transaction id>:<position>`) is renumbered the same way.
 */
export class LogRuns {
  /** The first event of each run, in reading order. */
  private readonly starts: Array<{ transactionId: bigint; position: number }> = [];
  private lastPosition = Number.POSITIVE_INFINITY;

  /** The next event in the archive's (reading) order. */
  read(transactionId: bigint, position: number): void {
    if (position < this.lastPosition) this.starts.push({ transactionId, position });
    this.lastPosition = position;
  }

  get count(): number {
    return this.starts.length;
  }

  /** The run of a source checkpoint: the last run starting at or before it. */
  private runOf(transactionId: bigint, position: number): number {
    let low = 0;
    let high = this.starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const start = this.starts[middle]!;
      const atOrBefore =
        start.transactionId < transactionId || (start.transactionId === transactionId && start.position <= position);
      if (atOrBefore) low = middle + 1;
      else high = middle;
    }
    return Math.max(low, 1);
  }

  /** A source checkpoint as this database numbers it. */
  checkpoint(source: string): string {
    const [transactionId, position] = source.split(':');
    return `${this.runOf(BigInt(transactionId!), Number(position))}:${position}`;
  }

  /** An event row of the archive with its transaction id renumbered (the id is its second column). */
  eventRow(json: string): string {
    const renumbered = json.replace(
      /^\{"global_position":(\d+),"transaction_id":"(\d+)"/,
      (_, position: string, transactionId: string) =>
        `{"global_position":${position},"transaction_id":"${this.runOf(BigInt(transactionId), Number(position))}"`,
    );
    if (renumbered === json)
      throw new BackupRefusal(
        'backup.not_an_archive',
        'The archive holds an event row not shaped as the log stores events',
      );
    return renumbered;
  }

  /** A seal row with its checkpoint renumbered. */
  sealRow(json: string): string {
    return json.replace(
      /"checkpoint":"(\d+:\d+)"/,
      (_, checkpoint: string) => `"checkpoint":"${this.checkpoint(checkpoint)}"`,
    );
  }
}

/**
 * The other tables' checkpoints (the reactors'), few rows: renumbered in place once the log is
 * loaded, to the renumbered id of the event at their position.
 */
async function renumberOtherCheckpoints(trx: Knex.Transaction, tables: readonly string[]): Promise<void> {
  const { rows } = await trx.raw<{ rows: Array<{ table: string }> }>(
    `SELECT table_name AS table FROM information_schema.columns
     WHERE table_schema = current_schema() AND column_name = 'checkpoint' AND data_type = 'text'`,
  );
  for (const { table } of rows.filter((r) => tables.includes(r.table) && !FIRST_TABLES.includes(r.table))) {
    await trx.raw(
      `UPDATE ${quoted(table)} t SET checkpoint = e.transaction_id::text || ':' || e.global_position
       FROM es_events e WHERE t.checkpoint IS NOT NULL AND e.global_position = split_part(t.checkpoint, ':', 2)::bigint`,
    );
  }
}

/** Each archived table's columns a row sets (not those PostgreSQL computes), as SQL; refused when a table is missing. */
async function writableColumns(
  trx: Knex.Transaction,
  file: string,
  tables: readonly string[],
): Promise<Map<string, string>> {
  const { rows } = await trx.raw<{ rows: Array<{ table: string; column: string }> }>(
    `SELECT table_name AS table, column_name AS column FROM information_schema.columns
     WHERE table_schema = current_schema() AND is_generated = 'NEVER' ORDER BY table_name, ordinal_position`,
  );
  const columns = new Map<string, string>();
  for (const table of tables) {
    const names = rows.filter((r) => r.table === table).map((r) => quoted(r.column));
    if (names.length === 0) {
      throw new BackupRefusal(
        'backup.not_an_archive',
        `${file} holds the table ${table}, which the schema at its level does not have`,
      );
    }
    columns.set(table, names.join(', '));
  }
  return columns;
}

/** Each sequence and identity of the restored tables continues after the highest value restored. */
async function resetSequences(trx: Knex.Transaction, tables: readonly string[]): Promise<void> {
  const { rows } = await trx.raw<{ rows: Array<{ table: string; column: string; sequence: string }> }>(
    `SELECT table_name AS table, column_name AS column,
            pg_get_serial_sequence(quote_ident(table_name), column_name) AS sequence
     FROM information_schema.columns WHERE table_schema = current_schema()`,
  );
  for (const { table, column, sequence } of rows) {
    if (!sequence || !tables.includes(table)) continue;
    await trx.raw(`SELECT setval(?, coalesce((SELECT max(${quoted(column)}) FROM ${quoted(table)}), 0) + 1, false)`, [
      sequence,
    ]);
  }
}

/** Transactions the target must have used before the restore, so that its own ids sort after the restored runs. */
async function advanceTransactionIds(knex: Knex, runs: number): Promise<void> {
  const { rows } = await knex.raw<{ rows: Array<{ next: string }> }>(
    `SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next`,
  );
  const missing = runs + 1 - Number(rows[0]!.next);
  if (missing <= 0) return;
  await knex.raw(`DO $$ BEGIN FOR i IN 1..${missing} LOOP PERFORM pg_current_xact_id(); COMMIT; END LOOP; END $$`);
}

export interface RestoreSummary {
  header: ArchiveHeader;
  trailer: ArchiveTrailer;
  /** The key file written into the data folder, if the archive's was used. */
  wroteMasterKey: boolean;
}

/**
 * Restores an archive into an empty database (and data folder): checks the whole archive first, then
 * in one transaction, holding the start-up migrations' lock, applies the schema migrations to the
 * archive's level, loads the tables in order, renumbers the log's transactions and resets sequences.
 * A refusal or a failure leaves the target as it was. The read models are not in the archive: the
 * shop builds them from the log when it starts.
 */
export async function restoreBackup(
  knex: Knex,
  pool: pg.Pool,
  config: ShopConfig,
  file: string,
): Promise<RestoreSummary> {
  const checked = await checkArchive(file);
  const { header, trailer } = checked;
  if (await targetHoldsAShop(knex)) {
    throw new BackupRefusal(
      'backup.target_not_empty',
      'The target database holds a shop already (schema migrations applied or events in the log): restore into an empty database (and data folder)',
    );
  }
  const { write } = prepareMasterKey(config, checked);
  const keyFile = path.join(config.dataDir, MASTER_KEY_FILE);
  if (write) {
    // With DATABASE_URL the data folder may not exist yet: made private to its owner, as the shop makes it.
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(keyFile, write, { mode: 0o600, flag: 'wx' });
  }
  try {
    await migrateEventStore(pool);
    await advanceTransactionIds(knex, checked.logRuns.count);
    await knex.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY]);
      if (await targetHoldsAShop(trx)) {
        throw new BackupRefusal('backup.target_not_empty', 'A shop started on the target database meanwhile');
      }
      await trx.migrate.latest({ migrationSource: migrationsUpTo(header.migrations.length) });
      let batch: string[] = [];
      let batchTable: string | null = null;
      const columns = await writableColumns(trx, file, header.tables);
      const flush = async () => {
        if (!batchTable || batch.length === 0) return;
        const table = quoted(batchTable);
        const list = columns.get(batchTable)!;
        await trx.raw(
          `INSERT INTO ${table} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${table}, ?::json)`,
          [`[${batch.join(',')}]`],
        );
        batch = [];
      };
      const records = readArchive(file, () => undefined);
      for (;;) {
        const next = await records.next();
        if (next.done) break;
        const record = next.value;
        if (record.kind !== 'row') continue;
        if (!header.tables.includes(record.table)) {
          throw new BackupRefusal('backup.not_an_archive', `${file} holds rows of a table its header does not list`);
        }
        if (record.table !== batchTable || batch.length >= INSERT_ROWS) {
          await flush();
          batchTable = record.table;
        }
        batch.push(
          record.table === 'es_events'
            ? checked.logRuns.eventRow(record.json)
            : record.table === 'event_seals'
              ? checked.logRuns.sealRow(record.json)
              : record.json,
        );
      }
      await flush();
      await renumberOtherCheckpoints(trx, header.tables);
      await resetSequences(trx, header.tables);
    });
  } catch (error) {
    if (write) rmSync(keyFile, { force: true });
    throw error;
  }
  return { header, trailer, wroteMasterKey: write !== null };
}
