import { createHash, randomUUID } from 'node:crypto';
import { DomainError } from '@shop/domain';
import type { Knex } from 'knex';

/**
 * How long a key stays claimed by a request that has not answered. The running request renews
 * its lease while it works; a process that died mid-request stops renewing, and after this long
 * the customer's retry takes the key over instead of hearing 409 for ever.
 */
export const IDEMPOTENCY_LEASE_MS = 60_000;

/**
 * How long a key is kept after its request: a client retries within minutes, at most within the
 * day. A retry with a key purged since runs again; an order or inquiry takes its id from the key
 * (`idForKey`), so that run finds what the first one recorded instead of creating a second.
 */
export const IDEMPOTENCY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Deletes the keys whose request was made before `now - retentionMs` and is over: answered, or
 * abandoned (its lease ran out long ago and no retry came). Keys still held are kept.
 */
export async function purgeIdempotencyKeys(knex: Knex, options: { now: Date; retentionMs?: number }): Promise<number> {
  const before = new Date(options.now.getTime() - (options.retentionMs ?? IDEMPOTENCY_RETENTION_MS));
  return knex('idempotency_keys')
    .where('created_at', '<', before)
    .andWhere((over) =>
      over.whereNotNull('response').orWhereNull('lease_expires_at').orWhere('lease_expires_at', '<', options.now),
    )
    .delete();
}

/**
 * Runs `run` once per (owner, key): a retry with the same key and the same request answers the
 * first response without running again; the same key with another request is refused. The
 * owner scopes keys (a user id, or a fixed name for anonymous callers). A failed run gives
 * the key back, so the client may retry it. A run holds the key under a lease it renews while
 * it works; once a lease has expired (its process died), the next retry takes the key over.
 */
export async function onceForKey<T>(
  knex: Knex,
  options: {
    owner: string;
    key: string | undefined;
    request: unknown;
    clock?: () => Date;
    leaseMs?: number;
  },
  run: () => Promise<T>,
): Promise<T> {
  const { owner, key } = options;
  if (!key) return run();
  const clock = options.clock ?? (() => new Date());
  const leaseMs = options.leaseMs ?? IDEMPOTENCY_LEASE_MS;
  const requestHash = createHash('sha256').update(JSON.stringify(options.request)).digest('hex');
  const leaseId = randomUUID();
  const leaseUntil = () => new Date(clock().getTime() + leaseMs);
  for (;;) {
    // One statement, so of two retries after an expiry only one takes the key: the second waits
    // for the first's row lock and then sees a lease that has not expired.
    const claimed = await knex.raw<{ rows: Array<{ lease_id: string }> }>(
      `INSERT INTO idempotency_keys AS held (user_id, key, request_hash, lease_id, lease_expires_at)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id, key) DO UPDATE
         SET lease_id = excluded.lease_id, lease_expires_at = excluded.lease_expires_at
         WHERE held.response IS NULL
           AND held.request_hash = excluded.request_hash
           AND (held.lease_expires_at IS NULL OR held.lease_expires_at <= ?)
       RETURNING held.lease_id`,
      [owner, key, requestHash, leaseId, leaseUntil(), clock()],
    );
    if (claimed.rows[0]?.lease_id === leaseId) break;
    const previous = await knex('idempotency_keys').where({ user_id: owner, key }).first();
    // Its holder failed and gave the key back meanwhile: claim it again.
    if (!previous) continue;
    if (previous.request_hash !== requestHash) {
      throw new DomainError({
        code: 'idempotency.key_reused',
        message: 'This Idempotency-Key was used for another request',
      });
    }
    if (!previous.response) {
      throw new DomainError({
        code: 'idempotency.in_progress',
        message: 'The first request with this key is still running',
      });
    }
    return previous.response as T;
  }
  const mine = () => knex('idempotency_keys').where({ user_id: owner, key, lease_id: leaseId });
  const renewal = setInterval(() => {
    mine()
      .whereNull('response')
      .update({ lease_expires_at: leaseUntil() })
      .catch(() => undefined);
  }, leaseMs / 3);
  renewal.unref();
  try {
    const response = await run();
    // A run that lost its key (it stalled past its lease) answers its own caller; the key keeps the new holder's answer.
    await mine().update({ response: JSON.stringify(response), lease_expires_at: null });
    return response;
  } catch (error) {
    await mine().whereNull('response').delete();
    throw error;
  } finally {
    clearInterval(renewal);
  }
}

/**
 * The id of what a keyed request creates (an order, an inquiry), the same on every retry: a retry
 * whose first run died after recording it finds it instead of creating a second one. UUID-shaped
 * (SHA-256 of the kind, owner and key, in the version 8 layout).
 */
export function idForKey(kind: string, owner: string, key: string): string {
  const hex = createHash('sha256').update(`${kind}\u0000${owner}\u0000${key}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
