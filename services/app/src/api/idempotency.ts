import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { Knex } from 'knex';
import { HttpProblem } from './problem.js';

const IDEMPOTENCY_KEY = /^[\w.:-]{8,128}$/;

export async function migrateIdempotencyKeys(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS idempotency_keys (
      user_id text NOT NULL,
      key text NOT NULL,
      request_hash text NOT NULL,
      response jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, key)
    )`);
}

/** The request's Idempotency-Key header, checked; undefined when the client sent none. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get('idempotency-key');
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw new HttpProblem({
      status: 400,
      code: 'idempotency.invalid_key',
      detail: 'Idempotency-Key must be 8 to 128 letters, digits or . : - _',
    });
  }
  return key;
}

/**
 * Runs `run` once per (owner, key): a retry with the same key and the same request answers the
 * first response without running again; the same key with another request is refused. The
 * owner scopes keys (a user id, or a fixed name for anonymous callers). A failed run gives
 * the key back, so the client may retry it.
 */
export async function onceForKey<T>(
  knex: Knex,
  options: { owner: string; key: string | undefined; request: unknown },
  run: () => Promise<T>,
): Promise<T> {
  const { owner, key } = options;
  if (!key) return run();
  const requestHash = createHash('sha256').update(JSON.stringify(options.request)).digest('hex');
  const claimed = await knex('idempotency_keys')
    .insert({ user_id: owner, key, request_hash: requestHash })
    .onConflict(['user_id', 'key'])
    .ignore()
    .returning('key');
  if (claimed.length === 0) {
    const previous = await knex('idempotency_keys').where({ user_id: owner, key }).first();
    if (previous.request_hash !== requestHash) {
      throw new HttpProblem({
        status: 422,
        code: 'idempotency.key_reused',
        detail: 'This Idempotency-Key was used for another request',
      });
    }
    if (!previous.response) {
      throw new HttpProblem({
        status: 409,
        code: 'idempotency.in_progress',
        detail: 'The first request with this key is still running',
      });
    }
    return previous.response as T;
  }
  try {
    const response = await run();
    await knex('idempotency_keys')
      .where({ user_id: owner, key })
      .update({ response: JSON.stringify(response) });
    return response;
  } catch (error) {
    await knex('idempotency_keys').where({ user_id: owner, key }).delete();
    throw error;
  }
}
