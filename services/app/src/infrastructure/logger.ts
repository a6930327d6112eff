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

const MAX_FRAMES = 10;
const MAX_CAUSES = 3;

interface LoggedError {
  type: string;
  message: string;
  code?: string | number;
  stack?: string;
  cause?: LoggedError;
}

/** A frame of the shop's own code: one in a library, in Node or in a built-in says nothing about where ours went wrong. */
const ownFrame = (line: string) =>
  /^\s+at /.test(line) && !line.includes('/node_modules/') && !/\(node:|at node:|\(<anonymous>\)|\(native\)/.test(line);

function describeError(error: Error, depth: number): LoggedError {
  const { code } = error as { code?: unknown };
  const frames = (error.stack ?? '').split('\n').filter(ownFrame).slice(0, MAX_FRAMES);
  // Node's AggregateError for a refused connection has no message of its own.
  const parts = error instanceof AggregateError ? error.errors.filter((part) => part instanceof Error) : [];
  return {
    type: error.constructor.name || error.name,
    message: error.message || parts.map((part: Error) => part.message).join('; '),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(frames.length > 0 ? { stack: frames.map((frame) => frame.trim()).join('\n') } : {}),
    ...(error.cause instanceof Error && depth < MAX_CAUSES ? { cause: describeError(error.cause, depth + 1) } : {}),
  };
}

/**
 * An error as the log shows it (pino's `err`): its type, message and code, its cause the same
 * way, and its stack only when some of it is the shop's own code. Never the other properties
 * libraries attach: pg hangs the whole client (connection parameters, the backend's cancel key)
 * on a pool's error, and a database error may quote the row it refused.
 */
export function serializeError(value: unknown): unknown {
  return value instanceof Error ? describeError(value, 0) : value;
}

export function createLogger(options: { level: string; name?: string; destination?: pino.DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      name: options.name ?? 'shop',
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError },
    },
    options.destination,
  );
}
