import type { EventEmitter } from 'node:events';

/**
 * Resolves at the next 'append' the emitter announces, after `timeoutMs`, or on abort, whichever
 * comes first, leaving no listener or timer behind. Both adapters wake their readers with it.
 */
export function nextAppend(appends: EventEmitter, options: { timeoutMs: number; signal?: AbortSignal }): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      appends.off('append', done);
      options.signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, options.timeoutMs);
    appends.on('append', done);
    options.signal?.addEventListener('abort', done, { once: true });
  });
}
