import { setMaxListeners } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { ConfigError, loadConfig } from './config.js';
import { openRuntime } from './runtime.js';
import { startApi, startProjectors, startWorker } from './roles.js';

const ROLES = ['all', 'api', 'projector', 'worker'] as const;
type Role = (typeof ROLES)[number];

async function main(): Promise<void> {
  const role = (process.argv[2] ?? 'all') as Role;
  if (!ROLES.includes(role)) {
    console.error(`Unknown role "${role}": use one of ${ROLES.join(', ')}`);
    process.exit(2);
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (role !== 'all' && !config.databaseUrl) {
    console.error(
      `The ${role} role runs as a separate process and needs DATABASE_URL (the embedded database serves one process: use npm start).`,
    );
    process.exit(1);
  }

  const runtime = await openRuntime(config);
  const { logger } = runtime;
  // Every role serves its metrics on METRICS_PORT (a port taken stops the start here).
  await runtime.metricsEndpoint.serve();
  const shutdown = new AbortController();
  // Every projector, reactor and sleep listens to this one signal.
  setMaxListeners(0, shutdown.signal);
  const background: Array<Promise<unknown>> = [];
  let server: Server | null = null;

  if (role === 'all' || role === 'projector') background.push(startProjectors(runtime, shutdown.signal));
  if (role === 'all' || role === 'worker') background.push((await startWorker(runtime, shutdown.signal)).running);
  if (role === 'all' || role === 'api') {
    // The whole shop in one process answers its first visitor from read models that have caught
    // up with the log; a split API process leaves that to its load balancer and /readyz.
    server = await startApi(runtime, { waitForReadModels: role === 'all' ? shutdown.signal : undefined });
    const { port } = server.address() as AddressInfo;
    const url = `http://localhost:${port}`;
    logger.info(
      {
        url,
        role,
        database: runtime.embedded ? `embedded (${config.dataDir})` : 'postgresql',
        jobs: runtime.queue.kind,
      },
      'shop started',
    );
    console.log(`Shop running at ${url}  (catalogue: ${url}/api/plans, back-office: ${url}/admin)`);
  } else {
    logger.info({ role }, 'started');
  }

  let stopping = false;
  const stop = async (signalName: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal: signalName }, 'stopping');
    shutdown.abort();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await Promise.allSettled(background);
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('The shop could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
