import type { ExpectedVersion } from './types.js';

export class ConcurrencyError extends Error {
  readonly code = 'event_store.concurrency';
  readonly streamId: string;
  readonly expected: ExpectedVersion;
  readonly actual: number;

  constructor(options: { streamId: string; expected: ExpectedVersion; actual: number; cause?: unknown }) {
    super(`Stream ${options.streamId} is at version ${options.actual}, expected ${String(options.expected)}`, {
      cause: options.cause,
    });
    this.name = 'ConcurrencyError';
    this.streamId = options.streamId;
    this.expected = options.expected;
    this.actual = options.actual;
  }
}

export class EventStoreError extends Error {
  readonly code: string;
  constructor(options: { code: string; message: string; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.name = 'EventStoreError';
    this.code = options.code;
  }
}

export function checkExpectedVersion(streamId: string, expected: ExpectedVersion, actual: number): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && actual === 0) ||
    (expected === 'stream_exists' && actual > 0) ||
    expected === actual;
  if (!ok) throw new ConcurrencyError({ streamId, expected, actual });
}
