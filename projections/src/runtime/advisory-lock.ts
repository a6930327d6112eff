import { sleep } from '@shop/event-store';
import pg from 'pg';

/**
 * A session-level advisory lock held on a connection of its own: it is released when the
 * holder stops or its process dies (the server drops the session), never left behind.
 */
export class AdvisoryLock {
  private client: pg.Client | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly key: string,
  ) {}

  async tryAcquire(): Promise<boolean> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('error', () => undefined);
    await client.connect();
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
      this.key,
    ]);
    if (rows[0]!.locked) {
      this.client = client;
      return true;
    }
    await client.end();
    return false;
  }

  /**
   * Waits for the lock, trying again every `retryMs`, until it is held (true) or `signal` stops
   * the wait (false, and nothing is held: a stop that lands while the lock is being taken gives it back).
   */
  async acquire(signal: AbortSignal, options: { retryMs?: number; onWait?: () => void } = {}): Promise<boolean> {
    while (!signal.aborted) {
      if (await this.tryAcquire()) {
        if (!signal.aborted) return true;
        await this.release();
        return false;
      }
      options.onWait?.();
      await sleep(options.retryMs ?? 2000, signal);
    }
    return false;
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [this.key]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
