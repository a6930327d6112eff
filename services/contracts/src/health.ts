import { z } from 'zod';

/** `GET /healthz`: the process answers. */
export const liveness = z.object({ status: z.literal('ok') }).meta({ id: 'Liveness' });
export type Liveness = z.infer<typeof liveness>;

/**
 * One check of `GET /readyz`. A critical check that fails makes the shop not ready (503); any
 * other that fails leaves it serving, degraded. `reason` says why in a sentence when `ok` is
 * false; `detail` is what the check measured (lags, counts, silences).
 */
export const readinessCheckResult = z.object({
  name: z.string(),
  ok: z.boolean(),
  critical: z.boolean(),
  reason: z.string().optional(),
  detail: z.unknown().optional(),
});
export type ReadinessCheckResult = z.infer<typeof readinessCheckResult>;

/**
 * `GET /readyz`: ready (200), degraded (200: serving, but something it relies on for later work
 * is away, such as Redis, or jobs have failed) or not ready (503), with every check's result.
 */
export const readiness = z
  .object({ status: z.enum(['ready', 'degraded', 'not_ready']), checks: z.array(readinessCheckResult) })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof readiness>;
