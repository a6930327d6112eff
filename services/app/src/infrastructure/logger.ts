import pino, { type Logger } from 'pino';

export type { Logger };

/** Paths that may carry a secret; pino replaces their values before anything is written. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.secret',
];

export function createLogger(options: { level: string; name?: string; destination?: pino.DestinationStream }): Logger {
  return pino(
    { level: options.level, name: options.name ?? 'shop', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    options.destination,
  );
}
