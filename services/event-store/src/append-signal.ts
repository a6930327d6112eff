import { EventEmitter } from 'node:events';

/**
 * How an adapter wakes its readers: `notify` after an append it made or heard of, and each
 * waiter's `next` resolves at the next notification, after `timeoutMs`, or on abort, whichever
 * comes first, leaving no listener or timer behind. Both adapters wake their readers with it.
 */
export class AppendSignal {
  private readonly appends = new EventEmitter();

  constructor() {
    // Every follower of the log waits here at once.
    this.appends.setMaxListeners(0);
  }

  notify(): void {
    this.appends.emit('append');
  }

  next(options: { timeoutMs: number; signal?: AbortSignal }): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.appends.off('append', done);
        options.signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, options.timeoutMs);
      this.appends.on('append', done);
      options.signal?.addEventListener('abort', done, { once: true });
    });
  }
}
