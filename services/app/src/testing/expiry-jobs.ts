import type { JobHandlers, JobRequest } from '../jobs/job-queue.js';

/**
 * What the job queue specs run: `expire-subscription` jobs for made-up subscription ids, keyed by
 * that id, and handlers that only call `onRun` with it (the sweep does nothing).
 */
export const expiryJob = (id: string, runAt?: Date): JobRequest => ({
  name: 'expire-subscription',
  data: { subscriptionId: id },
  jobId: id,
  ...(runAt ? { runAt } : {}),
});

export function expiryHandlers(onRun: (subscriptionId: string) => void): JobHandlers {
  return {
    'expire-subscription': async ({ subscriptionId }: { subscriptionId: string }) => onRun(subscriptionId),
    'sweep-expired-subscriptions': async () => undefined,
  } as unknown as JobHandlers;
}
