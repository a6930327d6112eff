import { userInfo } from 'node:os';
import { InvalidArgumentError } from 'commander';
import knexFactory, { type Knex } from 'knex';
import { loadConfig, type ShopConfig } from '../config.js';
import { createLogger } from '../infrastructure/logger.js';
import { connectDatabase, openRuntime, type Runtime } from '../runtime.js';

/** Opens the shop's stores with its own configuration; on the embedded default, reuses a running shop's database. */
export async function withRuntime<T>(work: (runtime: Runtime) => Promise<T>): Promise<T> {
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
export async function withDatabase<T>(
  work: (knex: Knex, database: { config: ShopConfig; url: string; embedded: boolean }) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const { url, embedded } = await connectDatabase(config, { attachToRunningShop: true });
  const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 2 } });
  try {
    return await work(knex, { config, url, embedded: !config.databaseUrl });
  } finally {
    await knex.destroy();
    await embedded?.close();
  }
}

export const positiveInt = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('must be a positive integer');
  return n;
};

/**
 * Prints a list as a command's output: JSON with `--json`; otherwise `none` when it is empty, or a
 * heading (when given) and a line per row.
 */
export function printRows<T>(
  rows: readonly T[],
  options: { json?: boolean },
  text: { none: string; heading?: (count: number) => string; line: (row: T) => string },
): void {
  if (options.json) console.log(JSON.stringify(rows, null, 2));
  else if (rows.length === 0) console.log(text.none);
  else console.log([...(text.heading ? [text.heading(rows.length)] : []), ...rows.map(text.line)].join('\n'));
}

/** Who acted from the command line, as records keep it (the resolver of a parked event, the eraser of a person). */
export const operator = () => `shopctl:${userInfo().username}`;

/**
 * A reader that stops early (`shopctl audit head | head -1`, `shopctl events tail | less` quit)
 * closes the pipe: the next write fails with EPIPE, emitted on the stream, which Node would throw
 * as an uncaught error with its stack trace. The output was cut on purpose, so the command stops
 * there quietly with status 0, as the commands of a shell pipeline do. Any other failure to write
 * ends the command with a one-line message and status 1.
 */
export function stopQuietlyWhenOutputCloses(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(0);
      if (stream !== process.stderr) process.stderr.write(`shopctl: cannot write the output: ${error.message}\n`);
      process.exit(1);
    });
  }
}
