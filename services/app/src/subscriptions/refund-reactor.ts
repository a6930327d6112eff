import type { RefundInitiated } from '@shop/domain';
import type { JobHandlers } from '../jobs/job-queue.js';
import { jobPerEvent } from '../reactors/reactor.js';
import type { OperatorRefunds } from './operator-refunds.js';

/**
 * How long after a refund was asked its job comes: the request that asked makes the refund at the
 * provider and settles it within moments; the job is for a request that did not finish (a process
 * killed in between), and asking the provider beside a request still waiting on it would send the
 * same refund twice (harmless under one idempotency key, but a second call all the same).
 */
export const REFUND_SETTLEMENT_DELAY_MS = 60_000;

/** Each refund the operator asks for is made at its provider by a job, should its request not finish it. */
export const refundReactor = jobPerEvent<RefundInitiated>('refund-settlement', 'RefundInitiated', (data) => ({
  name: 'settle-refund',
  data: { subscriptionId: data.subscriptionId, refundId: data.refundId },
  runAt: new Date(Date.parse(data.initiatedAt) + REFUND_SETTLEMENT_DELAY_MS),
}));

export function refundJobHandlers(deps: { refunds: OperatorRefunds }): Pick<JobHandlers, 'settle-refund'> {
  return {
    'settle-refund': async ({ subscriptionId, refundId }) => {
      await deps.refunds.settle(subscriptionId, refundId);
    },
  };
}
