import { sleep } from '@shop/event-store';
import pg from 'pg';

/**
 * A session-level advisory lock held on a connection of its own: it is released when the
 * holder stops or its process dies (the server drops the session), never left behind.
 */
export class AdvisoryLock {
  private client: pg.Client | null = null;
  private losing = new AbortController();

  /**
   * Aborted (with a LockLostError) when the connection holding the lock ends without the holder
   * giving it back (a database restart, a network cut, a terminated session): the server has let
   * the lock go and another instance may hold it now, so the holder must stop its work.
   */
  get lost(): AbortSignal {
    return this.losing.signal;
  }

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
      const losing = new AbortController();
      const lose = () => {
        if (this.client === client) losing.abort(new LockLostError(this.key));
      };
      client.on('error', lose);
      client.on('end', lose);
      this.client = client;
      this.losing = losing;
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

/** The connection holding an advisory lock ended: the lock is no longer held. */
export class LockLostError extends Error {
  constructor(readonly key: string) {
    super(`the connection holding the lock ${key} ended; the lock is no longer held`);
  }
}
