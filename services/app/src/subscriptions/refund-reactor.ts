import type { RefundInitiated } from '@shop/domain';
import type { JobHandlers } from '../jobs/job-queue.js';
import { jobPerEvent } from '../reactors/reactor.js';
import type { OperatorRefunds } from './operator-refunds.js';

/** Each refund the operator asks for is made at its provider by a job, should its request not finish it. */
export const refundReactor = jobPerEvent<RefundInitiated>('refund-settlement', 'RefundInitiated', (data) => ({
  name: 'settle-refund',
  data: { subscriptionId: data.subscriptionId, refundId: data.refundId },
}));

export function refundJobHandlers(deps: { refunds: OperatorRefunds }): Pick<JobHandlers, 'settle-refund'> {
  return {
    'settle-refund': async ({ subscriptionId, refundId }) => {
      await deps.refunds.settle(subscriptionId, refundId);
    },
  };
}
