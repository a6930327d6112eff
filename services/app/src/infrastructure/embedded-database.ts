import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startEmbeddedSocketServer } from './embedded-socket-server.js';

/** Written while a process serves the embedded database, so the CLI can reach it instead of opening the folder. */
const SERVER_FILE = 'embedded-server.json';
/** The secret the shop and shopctl prove they know to connect; nobody else can read it. */
const SECRET_FILE = 'embedded-database.secret';
/** Shorter than this, a secret file is not one this code wrote (an interrupted first start): it is replaced. */
const SECRET_MIN_LENGTH = 32;

export interface EmbeddedDatabase {
  /** The connection URL, secret included: keep it in memory, never print it. */
  url: string;
  close: () => Promise<void>;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The data folder holds the database, the keys and the secret: only its owner may enter it. */
function makePrivate(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    // Also a folder made by an older version, with the default mode.
    chmodSync(dataDir, 0o700);
    for (const file of [SECRET_FILE, SERVER_FILE]) {
      if (existsSync(path.join(dataDir, file))) chmodSync(path.join(dataDir, file), 0o600);
    }
  } catch (error) {
    throw new Error(`Cannot make the data folder ${dataDir} private to its owner: ${(error as Error).message}`);
  }
}

function readSecret(dataDir: string): string | null {
  const file = path.join(dataDir, SECRET_FILE);
  if (!existsSync(file)) return null;
  const secret = readFileSync(file, 'utf8').trim();
  return secret.length >= SECRET_MIN_LENGTH ? secret : null;
}

/** The secret of this data folder, created on the first start (mode 0600). */
function ensureSecret(dataDir: string): string {
  const existing = readSecret(dataDir);
  if (existing) return existing;
  const file = path.join(dataDir, SECRET_FILE);
  rmSync(file, { force: true }); // left empty by a first start that was interrupted
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process starting on the same folder wrote it first: use theirs.
    const theirs = (error as NodeJS.ErrnoException).code === 'EEXIST' ? readSecret(dataDir) : null;
    if (theirs) return theirs;
    throw error;
  }
  return secret;
}

function withSecret(url: string, secret: string): string {
  const authenticated = new URL(url);
  authenticated.password = encodeURIComponent(secret);
  return authenticated.toString();
}

/** Whether a shop's embedded database answers at `url` (with the secret), refuses the secret, or is not there. */
async function probe(url: string): Promise<'answers' | 'refused' | 'absent'> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  // A server that goes away mid-probe raises on the client: the answer is simply "absent".
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return 'answers';
  } catch (error) {
    return (error as { code?: string }).code === '28P01' ? 'refused' : 'absent';
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The URL of a running shop's embedded database (secret included), if one serves this data folder. */
export async function findRunningEmbeddedDatabase(dataDir: string): Promise<string | null> {
  const file = path.join(dataDir, SERVER_FILE);
  if (!existsSync(file)) return null;
  const { url, pid } = JSON.parse(readFileSync(file, 'utf8')) as { url: string; pid: number };
  if (!processAlive(pid)) return null;
  // A shop writes the secret before it serves: without one, no shop of this version serves the folder.
  const secret = readSecret(dataDir);
  if (!secret) return null;
  const authenticated = withSecret(url, secret);
  const answer = await probe(authenticated);
  if (answer === 'refused') {
    // Someone serves this folder but not with its secret: opening the folder beside it would corrupt it.
    throw new Error(
      `The shop process ${pid} serving the data folder ${dataDir} (at ${url}) refuses the secret in ${SECRET_FILE}; stop it first.`,
    );
  }
  return answer === 'answers' ? authenticated : null;
}

/**
 * Real PostgreSQL compiled to WebAssembly, with its data in a local folder, reached
 * through its socket server so the rest of the shop talks to it exactly as to PostgreSQL.
 * It is a single session underneath: the socket server runs one exchange or transaction at a time.
 * Only clients that know the data folder's secret get in: the shop's own connections and shopctl.
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  makePrivate(dataDir);
  const secret = ensureSecret(dataDir);
  if (await findRunningEmbeddedDatabase(dataDir)) {
    const { url } = JSON.parse(readFileSync(path.join(dataDir, SERVER_FILE), 'utf8')) as { url: string };
    throw new Error(`Another shop process already serves the data folder ${dataDir} (at ${url}); stop it first.`);
  }
  const db = await PGlite.create(path.join(dataDir, 'pgdata'));
  const server = await startEmbeddedSocketServer(db, { password: secret });
  // The address only: the secret stays in its own file.
  const url = `postgres://postgres@127.0.0.1:${server.port}/postgres`;
  const serverFile = path.join(dataDir, SERVER_FILE);
  writeFileSync(serverFile, JSON.stringify({ url, pid: process.pid }), { mode: 0o600 });
  chmodSync(serverFile, 0o600);
  return {
    url: withSecret(url, secret),
    close: async () => {
      rmSync(serverFile, { force: true });
      await server.stop();
      await db.close();
    },
  };
}
