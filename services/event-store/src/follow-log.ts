import type { EventStore, LogCheckpoint, RecordedEvent } from './types.js';

export interface FollowLogOptions {
  after: LogCheckpoint | null;
  batchSize?: number;
  /** Longest wait for a wake-up before reading again (the polling fallback). */
  idleTimeoutMs?: number;
  /** Wait while appends below the snapshot horizon are still committing. */
  horizonRetryMs?: number;
  signal: AbortSignal;
}

/**
 * Follows the whole log from a checkpoint, batch by batch, for as long as the signal
 * allows: reads what is there, then sleeps until an append wakes it or the idle timeout.
 * The caller decides what a checkpoint means (the projector stores it with its writes).
 */
export async function* followLog(store: EventStore, options: FollowLogOptions): AsyncGenerator<RecordedEvent[]> {
  let after = options.after;
  const idleTimeoutMs = options.idleTimeoutMs ?? 1000;
  const horizonRetryMs = options.horizonRetryMs ?? 20;
  while (!options.signal.aborted) {
    // Arm the wake-up before reading, so an append during the read is not missed.
    const wake = new AbortController();
    const onAbort = () => wake.abort();
    options.signal.addEventListener('abort', onAbort, { once: true });
    const woken = store.waitForAppends({ timeoutMs: idleTimeoutMs, signal: wake.signal });
    try {
      const batch = await store.readAll({ after, maxCount: options.batchSize ?? 500 });
      if (batch.events.length > 0) {
        wake.abort();
        yield batch.events;
        after = batch.checkpoint;
        continue;
      }
      if (batch.mayHaveMore) {
        wake.abort();
        await sleep(horizonRetryMs, options.signal);
        continue;
      }
      await woken;
    } finally {
      wake.abort();
      await woken;
      options.signal.removeEventListener('abort', onAbort);
    }
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
