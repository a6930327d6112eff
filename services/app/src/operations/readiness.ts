import type { EventStore, LogCheckpoint } from '@shop/event-store';
import { ALL_PROJECTIONS, projectionStatuses } from '@shop/projections';
import type { Readiness, ReadinessCheckResult } from '@shop/contracts';
import type { Knex } from 'knex';
import { jobLedgerCounts } from '../jobs/job-ledger.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { roleSilences } from './heartbeats.js';

export interface ReadinessCheck {
  name: string;
  /** Failing, the shop cannot serve (503); otherwise it serves, degraded. */
  critical: boolean;
  check: () => Promise<{ ok: boolean; reason?: string; detail?: unknown }>;
}

/** Each check gets this long; the whole answer comes within it, whatever hangs (a dead Redis, a lost database). */
export const READINESS_CHECK_TIMEOUT_MS = 1500;

export async function checkReadiness(
  checks: readonly ReadinessCheck[],
  timeoutMs = READINESS_CHECK_TIMEOUT_MS,
): Promise<Readiness> {
  const results = await Promise.all(
    checks.map(async ({ name, critical, check }): Promise<ReadinessCheckResult> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<{ ok: false; reason: string }>((resolve) => {
        timer = setTimeout(() => resolve({ ok: false, reason: `no answer within ${timeoutMs} ms` }), timeoutMs);
      });
      try {
        return { name, critical, ...(await Promise.race([check(), timeout])) };
      } catch (error) {
        return { name, critical, ok: false, reason: (error as Error).message };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const status = results.some((r) => !r.ok && r.critical)
    ? 'not_ready'
    : results.some((r) => !r.ok)
      ? 'degraded'
      : 'ready';
  return { status, checks: results };
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/**
 * What `/readyz` checks: the shop serves from the database and read models that follow the log.
 * `logAtStart` is the newest event written when the API began serving (its seeds included): a read
 * model that has not read that far is not ready, however few events it trails by, or the first
 * visitors of a new shop would find its catalogue empty. Nor is one whose tables in service are of
 * an older version than this API's code reads (an upgrade, until the rebuild is swapped in).
 */
export function readinessChecks(deps: {
  knex: Knex;
  store: EventStore;
  queue: JobQueue;
  clock: () => Date;
  maxLagEvents: number;
  maxSilenceMs: number;
  logAtStart: LogCheckpoint | null;
}): ReadinessCheck[] {
  const { knex, store, queue } = deps;
  // Once every read model has read the log as it stood at the start, they stay past it: the count
  // of what came since (which only grows) is no longer taken at each call.
  let pastStart = deps.logAtStart === null;
  return [
    {
      name: 'database',
      critical: true,
      check: async () => {
        await knex.raw('SELECT 1');
        return { ok: true };
      },
    },
    {
      name: 'projections',
      critical: true,
      check: async () => {
        const statuses = await projectionStatuses(knex, store, ALL_PROJECTIONS);
        // A read model trailing by more events than came after the start has not read that far.
        const sinceStart = pastStart ? Infinity : await store.countAfter(deps.logAtStart);
        pastStart ||= statuses.every(
          ({ activeGeneration, lagEvents }) => activeGeneration !== null && lagEvents <= sinceStart,
        );
        const problems = statuses.flatMap(
          ({ name, activeGeneration, builtVersion, codeVersion, lagEvents, parked }) => {
            if (activeGeneration === null) return [`${name} is not built yet`];
            // After an upgrade, the previous version's tables serve until the projector has rebuilt
            // the new version from the log and swapped it in; this API reads what only the new holds.
            if (builtVersion !== null && builtVersion < codeVersion) {
              return [
                `${name} in service is version ${builtVersion}; this API reads version ${codeVersion} (the projector of version ${codeVersion} rebuilds it: shopctl projections status)`,
              ];
            }
            if (parked.length > 0) return [`${name} has ${parked.length} parked events (shopctl projections parked)`];
            if (lagEvents > sinceStart) {
              return [
                `${name} has not yet read the log as it stood when this API started (${lagEvents - sinceStart} events short)`,
              ];
            }
            if (lagEvents > deps.maxLagEvents) return [`${name} is ${lagEvents} events behind the log`];
            return [];
          },
        );
        return {
          ok: problems.length === 0,
          ...(problems.length > 0 ? { reason: problems.join('; ') } : {}),
          detail: statuses.map(({ name, lagEvents, activeGeneration, parked }) => ({
            name,
            lagEvents,
            activeGeneration,
            parkedEvents: parked.length,
          })),
        };
      },
    },
    {
      // A role that never ran here (not deployed) is not listed; one stopped on purpose removed its heartbeat.
      name: 'roles',
      critical: true,
      check: async () => {
        const silences = await roleSilences(knex);
        const silent = silences.filter((s) => s.silentForMs > deps.maxSilenceMs);
        return {
          ok: silent.length === 0,
          ...(silent.length > 0
            ? { reason: silent.map((s) => `the ${s.role} has been silent for ${seconds(s.silentForMs)}`).join('; ') }
            : {}),
          detail: silences,
        };
      },
    },
    {
      // Jobs wait in PostgreSQL while Redis is away, and are handed over when it answers.
      name: 'queue',
      critical: false,
      check: async () => {
        const reachable = await queue.reachable(READINESS_CHECK_TIMEOUT_MS - 300);
        return {
          ok: reachable,
          ...(reachable ? {} : { reason: 'Redis does not answer: jobs are kept in PostgreSQL until it does' }),
          detail: { kind: queue.kind },
        };
      },
    },
    {
      name: 'jobs',
      critical: false,
      check: async () => {
        const counts = await jobLedgerCounts(knex, deps.clock());
        return {
          ok: counts.failed === 0,
          ...(counts.failed > 0
            ? { reason: `${counts.failed} failed jobs (shopctl jobs failed, then shopctl jobs retry)` }
            : {}),
          detail: counts,
        };
      },
    },
  ];
}
