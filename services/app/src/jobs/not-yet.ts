/**
 * Thrown by a handler whose moment has not come: the read model it needs has not caught up with
 * the event behind the job yet, or a timer fired early. The queue runs the job again later and
 * counts no attempt, so a projector that is down for an hour fails no job: the work waits for it.
 */
export class NotYetError extends Error {
  override readonly name = 'NotYetError';
  readonly retryInMs: number | undefined;

  constructor(message: string, options: { retryInMs?: number } = {}) {
    super(message);
    this.retryInMs = options.retryInMs;
  }
}

/** How long to wait before looking again: a little for a fresh job, longer the longer it has waited. */
export function notYetDelayMs(error: NotYetError, waitedMs: number): number {
  if (error.retryInMs !== undefined) return Math.max(100, error.retryInMs);
  return Math.min(Math.max(500, Math.round(waitedMs / 10)), 30_000);
}
