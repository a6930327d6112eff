import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback unless told otherwise: a laptop's shop is not published to its network by accident.
  HOST: z.string().default('127.0.0.1'),
  /** Where the embedded database and its files live when DATABASE_URL is not set. */
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  EVENTSTORE_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PROJECTOR_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  EXPIRY_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Prefix of every Redis key the queues use, so several shops can share one Redis. */
  QUEUE_PREFIX: z.string().min(1).default('shop'),
  /** Longest a projection may trail the log before /readyz reports not ready. */
  READY_MAX_LAG_EVENTS: z.coerce.number().int().min(0).default(1000),
});

export type ShopConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  eventStoreUrl: string | undefined;
  logLevel: string;
  projectorBatchSize: number;
  expirySweepIntervalMs: number;
  queuePrefix: string;
  readyMaxLagEvents: number;
};

export class ConfigError extends Error {
  readonly code = 'config.invalid';
}

/** Reads the settings once. A bad value stops start-up with one line naming the setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ShopConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const c = parsed.data;
  return {
    nodeEnv: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    eventStoreUrl: c.EVENTSTORE_URL,
    logLevel: c.LOG_LEVEL,
    projectorBatchSize: c.PROJECTOR_BATCH_SIZE,
    expirySweepIntervalMs: c.EXPIRY_SWEEP_INTERVAL_MS,
    queuePrefix: c.QUEUE_PREFIX,
    readyMaxLagEvents: c.READY_MAX_LAG_EVENTS,
  };
}
