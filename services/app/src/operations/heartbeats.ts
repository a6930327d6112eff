import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sleep } from '@shop/event-store';
import type { Knex } from 'knex';

/** The roles whose silence makes the shop unable to serve: without them the log is not followed. */
export const BEATING_ROLES = ['projector', 'worker'] as const;
export type BeatingRole = (typeof BEATING_ROLES)[number];

export interface RoleSilence {
  role: BeatingRole;
  /** Instances that beat in the last day, so an operator sees how many run. */
  instances: number;
  /** Since the newest heartbeat of any instance of the role, by the database's clock. */
  silentForMs: number;
}

/**
 * Writes this process's heartbeat for a role every `everyMs`, by the database's clock (so hosts'
 * clocks do not matter), until the signal; then removes it, so a role stopped on purpose is not
 * reported silent. A process killed leaves its row: that is how its silence is seen.
 */
export async function beatUntilStopped(
  knex: Knex,
  role: BeatingRole,
  options: { everyMs: number },
  signal: AbortSignal,
): Promise<void> {
  const instanceId = `${role}:${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  try {
    while (!signal.aborted) {
      await knex.raw(
        `INSERT INTO process_heartbeats (instance_id, role, host, pid) VALUES (?, ?, ?, ?)
         ON CONFLICT (instance_id) DO UPDATE SET beat_at = now()`,
        [instanceId, role, hostname(), process.pid],
      );
      await sleep(options.everyMs, signal);
    }
  } finally {
    await knex('process_heartbeats')
      .where({ instance_id: instanceId })
      .delete()
      .catch(() => undefined);
  }
}

/** How long each deployed role has been silent; a role that never beat (not deployed) is absent. */
export async function roleSilences(knex: Knex): Promise<RoleSilence[]> {
  const { rows } = (await knex.raw(
    `SELECT role,
            count(*) FILTER (WHERE beat_at > now() - interval '1 day')::int AS instances,
            (extract(epoch FROM now() - max(beat_at)) * 1000)::bigint AS silent_for_ms
       FROM process_heartbeats GROUP BY role ORDER BY role`,
  )) as { rows: Array<{ role: BeatingRole; instances: number; silent_for_ms: string }> };
  return rows.map((row) => ({ role: row.role, instances: row.instances, silentForMs: Number(row.silent_for_ms) }));
}
