import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { postgresAnswers } from '@shop/event-store';
import { startEmbeddedSocketServer } from './embedded-socket-server.js';

/** Written while a process serves the embedded database, so the CLI can reach it instead of opening the folder. */
const SERVER_FILE = 'embedded-server.json';

export interface EmbeddedDatabase {
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

/** The URL of a running shop's embedded database, if one serves this data folder. */
export async function findRunningEmbeddedDatabase(dataDir: string): Promise<string | null> {
  const file = path.join(dataDir, SERVER_FILE);
  if (!existsSync(file)) return null;
  const { url, pid } = JSON.parse(readFileSync(file, 'utf8')) as { url: string; pid: number };
  if (!processAlive(pid)) return null;
  return (await postgresAnswers(url)) ? url : null;
}

/**
 * Real PostgreSQL compiled to WebAssembly, with its data in a local folder, reached
 * through its socket server so the rest of the shop talks to it exactly as to PostgreSQL.
 * It is a single session underneath: the socket server runs one exchange or transaction at a time.
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const running = await findRunningEmbeddedDatabase(dataDir);
  if (running) {
    throw new Error(`Another shop process already serves the data folder ${dataDir} (at ${running}); stop it first.`);
  }
  const db = await PGlite.create(path.join(dataDir, 'pgdata'));
  const server = await startEmbeddedSocketServer(db);
  const url = `postgres://postgres@127.0.0.1:${server.port}/postgres`;
  const serverFile = path.join(dataDir, SERVER_FILE);
  writeFileSync(serverFile, JSON.stringify({ url, pid: process.pid }));
  return {
    url,
    close: async () => {
      rmSync(serverFile, { force: true });
      await server.stop();
      await db.close();
    },
  };
}
