import { z } from 'zod';

/** `GET /healthz`: the process answers. */
export const liveness = z.object({ status: z.literal('ok') }).meta({ id: 'Liveness' });
export type Liveness = z.infer<typeof liveness>;

/** One check of `GET /readyz`; `detail` is whatever the check reports (a lag, an error's message). */
export const readinessCheckResult = z.object({ name: z.string(), ok: z.boolean(), detail: z.unknown().optional() });
export type ReadinessCheckResult = z.infer<typeof readinessCheckResult>;

/** `GET /readyz`: ready (200) or not (503), with every check's result. */
export const readiness = z
  .object({ status: z.enum(['ready', 'not_ready']), checks: z.array(readinessCheckResult) })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof readiness>;
