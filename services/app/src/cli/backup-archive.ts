import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip, type Gzip } from 'node:zlib';

/**
 * The archive `shopctl backup` writes (docs/adr/0033-backups.md): one gzip'd text file, one line
 * per record, each line `<kind>\t...`:
 *
 * - `h\t<json>`: the header, first: format version, when, from what, the schema level, the tables in load order;
 * - `f\t<name>\t<base64>`: a key file of the data folder;
 * - `r\t<table>\t<json>`: one row, as PostgreSQL's `row_to_json` wrote it (restored by `json_populate_recordset`,
 *   never parsed and written again in between, so every value comes back as it was stored);
 * - `t\t<json>`: the trailer, last: rows per table, the log's and the chain's heads, and the SHA-256 of every
 *   line before it (the header included).
 */
export const ARCHIVE_FORMAT = 'shop-backup';
export const ARCHIVE_VERSION = 1;

export interface ArchiveHeader {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  /** `embedded` (the data folder's database) or `postgresql`. */
  source: 'embedded' | 'postgresql';
  /** The schema migrations applied in the source, in order: the level the rows are shaped for. */
  migrations: string[];
  /** The snapshot the rows were read in (`pg_current_snapshot()`): the transactions whose writes are in. */
  snapshot: string;
  /** In load order: the log, the seals, then the other tables, each after the tables it references. */
  tables: string[];
  /**
   * Where the master key comes from: the data folder's `secrets.key` (then in the archive) or
   * `SECRETS_KEY` (never in the archive: the operator keeps it). A fingerprint, not the key, to
   * check on restore that the key there is the one that sealed the personal data.
   */
  masterKey: { source: 'file' | 'environment'; fingerprint: string };
}

export interface ArchiveTrailer {
  rows: Record<string, number>;
  /** The last event in the log's reading order, as the source numbered it; null for an empty log. */
  logHead: { position: number; checkpoint: string } | null;
  /** The last seal of the tamper-evident chain; null before the first. */
  sealHead: { seq: number; link: string } | null;
  sha256: string;
}

export type ArchiveRecord =
  { kind: 'file'; name: string; content: Buffer } | { kind: 'row'; table: string; json: string };

/** An archive this code cannot or must not restore: nothing was changed. */
export class BackupRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Writes an archive line by line, hashing and counting as it goes; `close` adds the trailer. */
export class ArchiveWriter {
  private readonly gzip: Gzip;
  private readonly out: WriteStream;
  private readonly hash = createHash('sha256');
  private readonly rows: Record<string, number> = {};

  /** `file` is created with mode 0600 (it holds personal data and keys) and must not exist yet. */
  constructor(file: string) {
    this.out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
    this.gzip = createGzip();
    this.gzip.pipe(this.out);
  }

  async opened(): Promise<void> {
    await once(this.out, 'open');
  }

  private async line(text: string, hashed = true): Promise<void> {
    const line = `${text}\n`;
    if (hashed) this.hash.update(line, 'utf8');
    if (!this.gzip.write(line)) await once(this.gzip, 'drain');
  }

  header(header: ArchiveHeader): Promise<void> {
    return this.line(`h\t${JSON.stringify(header)}`);
  }

  file(name: string, content: Buffer): Promise<void> {
    return this.line(`f\t${name}\t${content.toString('base64')}`);
  }

  row(table: string, json: string): Promise<void> {
    this.rows[table] = (this.rows[table] ?? 0) + 1;
    return this.line(`r\t${table}\t${json}`);
  }

  async close(trailer: Omit<ArchiveTrailer, 'rows' | 'sha256'>): Promise<ArchiveTrailer> {
    const full: ArchiveTrailer = { rows: this.rows, ...trailer, sha256: this.hash.digest('hex') };
    await this.line(`t\t${JSON.stringify(full)}`, false);
    this.gzip.end();
    await finished(this.out);
    return full;
  }

  /** After a failure: the partial file is left for the caller to remove. */
  abort(): void {
    this.gzip.destroy();
    this.out.destroy();
  }
}

const notAnArchive = (file: string, why: string) =>
  new BackupRefusal('backup.not_an_archive', `${file} is not a readable shop backup: ${why}`);

/** The header, each key file and each row in order; the trailer once every line before it was read. */
export async function* readArchive(
  file: string,
  onHeader: (header: ArchiveHeader) => void,
): AsyncGenerator<ArchiveRecord, ArchiveTrailer> {
  const input = createReadStream(file).pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Infinity });
  const hash = createHash('sha256');
  let header: ArchiveHeader | null = null;
  let trailer: ArchiveTrailer | null = null;
  try {
    for await (const line of lines) {
      if (trailer) throw notAnArchive(file, 'lines after its trailer');
      const tab = line.indexOf('\t');
      const kind = line.slice(0, tab);
      const rest = line.slice(tab + 1);
      if (kind === 't') {
        trailer = JSON.parse(rest) as ArchiveTrailer;
        continue;
      }
      hash.update(`${line}\n`, 'utf8');
      if (!header) {
        if (kind !== 'h') throw notAnArchive(file, 'no header');
        const parsed = JSON.parse(rest) as ArchiveHeader;
        if (parsed.format !== ARCHIVE_FORMAT) throw notAnArchive(file, 'no header');
        header = parsed;
        onHeader(parsed);
        continue;
      }
      const second = rest.indexOf('\t');
      if (kind === 'r') yield { kind: 'row', table: rest.slice(0, second), json: rest.slice(second + 1) };
      else if (kind === 'f')
        yield { kind: 'file', name: rest.slice(0, second), content: Buffer.from(rest.slice(second + 1), 'base64') };
      else throw notAnArchive(file, `an unknown line kind "${kind.slice(0, 8)}"`);
    }
  } catch (error) {
    if (error instanceof BackupRefusal) throw error;
    throw notAnArchive(file, (error as Error).message);
  }
  if (!header) throw notAnArchive(file, 'no header');
  if (!trailer) throw notAnArchive(file, 'it ends before its trailer (cut short?)');
  if (hash.digest('hex') !== trailer.sha256) {
    throw new BackupRefusal(
      'backup.checksum_mismatch',
      `${file} does not match its checksum: it was altered or damaged after it was written`,
    );
  }
  return trailer;
}
